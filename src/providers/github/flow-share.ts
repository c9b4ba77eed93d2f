/**
 * What every delivery of one GitHub flow shares with the flow's first: the same webhook or App sends them
 * all, about the same repository and sender. Taken from the first built event, so that later ones carry it
 * as completely as the builder made it.
 */
import { isPlainObject } from '../../core/index.js';
import type { ProviderFlows } from '../types.js';

/** Headers that stay the same across a flow; the others (delivery ids, signatures) are each delivery's own. */
export const sharedHeaders: ProviderFlows['sharedHeaders'] = ['User-Agent', 'X-GitHub-Hook-ID', 'X-GitHub-Hook-Installation-Target-ID', 'X-GitHub-Hook-Installation-Target-Type'];

/**
 * A repository's fields that read the same in every GitHub event. `push` writes `url` as the web URL
 * and its times as Unix seconds where every other event writes API URLs and ISO strings, so those stay
 * each event's own; the owner loses push's `name` and `email`.
 */
export function repositoryIdentity(repository: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(repository)) return undefined;
  const identity: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(repository)) {
    if (['url', 'created_at', 'updated_at', 'pushed_at', 'stargazers', 'master_branch', 'custom_properties'].includes(key)) continue;
    if (key === 'owner' && isPlainObject(value)) {
      const { name: _name, email: _email, ...owner } = value;
      identity.owner = owner;
    } else if (typeof value !== 'object' || value === null || key === 'license' || key === 'topics') {
      identity[key] = value;
    }
  }
  // The API URL every event but push writes (push's own `url` stays as its builder made it).
  if (typeof identity.full_name === 'string') identity.url = `https://api.github.com/repos/${identity.full_name}`;
  return identity;
}

/** The fields of the first event's body that every later event of the flow carries the same. */
export function sharedFields(first: Record<string, unknown>): Record<string, unknown> {
  const shared: Record<string, unknown> = {};
  const repository = repositoryIdentity(first.repository);
  if (repository) shared.repository = repository;
  for (const key of ['organization', 'sender', 'installation', 'enterprise']) if (first[key] !== undefined) shared[key] = first[key];
  return shared;
}
