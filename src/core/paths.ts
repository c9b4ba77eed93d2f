/**
 * The reference service's HTTP paths (DESIGN.md, "HTTP contract"): the mount path of each provider and
 * the executions API. Every layer that sends to, serves or names one of them builds it here.
 */

/** What every provider's mount path starts with. */
export const MOUNT_PREFIX = '/api/webhook/';

/** The mount path as the docs and messages write it. */
export const MOUNT_PATH_PATTERN = `${MOUNT_PREFIX}<provider>`;

/**
 * Where the service receives `providerId`'s webhooks.
 * @example
 * mountPath('stripe'); // '/api/webhook/stripe'
 */
export function mountPath(providerId: string): string {
  return `${MOUNT_PREFIX}${providerId}`;
}

/** What `GET /api/executions` filters on (`executions(filter)` of the service client). */
export interface ExecutionsQuery {
  /** Exact stored type, or a prefix ending in `*` (`stripe.*`). */
  type?: string;
  status?: string;
  /** 1 to 500; the service's default is 50. */
  limit?: number;
}

/**
 * The paths of the executions API.
 * @example
 * apiPaths.replay('exec_01JB…'); // '/api/executions/exec_01JB…/replay'
 */
export const apiPaths = {
  executions: (filter: ExecutionsQuery = {}): string => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filter)) if (value !== undefined) query.set(key, String(value));
    return `/api/executions${query.size > 0 ? `?${query}` : ''}`;
  },
  execution: (id: string): string => `/api/executions/${encodeURIComponent(id)}`,
  replay: (id: string): string => `${apiPaths.execution(id)}/replay`,
  retry: (id: string): string => `${apiPaths.execution(id)}/retry`,
};
