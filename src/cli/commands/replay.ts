/**
 * `relay replay <id>`: resolves the id (`exec_…`, `evt_…`, or the provider's delivery id) through the store of
 * the project's relay.ts, then POSTs `<base>/api/executions/<id>/replay` with the harness's service client, or
 * (`--print`) shows what would be replayed and sends nothing. With `--forward <url>` or `SERVICE_BASE_URL`, an id
 * the local store lacks (or a folder without one) is asked of that service's API. With `--to <url>`, the stored delivery is signed again with the test secret
 * (fresh delivery ids) and POSTed to exactly that URL, e.g. the user's own route; with `--path <path>`, to
 * that path on the base URL (`--forward`, which is then the user's app, not asked for executions).
 */
import { apiPaths, apiTokenFromEnv, DEFAULT_BASE_URL, ENV_NAMES, isSuccessStatus, RelayError } from '../../core/index.js';
import {
  checkExecutionId,
  deliver,
  errorDetail,
  joinUrl,
  previewReplay,
  replay,
  resignStored,
  type CapturedDelivery,
  type ReplayPreview,
  type RouteOptions,
} from '../../harness/index.js';
import { bodyValue, formatBody } from '../format.js';
import { baseUrl, pathOption, toUrlOption } from '../route-options.js';
import { EXIT, type Output } from '../output.js';
import { notFound, openStoredProject } from '../project.js';

/** cac's options of `relay replay`, unchecked. */
export interface ReplayCliOptions {
  forward?: unknown;
  print?: unknown;
  dir?: unknown;
  json?: unknown;
  to?: unknown;
  path?: unknown;
}

const PREFIX = '[relay replay]';

/** The execution to replay, and (for `--to`, `--path`) its stored delivery. */
interface Source {
  readonly preview: ReplayPreview;
  readonly event?: CapturedDelivery;
}

/** The execution from the service at `base` (`--forward`), when the local store does not have it. */
async function fromService(id: string, base: string, env: NodeJS.ProcessEnv, localMiss: string): Promise<Source> {
  const found = await previewReplay(id, { target: base, apiToken: apiTokenFromEnv(env) });
  if (!found) throw new RelayError('USAGE', `${localMiss.replace(/\.$/, '')}; nor does the service at ${base} know it.`);
  return { preview: found.preview, event: found.delivery };
}

/** Whether a service was named (`--forward` or `SERVICE_BASE_URL`), which `relay replay` may then ask for executions. */
function serviceNamed(options: ReplayCliOptions, env: NodeJS.ProcessEnv): boolean {
  return options.forward !== undefined || Boolean(env[ENV_NAMES.serviceBaseUrl]);
}

/** A local miss told with the way to ask a running service instead, when none was named. */
function withServiceHint(error: RelayError): RelayError {
  return new RelayError(
    error.code,
    `${error.message} To replay from a running relaykit service that has it, pass --forward <url> or set ${ENV_NAMES.serviceBaseUrl}=<url> (e.g. ${DEFAULT_BASE_URL}).`,
  );
}

/**
 * Finds the source execution in the local store, else (when `--forward` or `SERVICE_BASE_URL` names a service,
 * unless `--path` makes it the user's app) in that service; `resend` (`--to`, `--path`) also reads its stored delivery.
 */
async function findSource(id: string, options: ReplayCliOptions, base: string | undefined, env: NodeJS.ProcessEnv, resend: boolean): Promise<Source> {
  const remote = serviceNamed(options, env) && options.path === undefined && base !== undefined;
  let project;
  try {
    project = await openStoredProject('replay', options.dir);
  } catch (error) {
    if (!(error instanceof RelayError) || error.code !== 'USAGE') throw error;
    if (!remote) throw withServiceHint(error);
    return fromService(id, base, env, error.message);
  }
  try {
    const preview = await replay(id, { lookup: project.relay, print: true });
    const event = resend ? await project.relay.store.getEvent(preview.eventId) : undefined;
    return event ? { preview, event } : { preview };
  } catch (error) {
    if (!(error instanceof RelayError) || error.code !== 'NOT_FOUND') throw error;
    const missing = await notFound(project, id);
    if (!remote) throw withServiceHint(missing);
    return fromService(id, base, env, missing.message);
  } finally {
    await project.relay.close();
  }
}

/** `--to`, `--path`: the stored delivery signed again with the test secret, fresh ids, POSTed to the route at `url`. */
async function sendTo(out: Output, env: NodeJS.ProcessEnv, source: Source, route: RouteOptions, url: string, json: boolean): Promise<number> {
  const delivery = await resignStored(source.event!, { env });
  if (!json) out.line(`${PREFIX} POST ${url}`);
  const result = await deliver(delivery, route);
  const ok = isSuccessStatus(result.status);
  if (json) {
    const { sourceExecutionId } = source.preview;
    out.line(JSON.stringify({ url, status: result.status, body: bodyValue(result), sourceExecutionId, deliveryId: delivery.deliveryId }, null, 2));
  } else {
    out.line(`${PREFIX} ${ok ? out.green(String(result.status)) : out.red(String(result.status))}`);
    const body = formatBody(result);
    if (body !== '') out.line(body);
  }
  const reason = errorDetail(result);
  if (reason !== undefined) out.error(`  reason: ${reason}`);
  return ok ? EXIT.ok : EXIT.failed;
}

/**
 * Runs `relay replay`; resolves to the exit code. Input errors (a bad id, no relay.ts, an id that exists
 * nowhere) throw before anything is sent.
 * @example
 * await replayCommand(out, env, 'evt_01J…', { print: true, dir: 'examples' });
 */
export async function replayCommand(out: Output, env: NodeJS.ProcessEnv, id: string, options: ReplayCliOptions): Promise<number> {
  checkExecutionId(id);
  const to = toUrlOption(options.to);
  const path = pathOption(options.path, to);
  const resend = to !== undefined || path !== undefined;
  if (resend && options.print === true) throw new RelayError('USAGE', `--print sends nothing and ${to !== undefined ? '--to' : '--path'} sends the stored delivery: give one of them.`);
  const base = options.print === true && !serviceNamed(options, env) ? undefined : baseUrl(options.forward, env);
  const source = await findSource(id, options, base, env, resend);
  const preview = source.preview;
  if (to !== undefined) return sendTo(out, env, source, { to }, to, options.json === true);
  if (path !== undefined) return sendTo(out, env, source, { target: base!, path }, joinUrl(base!, path), options.json === true);

  if (options.print === true) {
    if (options.json === true) {
      out.line(JSON.stringify(preview, null, 2));
      return EXIT.ok;
    }
    out.line(`${PREFIX} Dry run: no request was sent and nothing was replayed.`);
    out.line(`Source execution: ${preview.sourceExecutionId}`);
    out.line(`Event type: ${preview.eventType}`);
    out.line('Event data:');
    out.line(JSON.stringify(preview.data, null, 2));
    return EXIT.ok;
  }

  const url = joinUrl(base!, apiPaths.replay(preview.sourceExecutionId));
  if (options.json !== true) out.line(`${PREFIX} POST ${url}`);
  const result = await replay(preview.sourceExecutionId, { target: base, apiToken: apiTokenFromEnv(env) });
  const ok = isSuccessStatus(result.status);
  if (options.json === true) {
    out.line(JSON.stringify({ url: result.url, status: result.status, body: bodyValue(result), sourceExecutionId: preview.sourceExecutionId }, null, 2));
  } else {
    out.line(`${PREFIX} ${ok ? out.green(String(result.status)) : out.red(String(result.status))}`);
    const body = formatBody(result);
    if (body !== '') out.line(body);
  }
  return ok ? EXIT.ok : EXIT.failed;
}
