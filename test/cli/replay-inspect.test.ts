/**
 * `relay trigger`, `relay inspect` and `relay replay` against a real `relay dev` serving a project's
 * relay.ts, with `RELAY_API_TOKEN` set on the service: each command is the built bin in its own process,
 * reading the SQLite store that `relay dev` writes.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteStore } from '../../src/service/store/index.js';
import { secrets } from '../service/official.js';
import { cleanUp, deadUrl, project, recordingServer, relay, startDev, until } from './bin.js';

const token = 'cli-test-token';
let dir: string;
let url: string;
let store: SqliteStore;
/** The execution `relay trigger` created, once its handler has completed. */
let source: { id: string; eventId: string };

beforeAll(async () => {
  dir = project('example');
  ({ url } = await startDev(dir, { STRIPE_WEBHOOK_SECRET: secrets.stripe, RELAY_API_TOKEN: token }));
  store = new SqliteStore({ path: path.join(dir, '.relay', 'relay.db') });
});
afterAll(async () => {
  await store?.close();
  await cleanUp();
});

describe('relay trigger against relay dev', () => {
  it('gets the new execution, and --repeat redelivers the same bytes, which the service deduplicates', async () => {
    const result = await relay(['trigger', 'stripe', 'payment_intent.succeeded', '--forward', url, '--repeat', '2'], {
      env: { STRIPE_WEBHOOK_SECRET: secrets.stripe },
    });
    expect(result.code).toBe(0);
    const blocks = result.stdout.split(`[relay trigger] POST ${url}/api/webhook/stripe\n[relay trigger] 200\n`);
    expect(blocks).toHaveLength(3);
    const [first, second] = [JSON.parse(blocks[1]!), JSON.parse(blocks[2]!)];
    expect(first).toMatchObject({ eventType: 'stripe.payment_intent.succeeded', status: 'pending', attempt: 1 });
    expect(second.id).toBe(first.id);
    expect(await store.countExecutions()).toBe(1);
    source = { id: first.id, eventId: first.eventId };
    await until(async () => ((await store.getExecution(source.id))?.status === 'completed' ? true : undefined), 'the handler to complete');
  });
});

describe('relay inspect', () => {
  it('prints the execution, its steps and its logs as a readable block, by event id', async () => {
    const result = await relay(['inspect', source.eventId, '--dir', dir]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    const lines = result.stdout.split('\n');
    expect(lines.slice(0, 5)).toEqual([
      `Execution:     ${source.id}`,
      `Event:         ${source.eventId}`,
      'Event type:    stripe.payment_intent.succeeded',
      'Status:        completed',
      'Attempt:       1',
    ]);
    expect(lines[5]).toMatch(/^Created: {7}\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(lines[6]).toMatch(/^Updated: {7}\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    expect(result.stdout).not.toContain('Replayed from');
    expect(lines).toContain('Steps (2):');
    expect(lines.find((l) => l.startsWith('  mark-order-paid'))).toMatch(/^ {2}mark-order-paid {2}completed {2}\d+ ms$/);
    expect(lines.find((l) => l.startsWith('  send-receipt'))).toMatch(/^ {2}send-receipt {5}completed {2}\d+ ms$/);
    expect(lines).toContain('Logs (1):');
    expect(lines.find((l) => l.includes('payment recorded'))).toMatch(/^ {2}\S+Z {2}info {3}payment recorded \{"orderId":/);
  });

  it('--json prints the full execution, with its event data', async () => {
    const result = await relay(['inspect', source.id, '--dir', dir, '--json']);
    const json = JSON.parse(result.stdout);
    expect(json).toMatchObject({ id: source.id, eventId: source.eventId, status: 'completed', event: { provider: 'stripe' } });
    expect(json.steps).toHaveLength(2);
    expect(json.event.data.type).toBe('payment_intent.succeeded');
  });
});

describe('relay replay', () => {
  it('--print shows the dry run from the store, sends nothing and replays nothing', async () => {
    const result = await relay(['replay', source.eventId, '--print', '--forward', await deadUrl()], { cwd: dir });
    const stored = await store.getEvent(source.eventId);
    expect(result).toEqual({
      code: 0,
      stdout:
        '[relay replay] Dry run: no request was sent and nothing was replayed.\n' +
        `Source execution: ${source.id}\n` +
        'Event type: stripe.payment_intent.succeeded\n' +
        'Event data:\n' +
        `${JSON.stringify(stored!.data, null, 2)}\n`,
      stderr: '',
    });
    const json = await relay(['replay', source.id, '--print', '--json', '--dir', dir]);
    expect(JSON.parse(json.stdout)).toEqual({ dryRun: true, sourceExecutionId: source.id, eventId: source.eventId, eventType: 'stripe.payment_intent.succeeded', data: stored!.data });
    expect(await store.countExecutions()).toBe(1);
  });

  it('POSTs the replay with the bearer token, prints the new execution, which inspect shows as replayed', async () => {
    const result = await relay(['replay', source.eventId, '--dir', dir, '--forward', url], { env: { RELAY_API_TOKEN: token } });
    expect(result.code).toBe(0);
    const [post, status, ...body] = result.stdout.trimEnd().split('\n');
    expect([post, status]).toEqual([`[relay replay] POST ${url}/api/executions/${source.id}/replay`, '[relay replay] 200']);
    const replayed = JSON.parse(body.join('\n'));
    expect(replayed).toMatchObject({ replayedFrom: source.id, attempt: 1, status: 'pending', eventType: 'stripe.payment_intent.succeeded' });
    expect(body.join('\n')).toBe(JSON.stringify(replayed, null, 2));
    const inspected = await relay(['inspect', replayed.id, '--dir', dir]);
    expect(inspected.stdout.split('\n')).toContain(`Replayed from: ${source.id}`);
  });

  it('prints the 401 and exits 1 without the token; SERVICE_BASE_URL is the default target', async () => {
    const result = await relay(['replay', source.id, '--dir', dir], { env: { SERVICE_BASE_URL: url } });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(new RegExp(`^\\[relay replay\\] POST ${url}/api/executions/${source.id}/replay\\n\\[relay replay\\] 401\\n\\{\\n  "error": "`));
  });

  it('sends Authorization: Bearer $RELAY_API_TOKEN and nothing else when unset', async () => {
    const server = await recordingServer();
    const withToken = await relay(['replay', source.id, '--dir', dir, '--forward', server.url], { env: { RELAY_API_TOKEN: 'abc' } });
    const without = await relay(['replay', source.id, '--dir', dir, '--forward', server.url]);
    expect([withToken, without].map((r) => [r.code, r.stderr])).toEqual([
      [0, ''],
      [0, ''],
    ]);
    expect(server.requests.map((r) => [r.method, r.url, r.headers.authorization])).toEqual([
      ['POST', `/api/executions/${source.id}/replay`, 'Bearer abc'],
      ['POST', `/api/executions/${source.id}/replay`, undefined],
    ]);
  });

  it('exits 1 with one line naming the URL and suggesting relay dev when nothing listens', async () => {
    const dead = await deadUrl();
    const result = await relay(['replay', source.id, '--dir', dir, '--forward', dead]);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `relay: could not reach ${dead}/api/executions/${source.id}/replay (ECONNREFUSED). Is the service running? Start one with \`relay dev\`.\n`,
    );
  });
});

describe('relay replay and relay inspect input errors', () => {
  it('exit 2 with one line for an unknown id, a missing relay.ts, a relay.ts without a service, a malformed id', async () => {
    const empty = project();
    const noService = project('export const answer = 42;\n');
    const missing = 'exec_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const cases = [
      [['replay', missing, '--dir', dir], `relay: no execution or event with id ${missing} in ${path.join(dir, '.relay', 'relay.db')}.`],
      [['inspect', 'evt_01JZZZZZZZZZZZZZZZZZZZZZZZ', '--dir', dir], `relay: no execution or event with id evt_01JZZZZZZZZZZZZZZZZZZZZZZZ in ${path.join(dir, '.relay', 'relay.db')}.`],
      [['replay', source.id, '--print', '--dir', empty], `relay: no relay.ts and no .relay/relay.db in ${empty}. relay replay reads executions through the service your relay.ts exports (export default createRelay({ … })), or the store relay dev keeps there; run it in that directory or pass --dir <path>.`],
      [['inspect', source.id, '--dir', noService], `relay: ${path.join(noService, 'relay.ts')} does not export a relay service.`],
      [['replay', 'order 42', '--dir', dir], 'relay: "order 42" is not an id relaykit can look up: give an execution id (exec_…), an event id (evt_…) or the provider\'s delivery id'],
    ] as const;
    const results = await Promise.all(cases.map(([argv]) => relay(argv)));
    results.forEach((result, i) => {
      expect(result.code, cases[i]![0].join(' ')).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr.split('\n')).toHaveLength(2);
      expect(result.stderr).toContain(cases[i]![1]);
    });
    expect(await store.countExecutions()).toBe(2);
  });
});

describe('a project without relay.ts', () => {
  it('inspect and replay --print read the store relay dev keeps for the built-ins', async () => {
    const bare = project();
    const dev = await startDev(bare, { GITHUB_WEBHOOK_SECRET: secrets.github });
    const sent = await relay(['trigger', 'github', 'issues.opened', '--forward', dev.url, '--json'], { env: { GITHUB_WEBHOOK_SECRET: secrets.github } });
    expect(sent.code).toBe(0);
    const execution = (JSON.parse(sent.stdout) as { body: { id: string } }).body;
    const inspected = await relay(['inspect', execution.id, '--dir', bare]);
    expect(inspected.code, inspected.stderr).toBe(0);
    expect(inspected.stdout).toContain(`Execution:     ${execution.id}`);
    expect(inspected.stdout).toContain('Event type:    github.issues.opened');
    const printed = await relay(['replay', execution.id, '--print', '--dir', bare]);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.split('\n').slice(0, 3)).toEqual([
      '[relay replay] Dry run: no request was sent and nothing was replayed.',
      `Source execution: ${execution.id}`,
      'Event type: github.issues.opened',
    ]);
  });
});
