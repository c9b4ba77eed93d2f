/**
 * `serviceClient`: one small typed client of a running relaykit service's executions API
 * (`/api/executions…`), for the Vitest fixture, `replay()`, the CLI and users' own scripts.
 */
import { apiPaths, apiTokenFromEnv, isSettled, RelayError, type ExecutionStatus, type ExecutionsQuery } from '../core/index.js';
import { send, type Target, type TargetResponse } from './targets.js';
import { executionOf, type ExecutionSummary } from './trigger.js';

/** An execution as the service's API returns it; `execution(id)` adds its steps, logs and event. */
export interface ServiceExecution extends ExecutionSummary {
  readonly status: ExecutionStatus;
  readonly [field: string]: unknown;
}

/** What `executions(filter)` asks `GET /api/executions` for. */
export type ExecutionsFilter = ExecutionsQuery;

/** The service's answer to a replay or a retry, whatever its status, with the execution on success. */
export interface ServiceAnswer extends TargetResponse {
  readonly execution?: ExecutionSummary;
}

/** Options of `serviceClient`. */
export interface ServiceClientOptions {
  /** Sent as `Authorization: Bearer <token>`. Default: `RELAY_API_TOKEN`, when set. */
  token?: string;
}

/** A client of a running service's executions API. */
export interface ServiceClient {
  /** One execution with its steps, logs and event, by `exec_` or `evt_` id or the provider's delivery id; `undefined` when the service has none. */
  execution(idOrEventId: string): Promise<ServiceExecution | undefined>;
  /** The stored executions, newest first. */
  executions(filter?: ExecutionsFilter): Promise<ServiceExecution[]>;
  /** `POST /api/executions/<id>/replay`: a new execution of the same event. */
  replay(idOrEventId: string): Promise<ServiceAnswer>;
  /** `POST /api/executions/<id>/retry`: the same execution again, completed steps skipped. */
  retry(id: string): Promise<ServiceAnswer>;
  /** Polls until the execution's handler has finished (completed or failed) and returns it. Default timeout 5 s. */
  waitUntilSettled(idOrEventId: string, options?: { timeoutMs?: number }): Promise<ServiceExecution>;
}

/** The paths of the executions API (src/core/paths.ts, kept here for the callers that import it from the harness). */
export { apiPaths };

/**
 * A client of the executions API of the service at `target` (a base URL, or any target of
 * `triggerWebhook`, e.g. a relaykit service in process). Reads throw a `RelayError` for an answer
 * other than 200 (or 404, which is `undefined`); `replay` and `retry` resolve to the answer, whatever its status.
 * @example
 * const service = serviceClient('http://localhost:3000', { token: process.env.RELAY_API_TOKEN });
 * const { execution } = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: 'http://localhost:3000' });
 * const done = await service.waitUntilSettled(execution!.id, { timeoutMs: 10_000 });
 * done.status; // 'completed' | 'failed'
 * await service.executions({ type: 'stripe.*', status: 'failed' });
 */
export function serviceClient(target?: Target, options: ServiceClientOptions = {}): ServiceClient {
  const token = options.token ?? apiTokenFromEnv();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const get = (path: string) => send(target, { method: 'GET', path, headers });
  const post = async (path: string): Promise<ServiceAnswer> => {
    const response = await send(target, { method: 'POST', path, headers });
    const execution = executionOf(response.json);
    return execution ? { ...response, execution } : response;
  };
  const unreadable = (what: string, response: TargetResponse) =>
    new RelayError('NOT_FOUND', `Could not read ${what} from ${response.url}: ${response.status} ${response.body.slice(0, 200)}`);

  const execution = async (id: string): Promise<ServiceExecution | undefined> => {
    const response = await get(apiPaths.execution(id));
    if (response.status === 404) return undefined;
    const found = executionOf(response.json);
    if (response.status !== 200 || !found) throw unreadable(`execution ${id}`, response);
    return found as ServiceExecution;
  };

  return {
    execution,
    async executions(filter = {}) {
      const response = await get(apiPaths.executions(filter));
      const items = (response.json as { items?: unknown } | undefined)?.items;
      if (response.status !== 200 || !Array.isArray(items)) throw unreadable('executions', response);
      return items as ServiceExecution[];
    },
    replay: (id) => post(apiPaths.replay(id)),
    retry: (id) => post(apiPaths.retry(id)),
    async waitUntilSettled(id, { timeoutMs = 5_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
        const found = await execution(id);
        if (found && isSettled(found.status)) return found;
        if (Date.now() > deadline) {
          throw new RelayError(
            'TIMEOUT',
            `execution ${id} did not finish within ${timeoutMs} ms (status: ${found?.status ?? 'not found'}). ` +
              `Pass a larger timeoutMs if the handler is slow, or see where it stands with relay inspect ${id}.`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
  };
}
