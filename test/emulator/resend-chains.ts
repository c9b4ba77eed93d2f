/**
 * The Resend event chains the emulator sends, one row per operation: what the operation is (as the
 * resend SDK calls it, or the emulator's helper), the events the receiving service gets, in order,
 * and where Resend documents that behaviour. `resend-chains.test.ts` runs every row against a reset
 * emulator, and README.md's table between the `resend-chains` markers is stripe-chains.ts's `chainsTable(CHAINS)`.
 */
import type { Resend } from 'resend';
import type { Emulator } from '../../src/emulator/index.js';
import { after, type ChainRowOf } from './stripe-chains.js';

/** What a row's `run` is handed. */
export interface ChainContext {
  /** The resend SDK, talking to the emulator. */
  readonly resend: Resend;
  readonly emulator: Emulator;
  /** Delivers what the setup caused and starts the row's own events after it. */
  mark(): Promise<void>;
}

/** One operation and the events it makes Resend send. */
export type ChainRow = ChainRowOf<ChainContext>;

const HOUR = 3_600_000;
const FROM = 'Acme <hello@acme.test>';
const DOCS = 'resend.com/docs';
const TEST_ADDRESSES = `${DOCS}/dashboard/emails/send-test-emails`;
const EVENT_TYPES = `${DOCS}/webhooks/event-types`;
/** Resend documents what each event means, not the order of a chain. */
const ORDER = "order: relaykit's choice";

/** The `data` of an SDK answer, or a thrown error naming the call and Resend's error. */
async function ok<T>(call: Promise<{ data: T | null; error: unknown }>, what: string): Promise<T> {
  const { data, error } = await call;
  if (error || data === null) throw new Error(`${what} answered ${JSON.stringify(error)}`);
  return data;
}

/** Sends one email to `to` (optionally scheduled) and answers its id. */
async function send({ resend }: ChainContext, to: string | string[], scheduledAt?: string): Promise<string> {
  const email = { from: FROM, to, subject: 'Welcome', html: '<p>Hi <a href="https://acme.test/start">start</a></p>', tags: [{ name: 'category', value: 'welcome' }] };
  const sent = await ok(resend.emails.send({ ...email, ...(scheduledAt ? { scheduledAt } : {}) }), `emails.send to ${String(to)}`);
  return sent.id;
}


/** Throws unless the email is still scheduled. */
async function stillScheduled({ resend }: ChainContext, id: string): Promise<void> {
  const email = await ok(resend.emails.get(id), 'emails.get');
  if (email.last_event !== 'scheduled') throw new Error(`email ${id} is ${email.last_event}, expected still scheduled`);
}

async function domain({ resend }: ChainContext): Promise<string> {
  return (await ok(resend.domains.create({ name: 'updates.acme.test' }), 'domains.create')).id;
}

async function contact({ resend }: ChainContext): Promise<string> {
  return (await ok(resend.contacts.create({ email: 'ada@acme.test', firstName: 'Ada' }), 'contacts.create')).id;
}

export const CHAINS: readonly ChainRow[] = [
  { operation: "emails.send({ to: 'delivered@resend.dev' })", source: `${TEST_ADDRESSES}; ${ORDER}`, run: (ctx) => send(ctx, 'delivered@resend.dev'), events: ['email.sent', 'email.delivered'] },
  { operation: "emails.send({ to: 'delivered+user1@resend.dev' })", source: `${TEST_ADDRESSES} (labels after +)`, run: (ctx) => send(ctx, 'delivered+user1@resend.dev'), events: ['email.sent', 'email.delivered'] },
  { operation: "emails.send({ to: 'bounced@resend.dev' })", source: TEST_ADDRESSES, run: (ctx) => send(ctx, 'bounced@resend.dev'), events: ['email.sent', 'email.bounced'] },
  { operation: "emails.send({ to: 'complained+x@resend.dev' })", source: `${TEST_ADDRESSES}; ${EVENT_TYPES} (complained: delivered, then marked as spam)`, run: (ctx) => send(ctx, 'complained+x@resend.dev'), events: ['email.sent', 'email.delivered', 'email.complained'] },
  {
    operation: "batch.send([delivered@resend.dev, bounced@resend.dev])",
    source: `${DOCS}/api-reference/emails/send-batch-emails`,
    run: async ({ resend }) => {
      await ok(resend.batch.send([{ from: FROM, to: 'delivered@resend.dev', subject: 'One', text: 'One' }, { from: FROM, to: 'bounced@resend.dev', subject: 'Two', text: 'Two' }]), 'batch.send');
    },
    events: ['email.sent', 'email.delivered', 'email.sent', 'email.bounced'],
  },
  {
    operation: 'emails.send to an address on the suppression list',
    source: `${DOCS}/dashboard/emails/email-suppressions`,
    run: after(
      ({ resend }) => ok(resend.suppressions.add({ email: 'gone@acme.test' }), 'suppressions.add'),
      (ctx) => send(ctx, 'gone@acme.test'),
    ),
    events: ['email.sent', 'email.suppressed'],
  },
  { operation: "emails.send({ scheduledAt: 'in 1 hour' })", source: `${DOCS}/dashboard/emails/schedule-email`, run: (ctx) => send(ctx, 'delivered@resend.dev', 'in 1 hour'), events: ['email.scheduled'] },
  {
    operation: 'emulator.resend.advanceTime(1 hour) past a scheduled email',
    source: `${DOCS}/dashboard/emails/schedule-email`,
    run: after(
      (ctx) => send(ctx, 'delivered@resend.dev', 'in 1 hour'),
      ({ emulator }) => emulator.resend.advanceTime(HOUR),
    ),
    events: ['email.sent', 'email.delivered'],
  },
  {
    operation: 'emails.cancel(id), then advanceTime past its time',
    source: `${DOCS}/api-reference/emails/cancel-email (no event for a cancel)`,
    run: after(
      (ctx) => send(ctx, 'delivered@resend.dev', 'in 1 hour'),
      async (ctx, id) => {
        await ok(ctx.resend.emails.cancel(id), 'emails.cancel');
        ctx.emulator.resend.advanceTime(2 * HOUR);
      },
    ),
    events: [],
  },
  {
    operation: "emails.update({ scheduledAt: 'in 2 hours' }), then advanceTime",
    source: `${DOCS}/api-reference/emails/update-email (no event for a reschedule)`,
    run: after(
      (ctx) => send(ctx, 'delivered@resend.dev', 'in 1 hour'),
      async (ctx, id) => {
        await ok(ctx.resend.emails.update({ id, scheduledAt: 'in 2 hours' }), 'emails.update');
        ctx.emulator.resend.advanceTime(1.5 * HOUR);
        await stillScheduled(ctx, id);
        ctx.emulator.resend.advanceTime(HOUR);
      },
    ),
    events: ['email.sent', 'email.delivered'],
  },
  { operation: 'emulator.resend.open(id)', source: `${DOCS}/webhooks/emails/opened`, run: after((ctx) => send(ctx, 'delivered@resend.dev'), ({ emulator }, id) => emulator.resend.open(id)), events: ['email.opened'] },
  {
    operation: 'emulator.resend.click(id, link)',
    source: `${DOCS}/webhooks/emails/clicked`,
    run: after((ctx) => send(ctx, 'delivered@resend.dev'), ({ emulator }, id) => emulator.resend.click(id, 'https://acme.test/start')),
    events: ['email.clicked'],
  },
  { operation: 'domains.create', source: `${DOCS}/api-reference/domains/create-domain`, run: (ctx) => domain(ctx), events: ['domain.created'] },
  {
    operation: 'domains.verify',
    source: `${DOCS}/api-reference/domains/verify-domain (pending, then verified: domain.updated at each status)`,
    run: after(domain, ({ resend }, id) => ok(resend.domains.verify(id), 'domains.verify')),
    events: ['domain.updated', 'domain.updated'],
  },
  { operation: 'domains.update', source: `${DOCS}/api-reference/domains/update-domain`, run: after(domain, ({ resend }, id) => ok(resend.domains.update({ id, openTracking: true }), 'domains.update')), events: ['domain.updated'] },
  { operation: 'domains.remove', source: `${DOCS}/api-reference/domains/delete-domain`, run: after(domain, ({ resend }, id) => ok(resend.domains.remove(id), 'domains.remove')), events: ['domain.deleted'] },
  { operation: 'contacts.create', source: `${DOCS}/api-reference/contacts/create-contact`, run: (ctx) => contact(ctx), events: ['contact.created'] },
  { operation: 'contacts.update', source: `${DOCS}/api-reference/contacts/update-contact`, run: after(contact, ({ resend }, id) => ok(resend.contacts.update({ id, unsubscribed: true }), 'contacts.update')), events: ['contact.updated'] },
  { operation: 'contacts.remove', source: `${DOCS}/api-reference/contacts/delete-contact`, run: after(contact, ({ resend }, id) => ok(resend.contacts.remove(id), 'contacts.remove')), events: ['contact.deleted'] },
  {
    operation: 'contacts.topics.update',
    source: `${DOCS}/api-reference/contacts/update-contact-topics`,
    run: after(
      async (ctx) => ({ contact: await contact(ctx), topic: (await ok(ctx.resend.topics.create({ name: 'Product news', defaultSubscription: 'opt_in' }), 'topics.create')).id }),
      ({ resend }, made) => ok(resend.contacts.topics.update({ id: made.contact, topics: [{ id: made.topic, subscription: 'opt_out' }] }), 'contacts.topics.update'),
    ),
    events: ['contact.topics.updated'],
  },
  {
    operation: 'topics.create, topics.update, topics.remove',
    source: `${DOCS}/api-reference/topics/create-topic`,
    run: async ({ resend }) => {
      const { id } = await ok(resend.topics.create({ name: 'Product news', defaultSubscription: 'opt_in' }), 'topics.create');
      await ok(resend.topics.update({ id, description: 'Monthly' }), 'topics.update');
      await ok(resend.topics.remove(id), 'topics.remove');
    },
    events: ['topic.created', 'topic.updated', 'topic.deleted'],
  },
  {
    operation: 'suppressions.add, suppressions.remove',
    source: `${DOCS}/api-reference/suppressions/add-suppression`,
    run: async ({ resend }) => {
      await ok(resend.suppressions.add({ email: 'gone@acme.test' }), 'suppressions.add');
      await ok(resend.suppressions.remove('gone@acme.test'), 'suppressions.remove');
    },
    events: ['suppression.added', 'suppression.removed'],
  },
];
