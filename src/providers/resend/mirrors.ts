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

const INBOX_IDS: readonly (readonly Path[])[] = [
  [['inbox_id'], ['inbox', 'id']],
  [['thread_id'], ['thread', 'id'], ['draft', 'thread_id']],
  [['draft_id'], ['draft', 'id']],
  [['email_id'], ['email', 'id'], ['draft', 'email_id']],
];

const CREATED: readonly (readonly Path[])[] = [[['created_at'], ['updated_at']]];

/** The mirrored groups of an event type, each a list of paths into `data` that hold one value. */
export function mirrorGroups(eventType: string): readonly (readonly Path[])[] {
  if (eventType === 'email.received') return [[['to'], ['received_for']]];
  if (eventType === 'contact.created' || eventType === 'topic.created') return CREATED;
  if (eventType === 'inbox.thread.created') return [...INBOX_IDS, [['thread', 'subject'], ['email', 'subject']]];
  if (eventType === 'inbox.thread.folder.updated') return [...INBOX_IDS, [['to'], ['thread', 'folder']]];
  if (eventType.startsWith('inbox.')) return INBOX_IDS;
  return [];
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
