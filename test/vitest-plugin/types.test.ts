/** The matchers and the fixture are typed: correct use type-checks, misuse does not. */
import { describe, expect, it } from 'vitest';
import { typecheck } from '../support/typecheck.js';

const header = `import { expect, test, triggerWebhook, type StoredExecutionDetail } from '../../src/vitest-plugin/index.js';\n`;

const good = `${header}
test('t', async ({ relay }) => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
  expect(result).toBeAccepted();
  expect(result).not.toBeRejectedAsForgery();
  expect(result.execution).toBeReplayOf('exec_1');
  const url: string = relay.url;
  const list: { id: string }[] = await relay.executions({ status: 'completed' });
  void url; void list;
});

// relay.settled() and relay.execution() carry the service's detail view: steps, logs, error and event were \`unknown\`.
test('settled', async ({ relay }) => {
  const done = await relay.settled('exec_1');
  const names: string[] = done.steps.map((step) => step.name);
  const durations: (number | null)[] = done.steps?.map((step) => step.durationMs) ?? [];
  const lines: string[] = done.logs.map((log) => \`\${log.level} \${log.message}\`);
  const error: string | null = done.error;
  const status: 'pending' | 'running' | 'completed' | 'failed' = done.status;
  const data: unknown = done.event.data;
  const found: StoredExecutionDetail | undefined = await relay.execution('evt_1');
  const stepError: string | null | undefined = found?.steps[0]?.error;
  void names; void durations; void lines; void error; void status; void data; void stepError;
});
`;

const bad: Record<string, [string, RegExp]> = {
  'accepted-argument': [`expect(1).toBeAccepted(2);`, /Expected 0 arguments/],
  'replay-without-source': [`expect(1).toBeReplayOf();`, /Expected 1 arguments/],
  'unknown-fixture-field': [`test('t', async ({ relay }) => { relay.nope; });`, /Property 'nope' does not exist/],
  'settled-step-unknown-field': [`test('t', async ({ relay }) => { (await relay.settled('exec_1')).steps[0]!.nope; });`, /Property 'nope' does not exist/],
  'settled-error-not-a-number': [`test('t', async ({ relay }) => { const n: number = (await relay.settled('exec_1')).error; void n; });`, /Type 'string \| null' is not assignable to type 'number'/],
};

describe('relaykit/vitest types', () => {
  it('correct use type-checks; each misuse is an error in its own file', () => {
    const files: Record<string, string> = { 'test/.generated/vitest-ok.ts': good };
    for (const [name, [line]] of Object.entries(bad)) files[`test/.generated/vitest-${name}.ts`] = `${header}${line}\n`;
    const errors = typecheck(files);
    expect(errors.filter((e) => e.includes('vitest-ok.ts'))).toEqual([]);
    for (const [name, [, message]] of Object.entries(bad)) {
      expect(errors.filter((e) => e.includes(`vitest-${name}.ts`)).join('\n'), name).toMatch(message);
    }
    expect(errors.filter((e) => !e.includes('test/.generated/'))).toEqual([]);
    // One TypeScript program over the plugin's declarations and vitest's: about 10 s alone, several
    // times that on a loaded two-core machine, where the 20 s default cut it off. A bound, not a goal.
  }, 90_000);
});
