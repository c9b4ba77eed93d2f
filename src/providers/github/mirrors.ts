/**
 * Mirrored fields of GitHub bodies: values GitHub states in several places, which a `data` override
 * of one place moves everywhere, so that the body stays one consistent event.
 *
 * - The number of the issue or pull request: `number`, `pull_request.number`, `issue.number`, and the
 *   URLs of those objects that name it (`…/pulls/7`, `…/pull/7`, `…/issues/7`).
 * - The repository's identity: `repository.full_name`, `repository.name` and
 *   `repository.owner.login` (a new `full_name` sets the other two; a new `name` or owner login sets
 *   `full_name`), and every URL in the body on the repository's API or web path
 *   (`https://api.github.com/repos/<full_name>…`, `https://github.com/<full_name>…`).
 *
 * Values the override states itself are kept as given.
 */
import { deepMerge, isPlainObject, type JsonObject } from '../../core/index.js';

/**
 * `merged` (the built body with `data` deep-merged) with the mirrors of what `data` overrides moved
 * to match, `data` applied again last.
 * @example
 * applyMirrors(body, { number: 7 }).pull_request.number; // 7
 */
export function applyMirrors(built: JsonObject, merged: JsonObject, data: JsonObject): JsonObject {
  let out = merged;
  const number = numberOf(data);
  if (number !== undefined) out = moveNumber(out, numberOf(built), number);
  const repository = isPlainObject(data.repository) ? data.repository : undefined;
  if (repository) out = moveRepository(out, built, repository);
  return out === merged ? merged : deepMerge(out, data);
}

/** The number a body (or a `data` override) states: top-level, or its pull request's or issue's. */
function numberOf(body: JsonObject): number | undefined {
  if (typeof body.number === 'number') return body.number;
  for (const key of ['pull_request', 'issue']) {
    const value = body[key];
    if (isPlainObject(value) && typeof value.number === 'number') return value.number;
  }
  return undefined;
}

function moveNumber(body: JsonObject, from: number | undefined, to: number): JsonObject {
  const out: JsonObject = { ...body };
  if ('number' in out) out.number = to;
  const pattern = from === undefined ? undefined : new RegExp(`/(pulls|pull|issues)/${from}(?=$|[/?#{.])`, 'g');
  for (const key of ['pull_request', 'issue']) {
    const value = out[key];
    if (!isPlainObject(value) || !('number' in value)) continue;
    const moved: JsonObject = {};
    for (const [field, item] of Object.entries(value)) {
      moved[field] = pattern && typeof item === 'string' && field.endsWith('url') ? item.replace(pattern, `/$1/${to}`) : item;
    }
    moved.number = to;
    out[key] = moved;
  }
  return out;
}

function moveRepository(body: JsonObject, built: JsonObject, patch: JsonObject): JsonObject {
  const before = isPlainObject(built.repository) ? built.repository : undefined;
  const oldFull = typeof before?.full_name === 'string' ? before.full_name : undefined;
  if (!before || !oldFull) return body;
  const [oldOwner, oldName] = oldFull.split('/') as [string, string];
  const ownerPatch = isPlainObject(patch.owner) ? patch.owner : undefined;
  let owner = typeof ownerPatch?.login === 'string' ? ownerPatch.login : oldOwner;
  let name = typeof patch.name === 'string' ? patch.name : oldName;
  if (typeof patch.full_name === 'string' && patch.full_name.includes('/')) [owner, name] = patch.full_name.split('/') as [string, string];
  const full = `${owner}/${name}`;
  if (full === oldFull) return body;
  const replacements: [string, string][] = [
    [`https://api.github.com/repos/${oldFull}`, `https://api.github.com/repos/${full}`],
    [`https://github.com/${oldFull}`, `https://github.com/${full}`],
    [`git://github.com/${oldFull}.git`, `git://github.com/${full}.git`],
    [`git@github.com:${oldFull}.git`, `git@github.com:${full}.git`],
  ];
  if (owner !== oldOwner) {
    replacements.push([`https://api.github.com/users/${oldOwner}/`, `https://api.github.com/users/${owner}/`]);
    replacements.push([`https://api.github.com/users/${oldOwner}"`, `https://api.github.com/users/${owner}"`]);
    replacements.push([`https://github.com/${oldOwner}"`, `https://github.com/${owner}"`]);
    replacements.push([`https://api.github.com/orgs/${oldOwner}`, `https://api.github.com/orgs/${owner}`]);
    // The owner's account wherever it appears (the sender, an organization): one account, one login.
    replacements.push([`"login":${JSON.stringify(oldOwner)}`, `"login":${JSON.stringify(owner)}`]);
  }
  // The body's strings, rewritten in its JSON text: one pass, wherever the repository is named.
  let text = JSON.stringify(body);
  for (const [from, to] of replacements) text = text.split(from).join(to);
  const out = JSON.parse(text) as JsonObject;
  const repository = out.repository as JsonObject;
  repository.full_name = full;
  repository.name = name;
  return out;
}
