/**
 * Resend inboxes: recording `inbox.*` deliveries (the inbox, its threads, their emails, drafts and
 * labels) and answering the reads the `resend` SDK makes under `/inboxes/{id or address}`.
 * Threads, emails, drafts and labels are stored as `{ id, inbox_id, thread_id?, value }`, `value`
 * being the object the API shows.
 */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { resendNotFound } from './errors.js';
import { resendList } from './read.js';

/** The kinds an inbox owns. */
const OWNED = ['inbox_thread', 'inbox_email', 'inbox_draft', 'inbox_label'] as const;

/** `Name <a@b.c>` → `a@b.c`. */
function addressOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return (/<([^>]+)>/.exec(value)?.[1] ?? value).trim().toLowerCase() || undefined;
}

/** The address of the inbox an email passed through: the recipient of an inbound one, the sender of an outbound one. */
function inboxAddress(email: Obj | undefined): string | null {
  if (!email) return null;
  const address = email.direction === 'outbound' ? addressOf(email.from) : addressOf(Array.isArray(email.to) ? email.to[0] : undefined);
  return address ?? null;
}

function own(world: World, kind: (typeof OWNED)[number], inboxId: string, value: Obj, extra: Obj = {}): void {
  if (typeof value.id === 'string') world.put('resend', kind, { id: value.id, inbox_id: inboxId, ...extra, value });
}

/** An inbox an event names only by id: what the event implies (its address, when an email shows it). */
function ensureInbox(world: World, inboxId: string, data: Obj, at: unknown): void {
  const known = world.get('resend', 'inbox', inboxId);
  const address = inboxAddress(isPlainObject(data.email) ? data.email : undefined);
  if (known) {
    if (known.email_address === null && address) world.put('resend', 'inbox', { ...known, email_address: address });
    return;
  }
  world.put('resend', 'inbox', {
    object: 'inbox',
    id: inboxId,
    name: null,
    email_address: address,
    domain_id: null,
    receiving_address: null,
    from_name: null,
    unread: 0,
    drafts: 0,
    last_received: null,
    created_at: at ?? null,
    updated_at: at ?? null,
  });
}

/** A domain an inbox names by id: the domain of its address, verified (an inbox receives only on a verified domain). */
function ensureDomain(world: World, inbox: Obj): void {
  if (typeof inbox.domain_id !== 'string' || world.get('resend', 'domain', inbox.domain_id)) return;
  const name = addressOf(inbox.email_address)?.split('@')[1] ?? null;
  world.put('resend', 'domain', { object: 'domain', id: inbox.domain_id, name, status: 'verified', created_at: inbox.created_at ?? null, region: null, records: [] });
}

/** Records an `inbox.*` delivery. */
export function recordInbox(world: World, type: string, data: Obj, at: unknown): void {
  const inboxId = typeof data.inbox_id === 'string' ? data.inbox_id : undefined;
  if (!inboxId) return;
  if (type === 'inbox.deleted') {
    world.delete('resend', 'inbox', inboxId);
    for (const kind of OWNED) for (const o of world.list('resend', kind)) if (o.inbox_id === inboxId) world.delete('resend', kind, String(o.id));
    return;
  }
  if (isPlainObject(data.inbox)) {
    world.put('resend', 'inbox', { object: 'inbox', ...data.inbox });
    ensureDomain(world, data.inbox);
    return;
  }
  ensureInbox(world, inboxId, data, at);
  const thread = isPlainObject(data.thread) ? data.thread : undefined;
  if (thread) own(world, 'inbox_thread', inboxId, thread);
  const labels = [...(Array.isArray(thread?.labels) ? thread.labels : []), ...(Array.isArray(data.added) ? data.added : []), ...(Array.isArray(data.removed) ? data.removed : [])];
  for (const label of labels.filter(isPlainObject)) {
    if (typeof label.id === 'string' && !world.get('resend', 'inbox_label', label.id)) own(world, 'inbox_label', inboxId, { id: label.id, name: label.name, color: label.color, created_at: at ?? null });
  }
  if (isPlainObject(data.email)) own(world, 'inbox_email', inboxId, { html: null, text: null, ...data.email }, { thread_id: thread?.id ?? data.thread_id ?? null });
  if (isPlainObject(data.draft)) {
    if (type === 'inbox.draft.deleted') world.delete('resend', 'inbox_draft', String(data.draft.id));
    else own(world, 'inbox_draft', inboxId, { html: null, text: null, ...data.draft });
  }
}

/** The inbox `:inbox` names (an id or its address), or `undefined`. */
function findInbox(world: World, key: string): Obj | undefined {
  return world.get('resend', 'inbox', key) ?? world.list('resend', 'inbox').find((i) => addressOf(i.email_address) === key.toLowerCase());
}

/** The stored objects of `kind` in the inbox, or the 404 for an unknown inbox. */
function owned(world: World, kind: (typeof OWNED)[number], inboxKey: string): Obj[] | Response {
  const inbox = findInbox(world, inboxKey);
  if (!inbox) return resendNotFound('Inbox');
  return world.list('resend', kind).filter((o) => o.inbox_id === inbox.id);
}

/** The API objects of stored `{ value }` entries. */
function values(entries: Obj[]): Obj[] {
  return entries.map((e) => e.value as Obj);
}

/** `GET /inboxes/:inbox` (an id or the inbox address). */
export const getInbox: RouteHandler = (request, params, world) => {
  const found = findInbox(world, String(params.inbox));
  return found ? jsonResponse(found) : resendNotFound('Inbox');
};

/** `GET /inboxes`. */
export const listInboxes: RouteHandler = (request, params, world) => resendList(request, world.list('resend', 'inbox'));

/** `GET /inboxes/:inbox/{threads|drafts}/:id`, and `…/threads/:thread/emails/:id`. */
export function getOwned(kind: (typeof OWNED)[number], label: string): RouteHandler {
  return (request, params, world) => {
    // `threads/search` is Resend's search, which the mock does not serve: let the catch-all say so.
    if (kind === 'inbox_thread' && params.id === 'search') return undefined;
    const entries = owned(world, kind, String(params.inbox));
    if (entries instanceof Response) return entries;
    const found = entries.find((e) => e.id === params.id && (params.thread === undefined || e.thread_id === params.thread));
    return found ? jsonResponse(found.value) : resendNotFound(label);
  };
}

/** The thread as `GET /inboxes/:inbox/threads` lists it: the summary and what its emails and drafts show. */
function threadListItem(world: World, entry: Obj): Obj {
  const thread = entry.value as Obj;
  const emails = values(world.list('resend', 'inbox_email').filter((e) => e.thread_id === thread.id));
  const first = emails[0];
  const last = emails[emails.length - 1];
  return {
    id: thread.id,
    subject: thread.subject ?? null,
    from: first?.from ?? null,
    to: first?.to ?? [],
    cc: first?.cc ?? [],
    bcc: first?.bcc ?? [],
    labels: thread.labels ?? [],
    email_count: emails.length,
    has_attachment: emails.some((e) => Array.isArray(e.attachments) && e.attachments.length > 0),
    has_draft: world.list('resend', 'inbox_draft').some((d) => (d.value as Obj).thread_id === thread.id && (d.value as Obj).email_id === null),
    read: thread.read ?? false,
    received_at: last?.received_at ?? null,
    folder: thread.folder ?? 'inbox',
  };
}

/** `GET /inboxes/:inbox/threads` (filtered by `folders`, `labels`, `read`). */
export const listThreads: RouteHandler = (request, params, world) => {
  const entries = owned(world, 'inbox_thread', String(params.inbox));
  if (entries instanceof Response) return entries;
  const url = new URL(request.url);
  const folders = url.searchParams.getAll('folders').flatMap((f) => f.split(','));
  const labels = url.searchParams.getAll('labels').flatMap((l) => l.split(','));
  const read = url.searchParams.get('read');
  const items = entries
    .map((e) => threadListItem(world, e))
    .filter((t) => (folders.length === 0 || folders.includes(String(t.folder))) && (read === null || String(t.read) === read))
    .filter((t) => labels.length === 0 || (t.labels as Obj[]).some((l) => labels.includes(String(l.id)) || labels.includes(String(l.name))));
  return resendList(request, items);
};

/** `GET /inboxes/:inbox/threads/:thread/emails`, oldest first as a conversation reads. */
export const listThreadEmails: RouteHandler = (request, params, world) => {
  const entries = owned(world, 'inbox_email', String(params.inbox));
  if (entries instanceof Response) return entries;
  return resendList(request, values(entries.filter((e) => e.thread_id === params.thread)), 'oldest');
};

/** `GET /inboxes/:inbox/drafts`, as list items (a snippet instead of the bodies). */
export const listDrafts: RouteHandler = (request, params, world) => {
  const entries = owned(world, 'inbox_draft', String(params.inbox));
  if (entries instanceof Response) return entries;
  const items = values(entries).map(({ object: _object, html: _html, text, email_id: _sent, created_at: _created, ...rest }) => ({ ...rest, snippet: typeof text === 'string' ? text.slice(0, 100) : null }));
  return resendList(request, items);
};

/** `GET /inboxes/:inbox/labels`: `{ object: 'list', data }`. */
export const listLabels: RouteHandler = (request, params, world) => {
  const entries = owned(world, 'inbox_label', String(params.inbox));
  return entries instanceof Response ? entries : jsonResponse({ object: 'list', data: values(entries) });
};
