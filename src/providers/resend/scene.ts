/**
 * `data` of the `suppression.*`, `topic.*` and `inbox.*` events, walked from the shapes `npm run gen`
 * read from the resend package (`generated/shapes.ts`). The scene drawn here supplies what the types
 * cannot say, so the payload reads as one event: the inbox, thread, email and draft ids agree
 * wherever they repeat, addresses sit on the inbox's domain, labels carry Resend's uppercase
 * `#RRGGBB` colors, and times are ISO 8601 with milliseconds (`2026-09-29T12:00:00.000Z`), as
 * Resend's docs show for these events. Internal to the Resend builder.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { uuidV4 } from '../shared/ids.js';
import { between, pick } from '../shared/random.js';
import type { Faker } from '../shared/random.js';
import { walkShape, type ShapePath } from '../shared/shape.js';
import { DAY, HOUR, MINUTE, isoMillis } from '../shared/time.js';
import { ATTACHMENTS, gmailMessageId, INBOUND_SUBJECTS, INBOX_NAMES, LABELS, recipient, sender, sesMessageId, TOPICS, type Recipient } from './data.js';
import { defs, events } from './generated/shapes.js';

type Family = 'suppression' | 'topic' | 'inbox';

/** What one suppression, topic or inbox event is about; every id and name the payload repeats. */
interface WalkScene {
  readonly faker: Faker;
  readonly eventType: string;
  readonly family: Family;
  /** When Resend emitted the event. */
  readonly at: number;
  /** The resource's id (suppression, topic) or the inbox's. */
  readonly id: string;
  readonly person: Recipient;
  readonly createdAt: number;
  readonly updatedAt: number;
  /** A suppression's cause: a bounce or complaint names the email (`source_id`); a manual one none. */
  readonly origin: 'bounce' | 'complaint' | 'manual';
  readonly topic: (typeof TOPICS)[number];
  /** Drawn for `inbox.*` events only; their fields are the only ones that read it. */
  readonly inbox: InboxScene | undefined;
}

interface InboxScene {
  readonly domain: string;
  readonly brand: string;
  readonly address: string;
  readonly name: string;
  readonly fromName: string | null;
  readonly threadId: string;
  /** The email the event is about: the inbound one, or the reply sent. */
  readonly emailId: string;
  /** The customer's email a reply answers. */
  readonly inboundId: string;
  readonly draftId: string;
  readonly subject: string;
  readonly outbound: boolean;
  /** A draft that starts no reply: no thread, no `thread_id`. */
  readonly standalone: boolean;
  readonly source: string;
  readonly teammates: readonly [string, string];
  readonly labels: { readonly added: Label; readonly removed: Label };
  readonly folders: readonly [string, string];
  readonly attachment: (typeof ATTACHMENTS)[number] | undefined;
}

interface Label {
  readonly id: string;
  readonly name: string;
  readonly color: string;
}

const MOVE_FOLDERS = ['inbox', 'archive', 'spam', 'trash'] as const;

/** Who caused the event: the email pipeline for mail in and out, a person or an agent otherwise. */
function eventSource(faker: Faker, eventType: string): string {
  if (eventType === 'inbox.thread.created' || eventType.startsWith('inbox.email.')) return 'system';
  if (eventType === 'inbox.created' || eventType === 'inbox.updated' || eventType === 'inbox.deleted') return pick(faker, ['api', 'dashboard']);
  return pick(faker, ['dashboard', 'dashboard', 'api', 'agent']);
}

function drawInbox(faker: Faker, eventType: string): InboxScene {
  const { brand, domain } = sender(faker);
  const [local, name] = pick(faker, INBOX_NAMES);
  const mailbox = (person: Recipient) => person.first.toLowerCase().replace(/[^a-z]/g, '');
  const [one, two] = [recipient(faker), recipient(faker)];
  // Two different teammates, even when they share a first name.
  const second = mailbox(two) === mailbox(one) ? `${mailbox(two)}.${two.last.toLowerCase().replace(/[^a-z]/g, '')}` : mailbox(two);
  const teammates = [`${mailbox(one)}@${domain}`, `${second}@${domain}`] as const;
  const [added, removed] = [pick(faker, LABELS), pick(faker, LABELS)];
  const label = ([labelName, color]: (typeof LABELS)[number]): Label => ({ id: uuidV4(faker), name: labelName, color });
  const from = pick(faker, MOVE_FOLDERS);
  const outbound = eventType === 'inbox.email.sent' || eventType === 'inbox.draft.sent';
  return {
    domain,
    brand,
    address: `${local}@${domain}`,
    name,
    fromName: faker.number.int(3) === 0 ? null : `${brand} ${name}`,
    threadId: uuidV4(faker),
    emailId: uuidV4(faker),
    inboundId: uuidV4(faker),
    draftId: uuidV4(faker),
    subject: pick(faker, INBOUND_SUBJECTS),
    outbound,
    standalone: eventType.startsWith('inbox.draft.') && eventType !== 'inbox.draft.sent' && faker.number.int(3) === 0,
    source: eventSource(faker, eventType),
    teammates,
    labels: { added: label(added), removed: label(removed === added ? LABELS[(LABELS.indexOf(added) + 1) % LABELS.length]! : removed) },
    folders: [from, pick(faker, MOVE_FOLDERS.filter((f) => f !== from))],
    attachment: faker.number.int(2) === 0 ? pick(faker, ATTACHMENTS) : undefined,
  };
}

function drawScene(faker: Faker, at: number, eventType: string): WalkScene {
  const family = eventType.slice(0, eventType.indexOf('.')) as Family;
  const fresh = eventType.endsWith('.created') || eventType === 'suppression.added';
  const createdAt = fresh ? at - between(faker, 50, 900) : at - between(faker, HOUR, 200 * DAY);
  return {
    faker,
    eventType,
    family,
    at,
    id: uuidV4(faker),
    person: recipient(faker),
    createdAt,
    updatedAt: fresh ? createdAt : at - between(faker, 50, 900),
    origin: pick(faker, ['bounce', 'bounce', 'bounce', 'complaint', 'manual'] as const),
    topic: pick(faker, TOPICS),
    inbox: family === 'inbox' ? drawInbox(faker, eventType) : undefined,
  };
}

/** The subject of a reply: `Re: ` once. */
function reply(subject: string): string {
  return subject.startsWith('Re: ') ? subject : `Re: ${subject}`;
}

/** The key that owns the value at `path`'s end: its nearest named ancestor ('' at the root). */
function ownerOf(path: ShapePath): string {
  for (let i = path.length - 2; i >= 0; i--) if (typeof path[i] === 'string') return path[i] as string;
  return '';
}

function fillRoot(s: WalkScene, key: string): JsonValue | undefined {
  if (s.family === 'suppression') return suppressionField(s, key);
  if (s.family === 'topic') return topicField(s, key);
  const { faker } = s;
  const inbox = s.inbox!;
  switch (key) {
    case 'source':
      return inbox.source;
    case 'inbox_id':
      return s.id;
    case 'thread_id':
      return inbox.threadId;
    case 'email_id':
      return inbox.emailId;
    case 'draft_id':
      return inbox.draftId;
    case 'from':
      return inbox.folders[0];
    case 'to':
      return inbox.folders[1];
    case 'assignee_email':
      return inbox.teammates[0];
    case 'assigned_by_email':
      return inbox.source === 'agent' ? null : inbox.teammates[1];
    case 'previous_assignee_email':
      return s.eventType === 'inbox.thread.unassigned' || faker.number.int(2) === 0 ? inbox.teammates[1] : null;
  }
  return undefined;
}

function suppressionField(s: WalkScene, key: string): JsonValue | undefined {
  switch (key) {
    case 'id':
      return s.id;
    case 'email':
      return s.person.email;
    case 'origin':
      return s.origin;
    case 'source_id':
      return s.origin === 'manual' ? null : uuidV4(s.faker);
    case 'created_at':
      return isoMillis(s.createdAt);
  }
  return undefined;
}

function topicField(s: WalkScene, key: string): JsonValue | undefined {
  const { topic } = s;
  switch (key) {
    case 'id':
      return s.id;
    case 'name':
      return topic[0];
    case 'description':
      return topic[1];
    case 'default_subscription':
      return topic[0] === 'Billing notices' || topic[0] === 'Security alerts' ? 'opt_in' : pick(s.faker, ['opt_in', 'opt_in', 'opt_out']);
    case 'deleted':
      return s.eventType === 'topic.deleted';
    case 'created_at':
      return isoMillis(s.createdAt);
    case 'updated_at':
      return isoMillis(s.updatedAt);
  }
  return undefined;
}

function inboxField(s: WalkScene, key: string): JsonValue | undefined {
  const { faker } = s;
  const inbox = s.inbox!;
  const created = s.eventType === 'inbox.created';
  switch (key) {
    case 'id':
      return s.id;
    case 'name':
      return inbox.name;
    case 'email_address':
      return inbox.address;
    case 'receiving_address':
      return null;
    case 'from_name':
      return inbox.fromName;
    case 'unread':
      return created ? 0 : between(faker, 0, 40);
    case 'drafts':
      return created ? 0 : between(faker, 0, 4);
    case 'last_received':
      return created ? null : isoMillis(s.at - between(faker, MINUTE, 3 * DAY));
    case 'created_at':
      return isoMillis(s.createdAt);
    case 'updated_at':
      return isoMillis(s.updatedAt);
  }
  return undefined;
}

function threadField(s: WalkScene, key: string): JsonValue | undefined {
  const inbox = s.inbox!;
  switch (key) {
    case 'id':
      return inbox.threadId;
    case 'subject':
      return inbox.subject;
    case 'folder':
      return s.eventType === 'inbox.thread.folder.updated' ? inbox.folders[1] : 'inbox';
    case 'labels':
      // Walked as one label: the one just added, or one an older thread already had.
      if (s.eventType === 'inbox.thread.labels.updated') return undefined;
      return s.eventType === 'inbox.thread.created' || s.faker.number.int(2) > 0 ? [] : undefined;
    case 'read':
      // A thread a customer just wrote to is unread.
      return s.eventType !== 'inbox.thread.created' && s.eventType !== 'inbox.email.received' && s.faker.datatype.boolean();
  }
  return undefined;
}

function emailField(s: WalkScene, key: string): JsonValue | undefined {
  const { person, faker } = s;
  const inbox = s.inbox!;
  switch (key) {
    case 'id':
      return inbox.emailId;
    case 'direction':
      return inbox.outbound ? 'outbound' : 'inbound';
    case 'from':
      return inbox.outbound ? `${inbox.fromName ?? inbox.brand} <${inbox.address}>` : `${person.first} ${person.last} <${person.email}>`;
    case 'to':
      return [inbox.outbound ? person.email : inbox.address];
    case 'cc':
    case 'bcc':
    case 'reply_to':
      return [];
    case 'subject':
      return inbox.outbound ? reply(inbox.subject) : inbox.subject;
    case 'message_id':
      return inbox.outbound ? sesMessageId(faker, s.at - between(faker, 100, 900)) : gmailMessageId(faker);
    case 'attachments':
      return inbox.attachment ? undefined : [];
    case 'read':
      return inbox.outbound;
    case 'received_at':
      return isoMillis(s.at - between(faker, 20, 400));
  }
  return undefined;
}

function draftField(s: WalkScene, key: string): JsonValue | undefined {
  const { person, faker } = s;
  const inbox = s.inbox!;
  const sent = s.eventType === 'inbox.draft.sent';
  switch (key) {
    case 'id':
      return inbox.draftId;
    case 'type':
      return inbox.standalone ? 'standalone' : 'reply';
    case 'to':
      return [person.email];
    case 'cc':
    case 'bcc':
      return [];
    case 'subject':
      return inbox.standalone ? `A note from ${inbox.brand}` : reply(inbox.subject);
    case 'thread_id':
      return inbox.standalone ? null : inbox.threadId;
    case 'reply_to_email_id':
      return inbox.standalone ? null : inbox.inboundId;
    case 'email_id':
      return sent ? inbox.emailId : null;
    case 'attachments':
      return inbox.attachment && !inbox.attachment.inline ? undefined : [];
    case 'created_at':
      return isoMillis(s.eventType === 'inbox.draft.created' ? s.createdAt : s.at - between(faker, 2 * MINUTE, 2 * DAY));
    case 'updated_at':
      return isoMillis(s.eventType === 'inbox.draft.created' ? s.createdAt : s.updatedAt);
  }
  return undefined;
}

function labelField(s: WalkScene, owner: string, key: string): JsonValue | undefined {
  const label = owner === 'removed' ? s.inbox!.labels.removed : s.inbox!.labels.added;
  return key === 'id' || key === 'name' || key === 'color' ? label[key] : undefined;
}

function attachmentField(s: WalkScene, key: string): JsonValue | undefined {
  const file = s.inbox!.attachment ?? ATTACHMENTS[0];
  switch (key) {
    case 'filename':
      return file.filename;
    case 'content_type':
      return file.content_type;
    case 'size':
      return between(s.faker, 8_000, 2_400_000);
  }
  return undefined;
}

/** The scene's value at `path`, or `undefined` to let the walker draw it. */
function fill(s: WalkScene, path: ShapePath): JsonValue | undefined {
  const key = path[path.length - 1];
  if (typeof key !== 'string') return undefined;
  const owner = ownerOf(path);
  switch (owner) {
    case '':
      return fillRoot(s, key);
    case 'inbox':
      return inboxField(s, key);
    case 'thread':
      return threadField(s, key);
    case 'email':
      return emailField(s, key);
    case 'draft':
      return draftField(s, key);
    case 'labels':
    case 'added':
    case 'removed':
      return labelField(s, owner, key);
    case 'attachments':
      return attachmentField(s, key);
  }
  return undefined;
}

/** The event types walked from the generated shapes: every `suppression.*`, `topic.*` and `inbox.*` type. */
export const walkedEventTypes: readonly string[] = Object.keys(events).filter((type) => /^(suppression|topic|inbox)\./.test(type));

const WALKED = new Set(walkedEventTypes);

/** Whether `eventType` is built by walking its shape. */
export function isWalked(eventType: string): boolean {
  return WALKED.has(eventType);
}

/** `data` of a `suppression.*`, `topic.*` or `inbox.*` event emitted at `at`. */
export function walkedData(faker: Faker, at: number, eventType: string): JsonObject {
  const scene = drawScene(faker, at, eventType);
  const data = walkShape(events[eventType]!, { faker, defs, time: isoMillis(at), fill: (path) => fill(scene, path) }) as JsonObject;
  if (scene.inbox?.standalone) {
    delete data.thread_id;
    delete data.thread;
  }
  return data;
}
