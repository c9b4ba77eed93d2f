/**
 * `relay replay <eventId|executionId>`: resolves the id through the store of the project's relay.ts,
 * then POSTs `<base>/api/executions/<id>/replay` with the harness's service client, or (`--print`)
 * shows what would be replayed and sends nothing.
 */
import { RelayError } from '../../core/index.js';
import { checkExecutionId, replay } from '../../harness/replay.js';
import { apiPaths, serviceClient } from '../../harness/service-client.js';
import { joinUrl } from '../../harness/targets.js';
import { bodyValue, formatBody } from '../format.js';
import { baseUrl } from '../options.js';
import { EXIT, type Output } from '../output.js';
import { notFound, openStoredProject } from '../project.js';

/** cac's options of `relay replay`, unchecked. */
export interface ReplayCliOptions {
  forward?: unknown;
  print?: unknown;
  dir?: unknown;
  json?: unknown;
}

const PREFIX = '[relay replay]';

/**
 * Runs `relay replay`; resolves to the exit code. Input errors (a bad id, no relay.ts, an id that exists
 * nowhere) throw before anything is sent.
 * @example
 * await replayCommand(out, env, 'evt_01J…', { print: true, dir: 'examples' });
 */
export async function replayCommand(out: Output, env: NodeJS.ProcessEnv, id: string, options: ReplayCliOptions): Promise<number> {
  checkExecutionId(id);
  const base = options.print === true ? undefined : baseUrl(options.forward, env);
  const project = await openStoredProject('replay', options.dir);
  let preview;
  try {
    preview = await replay(id, { lookup: project.relay, print: true });
  } catch (error) {
    if (error instanceof RelayError && error.code === 'NOT_FOUND') throw await notFound(project, id);
    throw error;
  } finally {
    await project.relay.close();
  }

  if (base === undefined) {
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

  const url = joinUrl(base, apiPaths.replay(preview.sourceExecutionId));
  if (options.json !== true) out.line(`${PREFIX} POST ${url}`);
  const result = await serviceClient(base, { token: env.RELAY_API_TOKEN || undefined }).replay(preview.sourceExecutionId);
  const ok = result.status >= 200 && result.status < 300;
  if (options.json === true) {
    out.line(JSON.stringify({ url: result.url, status: result.status, body: bodyValue(result), sourceExecutionId: preview.sourceExecutionId }, null, 2));
  } else {
    out.line(`${PREFIX} ${ok ? out.green(String(result.status)) : out.red(String(result.status))}`);
    const body = formatBody(result);
    if (body !== '') out.line(body);
  }
  return ok ? EXIT.ok : EXIT.failed;
}
