/**
 * Resend webhook `data` for `email.*`, `contact.*` and `domain.*` events, shaped as the resend
 * package's `BaseEmailEventData`, `ReceivedEmailEventData`, `ContactEventData`,
 * `ContactTopicsEventData` and `DomainEventData`. Resource ids are UUIDs; resource times carry
 * microseconds and `+00:00`. Internal to the Resend builder.
 */
import type { JsonObject } from '../../core/index.js';
import { base62, uuidV4 } from '../shared/ids.js';
import { between, pick, publicIpv4 } from '../shared/random.js';
import type { Faker } from '../shared/random.js';
import { DAY, HOUR, MINUTE, SECOND, isoMicros, isoMillis } from '../shared/time.js';

/** What one event's builders share. */
export interface Scene {
  readonly faker: Faker;
  /** When Resend emitted the event: the envelope's `created_at`, a little before the delivery. */
  readonly at: number;
}

/** A resource time as Resend writes it: `2024-11-22T23:41:11.894719+00:00`. */
export function resourceTime(faker: Faker, ms: number): string {
  return isoMicros(ms, faker.number.int(999));
}

/** The sender: a brand and the domain it sends from. */
export interface Sender {
  readonly brand: string;
  readonly domain: string;
}

const BRAND_SUFFIXES = ['', '', ' Labs', ' HQ', ' App', ' Cloud'];
// A brand's domain under a reserved one (`acmelabs.example.com`): its addresses and links can reach no one.
const TLDS = ['example.com', 'example.com', 'example.com', 'example.org', 'example.net', 'example.com', 'example.org'];

/** A brand and its sending domain (`Acme Labs`, `acmelabs.example.com`). */
export function sender(faker: Faker): Sender {
  const name = pick(faker, faker.definitions.person.last_name.generic ?? ['Acme']);
  const suffix = pick(faker, BRAND_SUFFIXES);
  const brand = `${name}${suffix}`;
  return { brand, domain: `${brand.toLowerCase().replace(/[^a-z0-9]/g, '')}.${pick(faker, TLDS)}` };
}

// Reserved mail domains (RFC 2606): a fake address can never reach a real mailbox. Eight, as the consumer
// providers they replace were, so that the draws after them are unchanged.
const MAIL_DOMAINS = ['example.com', 'example.com', 'example.com', 'example.org', 'example.net', 'example.com', 'example.org', 'example.net'];

/** A person: first and last name and a mailbox at a reserved domain. */
export interface Recipient {
  readonly first: string;
  readonly last: string;
  readonly email: string;
}

/** A person with a `first.last@example.com`-style address. */
export function recipient(faker: Faker): Recipient {
  const first = pick(faker, faker.definitions.person.first_name.generic ?? ['Alex']);
  const last = pick(faker, faker.definitions.person.last_name.generic ?? ['Smith']);
  const local = `${first}.${last}`.toLowerCase().replace(/[^a-z0-9.]/g, '');
  return { first, last, email: `${local}@${pick(faker, MAIL_DOMAINS)}` };
}

const TEMPLATES = [
  { subject: (s: Sender) => `Welcome to ${s.brand}`, category: 'welcome', from: 'onboarding' },
  { subject: () => 'Confirm your email address', category: 'confirm_email', from: 'no-reply' },
  { subject: (s: Sender) => `Reset your ${s.brand} password`, category: 'password_reset', from: 'security' },
  { subject: (s: Sender, n: number) => `Your ${s.brand} receipt #${n}`, category: 'receipt', from: 'billing' },
  { subject: (s: Sender) => `What's new at ${s.brand} this week`, category: 'newsletter', from: 'hello' },
] as const;

/**
 * The SES message id Resend reports: `<0100` + the send time in ms as 12 hex digits + a UUID +
 * `-000000@email.amazonses.com>`.
 */
export function sesMessageId(faker: Faker, sentAt: number): string {
  return `<0100${sentAt.toString(16).padStart(12, '0')}-${uuidV4(faker)}-000000@email.amazonses.com>`;
}

/** The `Message-ID` Gmail gives a message a person writes: `<CA` + 44 base62 characters + `@mail.gmail.com>`. */
export function gmailMessageId(faker: Faker): string {
  return `<CA${base62(faker, 27)}${base62(faker, 17)}@mail.gmail.com>`;
}

/** How long before the event the email was created, by event. */
const EMAIL_AGE: Record<string, readonly [number, number]> = {
  'email.sent': [150, 900],
  'email.scheduled': [20, 400],
  'email.delivered': [1 * SECOND, 6 * SECOND],
  'email.delivery_delayed': [15 * MINUTE, 4 * HOUR],
  'email.complained': [2 * HOUR, 3 * DAY],
  'email.bounced': [1 * SECOND, 8 * SECOND],
  'email.opened': [2 * MINUTE, 2 * DAY],
  'email.clicked': [3 * MINUTE, 2 * DAY],
  'email.failed': [100, 600],
  'email.suppressed': [50, 400],
};

const BOUNCES = [
  {
    type: 'Permanent',
    subType: 'General',
    message:
      "The recipient's email provider sent a hard bounce message, but didn't specify the reason for the hard bounce. We recommend removing the recipient's email address from your mailing list. Sending messages to addresses that produce hard bounces can have a negative impact on your reputation as a sender.",
  },
  {
    type: 'Permanent',
    subType: 'Suppressed',
    message: "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces.",
  },
  {
    type: 'Permanent',
    subType: 'NoEmail',
    message:
      "The recipient's email provider sent a bounce message because the recipient's email address doesn't exist. We recommend removing the recipient's email address from your mailing list.",
  },
  {
    type: 'Transient',
    subType: 'MailboxFull',
    message: "The recipient's email provider sent a bounce message because the recipient's inbox was full.",
  },
] as const;

const CLICK_PATHS = ['/', '/pricing', '/login', '/settings/billing', '/blog', '/verify', '/docs/getting-started'];

/** A desktop or phone browser, as recorded on a link click. */
function clickUserAgent(faker: Faker): string {
  const major = between(faker, 128, 138);
  return pick(faker, [
    `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`,
    `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.${between(faker, 0, 5)} Safari/605.1.15`,
    `Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148`,
    `Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`,
  ]);
}

/** `data` of the ten sent-email events: `BaseEmailEventData` plus the event's own object. */
export function emailEvent(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const [minAge, maxAge] = EMAIL_AGE[eventType] ?? [200, 900];
  const createdAt = at - between(faker, minAge, maxAge);
  const from = sender(faker);
  const to = recipient(faker);
  const template = pick(faker, TEMPLATES);
  const broadcast = template.category === 'newsletter';
  const data: JsonObject = {
    ...(broadcast ? { broadcast_id: uuidV4(faker) } : {}),
    created_at: resourceTime(faker, createdAt),
    email_id: uuidV4(faker),
    from: `${from.brand} <${template.from}@${from.domain}>`,
    message_id: sesMessageId(faker, createdAt + between(faker, 40, 400)),
    subject: template.subject(from, between(faker, 1000, 9999)),
    ...(broadcast || faker.number.int(2) === 0 ? {} : { template_id: uuidV4(faker) }),
    tags: { category: template.category },
    to: [to.email],
  };
  switch (eventType) {
    case 'email.bounced': {
      const bounce = pick(faker, BOUNCES);
      data.bounce = { message: bounce.message, subType: bounce.subType, type: bounce.type };
      break;
    }
    case 'email.clicked':
      data.click = {
        ipAddress: publicIpv4(faker),
        link: `https://${from.domain}${pick(faker, CLICK_PATHS)}`,
        timestamp: isoMillis(at - between(faker, 30, 900)),
        userAgent: clickUserAgent(faker),
      };
      break;
    case 'email.failed':
      data.failed = { reason: 'reached_daily_quota' };
      break;
    case 'email.suppressed':
      data.suppressed = {
        message: "The recipient's email address is on the suppression list because it has a recent history of producing hard bounces or complaints.",
        type: 'OnAccountSuppressionList',
      };
      break;
  }
  return data;
}

/** Attachments people send: file name, MIME type, and whether it is an inline image. */
export const ATTACHMENTS = [
  { filename: 'invoice.pdf', content_type: 'application/pdf', inline: false },
  { filename: 'screenshot.png', content_type: 'image/png', inline: false },
  { filename: 'image001.png', content_type: 'image/png', inline: true },
  { filename: 'report.xlsx', content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false },
  { filename: 'contract.docx', content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', inline: false },
] as const;

/** Subjects of emails customers write to a support inbox. */
export const INBOUND_SUBJECTS = ['Question about my invoice', 'Re: Your receipt', 'Cannot log in', 'Feature request', 'Re: Welcome aboard', 'Refund request'];

/** `data` of `email.received`: an inbound email's metadata (`ReceivedEmailEventData`), no body. */
export function receivedEmail(scene: Scene): JsonObject {
  const { faker, at } = scene;
  const from = recipient(faker);
  const inbox = sender(faker);
  const address = `${pick(faker, ['support', 'hello', 'inbox', 'billing'])}@${inbox.domain}`;
  const count = pick(faker, [0, 0, 1, 1, 2]);
  const attachments: JsonObject[] = [];
  for (let i = 0; i < count; i++) {
    const a = pick(faker, ATTACHMENTS);
    attachments.push({
      content_disposition: a.inline ? 'inline' : 'attachment',
      content_id: a.inline ? `ii_${base62(faker, 10).toLowerCase()}` : null,
      content_type: a.content_type,
      filename: a.filename,
      id: uuidV4(faker),
    });
  }
  return {
    attachments,
    bcc: [],
    cc: [],
    created_at: resourceTime(faker, at - between(faker, 200, 2_000)),
    email_id: uuidV4(faker),
    from: `${from.first} ${from.last} <${from.email}>`,
    message_id: gmailMessageId(faker),
    received_for: [address],
    subject: pick(faker, INBOUND_SUBJECTS),
    to: [address],
  };
}

/** `data` of `contact.created|updated|deleted` (`ContactEventData`). */
export function contact(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const person = recipient(faker);
  const created = eventType === 'contact.created';
  const createdAt = created ? at - between(faker, 50, 600) : at - between(faker, HOUR, 300 * DAY);
  const updatedAt = created ? createdAt : at - between(faker, 50, 600);
  const createdText = resourceTime(faker, createdAt);
  return {
    audience_id: uuidV4(faker),
    created_at: createdText,
    email: person.email,
    first_name: person.first,
    id: uuidV4(faker),
    last_name: person.last,
    segment_ids: [uuidV4(faker)],
    unsubscribed: eventType === 'contact.updated' ? faker.number.int(1) === 1 : false,
    updated_at: created ? createdText : resourceTime(faker, updatedAt),
  };
}

/** `data` of `contact.topics.updated` (`ContactTopicsEventData`): the contact's topic subscriptions. */
export function contactTopics(scene: Scene): JsonObject {
  const { faker } = scene;
  const count = between(faker, 1, 3);
  const topics: JsonObject[] = [];
  for (let i = 0; i < count; i++) topics.push({ id: uuidV4(faker), subscription: pick(faker, ['opt_in', 'opt_in', 'opt_out']) });
  return { email: recipient(faker).email, topics };
}

/** Inbox thread labels, with the uppercase `#RRGGBB` colors Resend writes. */
export const LABELS = [
  ['Billing', '#00A2C7'],
  ['Urgent', '#E93D82'],
  ['Bug', '#E5484D'],
  ['Feature request', '#8E4EC6'],
  ['VIP', '#FFB224'],
  ['Refund', '#30A46C'],
] as const;

/** Topics contacts subscribe to: name and description (or none). */
export const TOPICS = [
  ['Product Updates', 'New features and improvements'],
  ['Newsletter', 'A monthly roundup of what we shipped'],
  ['Billing notices', 'Receipts, failed payments and plan changes'],
  ['Security alerts', 'New sign-ins and password changes'],
  ['Events', 'Webinars and meetups near you'],
  ['Tips & tutorials', null],
] as const;

/** Shared inboxes: the address's local part and the inbox's name. */
export const INBOX_NAMES = [
  ['support', 'Support'],
  ['hello', 'Hello'],
  ['billing', 'Billing'],
  ['help', 'Help desk'],
  ['sales', 'Sales'],
] as const;

const REGIONS = ['us-east-1', 'us-east-1', 'us-east-1', 'eu-west-1', 'sa-east-1', 'ap-northeast-1'];

/** DER prefix of a 1024-bit RSA public key (SubjectPublicKeyInfo up to the modulus). */
const RSA_1024_PREFIX = Buffer.from('30819f300d06092a864886f70d010101050003818d0030818902818100', 'hex');
const RSA_EXPONENT = Buffer.from('0203010001', 'hex');

/** The `p=` value of a DKIM TXT record: a base64 RSA-1024 public key with a random modulus. */
function dkimPublicKey(faker: Faker): string {
  const modulus = Buffer.allocUnsafe(128);
  for (let i = 0; i < 128; i += 4) modulus.writeUInt32BE(faker.number.int(0xffffffff), i);
  // A 1024-bit odd modulus: top bit and low bit set.
  modulus[0] = modulus[0]! | 0x80;
  modulus[127] = modulus[127]! | 0x01;
  return `p=${Buffer.concat([RSA_1024_PREFIX, modulus, RSA_EXPONENT]).toString('base64')}`;
}

/** `data` of `domain.created|updated|deleted` (`DomainEventData`) with its SPF and DKIM records. */
export function domain(scene: Scene, eventType: string): JsonObject {
  const { faker, at } = scene;
  const created = eventType === 'domain.created';
  const status = created ? 'not_started' : eventType === 'domain.updated' ? pick(faker, ['verified', 'verified', 'pending', 'failed']) : 'verified';
  const recordStatus = status === 'pending' ? 'pending' : status;
  const region = pick(faker, REGIONS);
  const sub = pick(faker, ['', '', 'mail.', 'updates.', 'notify.']);
  const name = `${sub}${sender(faker).domain}`;
  const prefix = sub === '' ? '' : `.${sub.slice(0, -1)}`;
  return {
    created_at: resourceTime(faker, created ? at - between(faker, 50, 600) : at - between(faker, HOUR, 200 * DAY)),
    id: uuidV4(faker),
    name,
    records: [
      { name: `send${prefix}`, priority: 10, record: 'SPF', status: recordStatus, ttl: 'Auto', type: 'MX', value: `feedback-smtp.${region}.amazonses.com` },
      { name: `send${prefix}`, record: 'SPF', status: recordStatus, ttl: 'Auto', type: 'TXT', value: '"v=spf1 include:amazonses.com ~all"' },
      { name: `resend._domainkey${prefix}`, record: 'DKIM', status: recordStatus, ttl: 'Auto', type: 'TXT', value: dkimPublicKey(faker) },
    ],
    region,
    status,
  };
}
