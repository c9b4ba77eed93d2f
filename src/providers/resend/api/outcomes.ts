/**
 * What becomes of a sent Resend email, and the `email.*` events that report it: `email.sent`, then what
 * Resend's test addresses simulate (`delivered@`, `bounced@`, `complained@resend.dev`, each also with a
 * `+label`), `email.suppressed` for an address on the suppression list, and what a recipient does
 * (`email.opened`, `email.clicked`). A scheduled email goes out when Resend's clock reaches it.
 */
import { RelayError } from '../../../core/index.js';
import type { Obj, World } from '../../shared/api/index.js';
import { isoMillis } from '../../shared/time.js';
import { emit, resendNow } from './clock.js';

/** What a send ends in. */
type Outcome = 'delivered' | 'bounced' | 'complained' | 'suppressed';

/** `Name <a@b.c>` → `a@b.c`, lowercased. */
export function bareAddress(value: string): string {
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase();
}

/** The test address an address is (`bounced+x@resend.dev` → `bounced`), or `undefined`. */
function testAddress(address: string): string | undefined {
  const [local = '', domain] = address.split('@');
  return domain === 'resend.dev' ? local.split('+')[0] : undefined;
}

const BOUNCE = {
  message:
    "The recipient's email provider sent a hard bounce message, but didn't specify the reason for the hard bounce. We recommend removing the recipient's email address from your mailing list. Sending messages to addresses that produce hard bounces can have a negative impact on your reputation as a sender.",
  subType: 'General',
  type: 'Permanent',
};

const SUPPRESSED = {
  message: "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces or complaints.",
  type: 'OnAccountSuppressionList',
};

/** The recipients of an email: `to`, `cc` and `bcc`, as bare lowercase addresses. */
function recipients(email: Obj): string[] {
  return ['to', 'cc', 'bcc'].flatMap((field) => (Array.isArray(email[field]) ? (email[field] as unknown[]).map((a) => bareAddress(String(a))) : []));
}

/**
 * What a send to these recipients ends in: suppressed when one is on the suppression list (or is
 * `suppressed@resend.dev`), else bounced, complained or delivered as the test addresses among them say.
 */
function outcomeOf(world: World, email: Obj): Outcome {
  const addresses = recipients(email);
  const suppressed = new Set(world.list('resend', 'suppression').map((s) => String(s.email).toLowerCase()));
  const tests = new Set(addresses.map(testAddress));
  if (tests.has('suppressed') || addresses.some((a) => suppressed.has(a))) return 'suppressed';
  if (tests.has('bounced')) return 'bounced';
  if (tests.has('complained')) return 'complained';
  return 'delivered';
}

/** The events of each outcome, after `email.sent`, in the order Resend reports them. */
const CHAINS: Readonly<Record<Outcome, readonly string[]>> = {
  delivered: ['email.delivered'],
  bounced: ['email.bounced'],
  complained: ['email.delivered', 'email.complained'],
  suppressed: ['email.suppressed'],
};

/** Webhook tags are a map (`{ category: 'welcome' }`); the API lists them (`[{ name, value }]`). */
function tagMap(tags: unknown): Record<string, string> | undefined {
  if (!Array.isArray(tags) || tags.length === 0) return undefined;
  return Object.fromEntries((tags as Obj[]).map((t) => [String(t.name), String(t.value)]));
}

/** `data` of an `email.*` event about `email` (`BaseEmailEventData`), with the event's own object. */
function eventData(email: Obj, extra: Obj = {}): Obj {
  const tags = tagMap(email.tags);
  return {
    created_at: email.created_at,
    email_id: email.id,
    from: email.from,
    message_id: email.message_id,
    subject: email.subject,
    to: email.to,
    ...(tags ? { tags } : {}),
    ...extra,
  };
}

/** Appends `type` about `email` at `at`, and records it as the email's `last_event`. */
function report(world: World, email: Obj, type: string, at: number, extra: Obj = {}): Obj {
  const stored = world.put('resend', 'email', { ...email, last_event: type.slice('email.'.length) });
  emit(world, type, eventData(stored, extra), at);
  return stored;
}

const EXTRAS: Readonly<Record<string, Obj>> = { 'email.bounced': { bounce: BOUNCE }, 'email.suppressed': { suppressed: SUPPRESSED } };

/** Sends `email` at `at`: `email.sent`, then what its recipients make of it. */
function dispatch(world: World, email: Obj, at: number): void {
  let current = report(world, email, 'email.sent', at);
  for (const type of CHAINS[outcomeOf(world, current)]) current = report(world, current, type, at, EXTRAS[type]);
}

/**
 * Stores a new email and appends what Resend reports of it: `email.scheduled` for a later send, else
 * `email.sent` and what follows.
 */
export function sendEmail(world: World, email: Obj): void {
  if (email.scheduled_at !== null) report(world, email, 'email.scheduled', resendNow(world));
  else dispatch(world, email, resendNow(world));
}

/**
 * Sends every scheduled email whose time Resend's clock has reached, earliest first, each at its
 * scheduled time.
 * @example
 * advanceClock(world, HOUR);
 * releaseDue(world); // email.sent, email.delivered for the email scheduled in an hour
 */
export function releaseDue(world: World): void {
  const now = resendNow(world);
  const due = world
    .list('resend', 'email')
    .filter((e) => e.last_event === 'scheduled' && Date.parse(String(e.scheduled_at)) <= now)
    .sort((a, b) => Date.parse(String(a.scheduled_at)) - Date.parse(String(b.scheduled_at)));
  for (const email of due) dispatch(world, email, Date.parse(String(email.scheduled_at)));
}

/** What a recipient can do to an email that reached them. */
const DELIVERED = new Set(['delivered', 'opened', 'clicked', 'complained']);

function deliveredEmail(world: World, emailId: unknown, action: string): Obj {
  if (typeof emailId !== 'string' || emailId === '') throw new RelayError('INVALID_OPTION', `emulator.resend.${action} takes the id of a sent email (emails.send answers it), got ${JSON.stringify(emailId)}.`);
  releaseDue(world);
  const email = world.get('resend', 'email', emailId);
  if (!email) throw new RelayError('NOT_FOUND', `emulator.resend.${action}: no email ${emailId} was sent through this emulator.`);
  if (!DELIVERED.has(String(email.last_event))) {
    throw new RelayError('INVALID_OPTION', `emulator.resend.${action}: email ${emailId} is ${String(email.last_event)}, so no recipient has it; only a delivered email can be opened or clicked (send to delivered@resend.dev).`);
  }
  return email;
}

/**
 * The recipient opens a delivered email: `email.opened`.
 * @example
 * openEmail(world, id);
 */
export function openEmail(world: World, emailId: string): { id: string; last_event: string } {
  const email = report(world, deliveredEmail(world, emailId, 'open'), 'email.opened', resendNow(world));
  return { id: emailId, last_event: String(email.last_event) };
}

/** Where and how a click was made. */
export interface ClickOptions {
  /** The address the click came from. Default: `192.0.2.10` (a documentation address). */
  readonly ipAddress?: string;
  /** The browser's user agent. Default: a desktop Chrome. */
  readonly userAgent?: string;
}

const USER_AGENT = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/136.0.0.0 Safari/537.36';

/**
 * The recipient clicks `link` in a delivered email: `email.clicked`.
 * @example
 * clickEmail(world, id, 'https://acme.test/verify');
 */
export function clickEmail(world: World, emailId: string, link: string, options: ClickOptions = {}): { id: string; last_event: string } {
  const email = deliveredEmail(world, emailId, 'click');
  let valid = false;
  try {
    valid = typeof link === 'string' && /^https?:$/.test(new URL(link).protocol);
  } catch {
    // Answered below.
  }
  if (!valid) throw new RelayError('INVALID_OPTION', `emulator.resend.click takes the http(s) link the recipient clicked, got ${JSON.stringify(link)}.`);
  const at = resendNow(world);
  const click = { ipAddress: options.ipAddress ?? '192.0.2.10', link, timestamp: isoMillis(at), userAgent: options.userAgent ?? USER_AGENT };
  const stored = report(world, email, 'email.clicked', at, { click });
  return { id: emailId, last_event: String(stored.last_event) };
}
