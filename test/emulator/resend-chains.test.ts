/**
 * The table of Resend event chains, run: each row's operation through the real resend SDK against
 * the listening emulator (`clientOptions('resend')`), on a reset emulator whose deliveries a receiving
 * handler verifies with `resend.webhooks.verify` and with svix. The events it verified after the row's
 * mark are exactly the row's, in order; every body passes the catalog's check for its type; each
 * object's last event equals what the SDK reads of it right after. README.md's table between the
 * `resend-chains` markers is `chainsTable(CHAINS)`.
 */
import { Resend, type WebhookEventPayload } from 'resend';
import { Webhook } from 'svix';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { events as shapes } from '../../src/providers/resend/generated/shapes.js';
import { resendShapeProblems } from '../support/resend-shape.js';
import { CHAINS, type ChainRow } from './resend-chains.js';
import { chainTypes, chainsTable, listedTypes, readmeChains } from './stripe-chains.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const verifier = new Resend('re_receiver');
const svix = new Webhook(SECRET);
const received: { event: WebhookEventPayload; id: string }[] = [];
const refused: string[] = [];

/** The receiving service: verifies each delivery with the resend SDK and with svix, and keeps the event. */
async function receive(request: Request): Promise<Response> {
  const payload = await request.text();
  const headers = { id: request.headers.get('svix-id') ?? '', timestamp: request.headers.get('svix-timestamp') ?? '', signature: request.headers.get('svix-signature') ?? '' };
  try {
    const event = verifier.webhooks.verify({ payload, headers, webhookSecret: SECRET });
    svix.verify(payload, { 'svix-id': headers.id, 'svix-timestamp': headers.timestamp, 'svix-signature': headers.signature });
    received.push({ event, id: headers.id });
    return new Response(null, { status: 200 });
  } catch (error) {
    refused.push((error as Error).message);
    return new Response(null, { status: 400 });
  }
}

const NOW = Date.UTC(2026, 0, 1);
const emulator = createEmulator({ providers: ['resend'], webhooks: { resend: { target: receive, secret: SECRET } }, seed: 29, now: () => NOW });
let resend: Resend;
/** Every type a row's receiving handler verified. */
const reached = new Set<string>();

beforeAll(async () => {
  await emulator.listen(0);
  resend = new Resend('re_chains', emulator.clientOptions('resend'));
});
afterAll(() => emulator.close());

/** Runs `row` on an emptied emulator and answers the events the handler verified after its mark. */
async function runRow(row: ChainRow): Promise<WebhookEventPayload[]> {
  emulator.reset();
  received.length = 0;
  refused.length = 0;
  let from = 0;
  await row.run({
    resend,
    emulator,
    mark: async () => {
      await emulator.settled();
      from = received.length;
    },
  });
  await emulator.settled();
  expect(refused).toEqual([]);
  return received.slice(from).map((r) => r.event);
}

type Data = Record<string, unknown>;

/** `read`'s values of `expected`'s keys, for an equality check that names what differs. */
function picked(read: unknown, expected: Data): Data {
  const object = (read ?? {}) as Data;
  return Object.fromEntries(Object.keys(expected).map((key) => [key, object[key]]));
}

/** What the SDK reads now of the object `event` reports, beside what the event said (both `undefined` when it is gone, as it should be). */
async function readBack(event: WebhookEventPayload): Promise<{ read: unknown; expected: unknown }> {
  const data = event.data as unknown as Data;
  const [kind, ...rest] = event.type.split('.');
  const gone = rest.at(-1) === 'deleted' || event.type === 'suppression.removed';
  const answer = async (call: Promise<{ data: unknown; error: unknown }>) => {
    const { data: read, error } = await call;
    return gone ? { read: (error as { name?: string } | null)?.name, expected: 'not_found' } : { read, expected: undefined };
  };
  switch (kind) {
    case 'email': {
      const { data: read } = await resend.emails.get(String(data.email_id));
      const { email_id, tags, bounce: _b, click: _c, suppressed: _s, ...fields } = data;
      // The API lists tags ([{ name, value }]); a webhook maps them ({ name: value }).
      const listed = Object.entries((tags ?? {}) as Record<string, string>).map(([name, value]) => ({ name, value }));
      const email = (read ?? {}) as Data;
      return { read: { ...picked(read, fields), id: email.id, last_event: email.last_event, tags: email.tags }, expected: { ...fields, id: email_id, last_event: rest.join('.'), tags: listed } };
    }
    case 'contact': {
      if (event.type === 'contact.topics.updated') {
        const { data: read } = await resend.contacts.topics.list({ email: String(data.email) });
        return { read: read?.data.map(({ id, subscription }) => ({ id, subscription })), expected: data.topics };
      }
      const got = await answer(resend.contacts.get({ id: String(data.id) }));
      return gone ? got : { read: picked(got.read, data), expected: data };
    }
    case 'domain': {
      const got = await answer(resend.domains.get(String(data.id)));
      return gone ? got : { read: picked(got.read, data), expected: data };
    }
    case 'topic': {
      const got = await answer(resend.topics.get(String(data.id)));
      const { deleted: _deleted, ...fields } = data;
      return gone ? got : { read: picked(got.read, fields), expected: fields };
    }
    case 'suppression': {
      const got = await answer(resend.suppressions.get(String(data.id)));
      return gone ? got : { read: got.read, expected: { object: 'suppression', ...data } };
    }
    default:
      throw new Error(`no read-back for ${event.type}`);
  }
}

describe('the Resend event chains, through the resend SDK, as the receiving service verifies them', () => {
  it.each(CHAINS.map((row) => [row.operation, row] as const))('%s', async (_operation, row) => {
    const events = await runRow(row);
    expect(events.map((e) => e.type)).toEqual(row.events);
    const last = new Map<string, WebhookEventPayload>();
    for (const event of events) {
      expect(Object.keys(event)).toEqual(['created_at', 'data', 'type']);
      expect(resendShapeProblems(shapes[event.type]!, event.data, '', new Set()), event.type).toEqual([]);
      const data = event.data as unknown as Data;
      last.set(String(data.email_id ?? data.id ?? data.email), event);
      reached.add(event.type);
    }
    for (const event of last.values()) {
      const { read, expected } = await readBack(event);
      expect(read, `${event.type}: the object a read returns right after`).toEqual(expected);
    }
  });

  it("reaches at least 10 distinct event types, the ones README's table lists", () => {
    const types = listedTypes(readmeChains('resend'));
    expect([...reached].sort()).toEqual(types);
    expect(chainTypes(CHAINS)).toEqual(types);
    expect(reached.size).toBeGreaterThanOrEqual(10);
  });
});

describe('README.md', () => {
  it('holds chainsTable(CHAINS) between <!-- resend-chains:start --> and <!-- resend-chains:end -->', () => {
    const expected = chainsTable(CHAINS);
    expect(readmeChains('resend'), `README.md's Resend chains differ; paste this between the markers:\n\n${expected}\n`).toBe(expected);
  });
});
