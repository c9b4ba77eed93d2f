/**
 * What every delivery of one flow shares with the flow's first: the same webhook, shop or App sends
 * them all, about the same repository and sender. Taken from the first built event, so that later ones
 * carry it as completely as the builder made it.
 */
import { isPlainObject } from '../../core/index.js';

/** Headers that stay the same across a flow; the others (delivery ids, signatures, Triggered-At) are each delivery's own. */
const SHARED_HEADERS: Readonly<Record<string, readonly string[]>> = {
  github: ['User-Agent', 'X-GitHub-Hook-ID', 'X-GitHub-Hook-Installation-Target-ID', 'X-GitHub-Hook-Installation-Target-Type'],
  shopify: ['User-Agent', 'X-Shopify-Shop-Domain', 'X-Shopify-API-Version'],
};

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

/** The fields of the first event's main resource that every later event of the flow carries the same. */
export function sharedFields(provider: string, main: (index: number) => Record<string, unknown>): Record<string, unknown> {
  if (provider !== 'github') return {};
  const first = main(0);
  const shared: Record<string, unknown> = {};
  const repository = repositoryIdentity(first.repository);
  if (repository) shared.repository = repository;
  for (const key of ['organization', 'sender', 'installation', 'enterprise']) if (first[key] !== undefined) shared[key] = first[key];
  return shared;
}

/** The headers of the first delivery that every later one carries the same. */
export function sharedHeaders(provider: string, headers: Readonly<Record<string, string>>): Record<string, string> {
  const names = new Set((SHARED_HEADERS[provider] ?? []).map((name) => name.toLowerCase()));
  return Object.fromEntries(Object.entries(headers).filter(([name]) => names.has(name.toLowerCase())));
}
