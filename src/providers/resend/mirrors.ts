/**
 * Fields a Resend payload repeats, so that a `data` override of one moves the others with it.
 *
 * - `email.received`: `received_for` lists the addresses of `to` that Resend received for.
 * - `contact.created`, `topic.created`: `updated_at` is `created_at` (nothing changed since).
 * - `inbox.*`: `inbox_id` is `inbox.id`; `thread_id` is `thread.id` and a reply draft's
 *   `draft.thread_id`; `draft_id` is `draft.id`; `email_id` is `email.id` and, once a draft is sent,
 *   `draft.email_id`.
 * - `inbox.thread.created`: the thread's `subject` is its first email's.
 * - `inbox.thread.folder.updated`: `to` is the folder the thread is now in, `thread.folder`.
 *
 * A group moves when the override sets exactly one of its paths; only paths the payload has are
 * written (a standalone draft keeps its `thread_id: null`). Setting several paths of a group keeps
 * each value as given.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';

type Path = readonly string[];

const INBOX = [['inbox_id'], ['inbox', 'id']];
const THREAD = [['thread_id'], ['thread', 'id']];
const DRAFT_THREAD = [...THREAD, ['draft', 'thread_id']];
const DRAFT = [['draft_id'], ['draft', 'id']];
const EMAIL = [['email_id'], ['email', 'id']];
const SENT_EMAIL = [...EMAIL, ['draft', 'email_id']];
const CREATED = [['created_at'], ['updated_at']];

const GROUPS: Readonly<Record<string, readonly (readonly Path[])[]>> = {
  'email.received': [[['to'], ['received_for']]],
  'contact.created': [CREATED],
  'topic.created': [CREATED],
  'inbox.created': [INBOX],
  'inbox.updated': [INBOX],
  'inbox.thread.created': [THREAD, EMAIL, [['thread', 'subject'], ['email', 'subject']]],
  'inbox.thread.folder.updated': [THREAD, [['to'], ['thread', 'folder']]],
  'inbox.thread.assigned': [THREAD],
  'inbox.thread.unassigned': [THREAD],
  'inbox.thread.labels.updated': [THREAD],
  'inbox.email.received': [THREAD, EMAIL],
  'inbox.email.sent': [THREAD, EMAIL],
  'inbox.draft.created': [DRAFT_THREAD, DRAFT],
  'inbox.draft.updated': [DRAFT_THREAD, DRAFT],
  'inbox.draft.deleted': [DRAFT_THREAD, DRAFT],
  'inbox.draft.sent': [DRAFT_THREAD, DRAFT, SENT_EMAIL],
};

/** The mirrored groups of an event type, each a list of paths into `data` that hold one value. */
export function mirrorGroups(eventType: string): readonly (readonly Path[])[] {
  return GROUPS[eventType] ?? [];
}

function get(data: JsonObject, path: Path): { found: boolean; value?: JsonValue } {
  let node: JsonValue | undefined = data;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !(key in node)) return { found: false };
    node = node[key];
  }
  return { found: true, value: node! };
}

/** Writes `value` at `path` when its parent object exists and the key is there already. */
function setExisting(data: JsonObject, path: Path, value: JsonValue): void {
  let node: JsonValue | undefined = data;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    node = node[key];
  }
  const last = path[path.length - 1]!;
  if (node !== null && typeof node === 'object' && !Array.isArray(node) && last in node && node[last] !== null) node[last] = value;
}

/**
 * `merged` (the built `data` with `override` deep-merged in) with each mirror moved to the value
 * the override gave its group. `merged` is a fresh object from the merge; it is changed in place.
 * @example
 * applyMirrors('inbox.thread.created', merged, { thread_id: 'abc' }); // merged.thread.id === 'abc'
 */
export function applyMirrors(eventType: string, merged: JsonObject, override: JsonObject): JsonObject {
  for (const group of mirrorGroups(eventType)) {
    const given = group.filter((path) => get(override, path).found);
    if (given.length !== 1) continue;
    const value = get(merged, given[0]!).value!;
    for (const path of group) if (path !== given[0]) setExisting(merged, path, structuredClone(value));
  }
  return merged;
}
