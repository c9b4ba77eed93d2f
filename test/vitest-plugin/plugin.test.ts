/**
 * The Vitest plugin as a user runs it: a project with vitest.config.ts and relay.ts, its tests run
 * by a real Vitest process against the plugin's service, with the official Stripe verifier.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createProject, runVitest, type Project } from './project.js';

const projects: Project[] = [];
afterEach(() => {
  for (const project of projects.splice(0)) project.remove();
});

const relayTs = `
import { createRelay } from 'relaykit';
export default createRelay({
  handlers: {
    'stripe.*': async (event, { step, log }) => {
      const id = await step.run('record', () => (event.data as any).data.object.id);
      log('recorded', { id });
    },
  },
});
`;

const userTests = `
import Stripe from 'stripe';
import { expect, replay, test, triggerWebhook } from 'relaykit/vitest';

test('accepted, handled and stored', async ({ relay }) => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded');
  expect(result).toBeAccepted();
  const done = await relay.settled(result.execution!.id);
  expect(done.status).toBe('completed');
  expect((done as any).steps.map((s: any) => s.name)).toEqual(['record']);
  expect(await relay.executions({ type: 'stripe.payment_intent.succeeded' })).toHaveLength(1);
  expect(relay.url).toMatch(/^http:\\/\\/127\\.0\\.0\\.1:\\d+$/);
});

test('the worker env holds the secret the service verifies with', async ({ relay }) => {
  const result = await triggerWebhook('stripe', 'charge.succeeded');
  const event = new Stripe('sk_test').webhooks.constructEvent(result.delivery.body, result.delivery.headers['Stripe-Signature']!, process.env.STRIPE_WEBHOOK_SECRET!);
  expect(event.type).toBe('charge.succeeded');
  expect(relay.secrets.stripe).toBe(process.env.STRIPE_WEBHOOK_SECRET);
  expect(relay.secrets.stripe).toMatch(/^whsec_/);
});

test('replay', async () => {
  const source = await triggerWebhook('stripe', 'invoice.paid');
  const replayed = await replay(source.execution!.id);
  expect(replayed.execution).toBeReplayOf(source);
  const preview = await replay(source.execution!.eventId, { print: true });
  expect(preview.sourceExecutionId).toBe(source.execution!.id);
});

test('forgery', async () => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { secret: 'whsec_wrong' });
  expect(result).toBeRejectedAsForgery();
  expect(result).not.toBeAccepted();
});

test('MUST FAIL toBeAccepted', async () => {
  expect(await triggerWebhook('stripe', 'payment_intent.succeeded', { secret: 'whsec_wrong' })).toBeAccepted();
});

test('MUST FAIL toBeRejectedAsForgery', async () => {
  expect(await triggerWebhook('stripe', 'payment_intent.succeeded')).toBeRejectedAsForgery();
});

test('MUST FAIL toBeReplayOf', async () => {
  const a = await triggerWebhook('stripe', 'payment_intent.succeeded');
  const b = await triggerWebhook('stripe', 'payment_intent.succeeded');
  expect(b.execution).toBeReplayOf(a.execution);
});
`;

function statuses(tests: Map<string, { status: string }>): Record<string, string> {
  return Object.fromEntries([...tests].map(([name, t]) => [name, t.status]));
}

describe('relay() Vitest plugin', () => {
  it("runs the user's tests against relay.ts on an ephemeral port; the matchers pass and fail as they should", async () => {
    const project = createProject(
      {
        'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nimport { relay } from 'relaykit/vitest';\nexport default defineConfig({ plugins: [relay()] });\n`,
        'relay.ts': relayTs,
        'webhooks.test.ts': userTests,
      },
      ['vitest', 'stripe'],
    );
    projects.push(project);
    const run = await runVitest(project);
    expect(statuses(run.tests), run.output).toEqual({
      'accepted, handled and stored': 'passed',
      'the worker env holds the secret the service verifies with': 'passed',
      replay: 'passed',
      forgery: 'passed',
      'MUST FAIL toBeAccepted': 'failed',
      'MUST FAIL toBeRejectedAsForgery': 'failed',
      'MUST FAIL toBeReplayOf': 'failed',
    });
    expect(run.tests.get('MUST FAIL toBeAccepted')!.failures[0]).toMatch(/expected the delivery to be accepted \(2xx\), but the target answered 401: .*STRIPE_WEBHOOK_SECRET/);
    expect(run.tests.get('MUST FAIL toBeRejectedAsForgery')!.failures[0]).toMatch(/reject the delivery as a forgery \(400, 401 or 403\), but it answered 200/);
    expect(run.tests.get('MUST FAIL toBeReplayOf')!.failures[0]).toMatch(/to be a replay of exec_\w+, but replayedFrom is undefined/);
    expect(run.code).toBe(1);
  });

  it('serves the built-ins without relay.ts, with given secrets, and the globalSetup entry does the same', async () => {
    const test = `
import { expect, test, triggerWebhook } from 'relaykit/vitest';
test('github', async ({ relay }) => {
  expect(process.env.GITHUB_WEBHOOK_SECRET).toBe('given-secret');
  const result = await triggerWebhook('github', 'pull_request.opened');
  expect(result).toBeAccepted();
  expect(result.execution!.eventType).toBe('github.pull_request.opened');
  expect((await relay.executions()).map((e) => e.id)).toContain(result.execution!.id);
});
`;
    const plugin = createProject({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nimport { relay } from 'relaykit/vitest';\nexport default defineConfig({ plugins: [relay({ secrets: { github: 'given-secret' } })] });\n`,
      'a.test.ts': test,
    });
    const globalSetup = createProject({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({ test: { globalSetup: ['relaykit/vitest/global-setup'], setupFiles: ['relaykit/vitest/setup'] } });\n`,
      'a.test.ts': test,
    });
    projects.push(plugin, globalSetup);
    const [withPlugin, withGlobalSetup] = await Promise.all([runVitest(plugin), runVitest(globalSetup, { GITHUB_WEBHOOK_SECRET: 'given-secret' })]);
    expect(statuses(withPlugin.tests), withPlugin.output).toEqual({ github: 'passed' });
    expect(statuses(withGlobalSetup.tests), withGlobalSetup.output).toEqual({ github: 'passed' });
  });

  it('mockProviders: the SDK retrieves what the webhook carried, the world resets between tests, providerServer() takes handlers of the test', async () => {
    const test = `
import Stripe from 'stripe';
import { http, HttpResponse } from 'msw';
import { providerWorld } from 'relaykit/msw';
import { expect, providerServer, test, triggerWebhook } from 'relaykit/vitest';

const stripe = new Stripe('sk_test_relaykit');
let intentId = '';

test('retrieve', async () => {
  const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { data: { amount: 4321 } });
  expect(result).toBeAccepted();
  intentId = (JSON.parse(result.delivery.body) as any).data.object.id;
  const intent = await stripe.paymentIntents.retrieve(intentId);
  expect(intent.amount).toBe(4321);
  expect(providerWorld.get('stripe', 'payment_intent', intentId)).toBeDefined();
});

test('reset after each test', async () => {
  expect(intentId).toMatch(/^pi_/);
  await expect(stripe.paymentIntents.retrieve(intentId)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
});

test('a handler of the test, with the project msw, on the same server', async () => {
  providerServer().use(http.get('https://api.stripe.com/v1/balance', () => HttpResponse.json({ object: 'balance', available: [{ amount: 777, currency: 'usd' }], pending: [], livemode: false })));
  expect((await stripe.balance.retrieve()).available[0]!.amount).toBe(777);
});

test('the handler is gone after its test: relaykit answers again', async () => {
  const balance = await stripe.balance.retrieve();
  expect(balance.object).toBe('balance');
  expect(balance.available.map((a) => a.amount)).not.toContain(777);
});
`;
    const project = createProject(
      {
        'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nimport { relay } from 'relaykit/vitest';\nexport default defineConfig({ plugins: [relay({ mockProviders: true })], test: { sequence: { shuffle: false } } });\n`,
        'a.test.ts': test,
      },
      ['vitest', 'stripe', 'msw'],
    );
    projects.push(project);
    const run = await runVitest(project);
    expect(statuses(run.tests), run.output).toEqual({
      retrieve: 'passed',
      'reset after each test': 'passed',
      'a handler of the test, with the project msw, on the same server': 'passed',
      'the handler is gone after its test: relaykit answers again': 'passed',
    });
  });

  it("emulate: the SDK's call is delivered back to relay.ts by the run's emulator, reached from the fixture and relayEmulator()", async () => {
    const test = `
import Stripe from 'stripe';
import { expect, relayEmulator, test } from 'relaykit/vitest';

test('a customer created through the emulator is handled by relay.ts', async ({ relay }) => {
  expect(relayEmulator().url).toBe(relay.emulator.url);
  const stripe = new Stripe('sk_test_123', relay.emulator.clientOptions('stripe'));
  const customer = await stripe.customers.create({ email: 'ada@example.com' });
  await relay.emulator.settled();
  const [stored] = await relay.executions({ type: 'stripe.customer.created' });
  const done = await relay.settled(stored!.id);
  expect(done.status).toBe('completed');
  expect(done.logs.map((line) => line.fields)).toEqual([{ id: customer.id }]);
  expect((await relay.emulator.deliveries({ type: 'customer.created' }))[0]!.status).toBe('delivered');
});
`;
    const project = createProject(
      {
        'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nimport { relay } from 'relaykit/vitest';\nexport default defineConfig({ plugins: [relay({ emulate: { providers: ['stripe'] } })] });\n`,
        'relay.ts': relayTs,
        'a.test.ts': test,
      },
      ['vitest', 'stripe'],
    );
    projects.push(project);
    const run = await runVitest(project);
    expect(statuses(run.tests), run.output).toEqual({ 'a customer created through the emulator is handled by relay.ts': 'passed' });
  });

  it('stops the run before any test when the store cannot open, naming the cause, instead of failing each request', async () => {
    const project = createProject({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nimport { relay } from 'relaykit/vitest';\nexport default defineConfig({ plugins: [relay()] });\n`,
      'a.test.ts': `import { expect, test, triggerWebhook } from 'relaykit/vitest';\ntest('github', async () => { expect(await triggerWebhook('github', 'push')).toBeAccepted(); });\n`,
    });
    projects.push(project);
    const run = await runVitest(project, { RELAY_SQLITE_DRIVER: 'sqlite4' });
    expect(run.code, run.output).not.toBe(0);
    expect(run.output).toContain('Unknown SQLite driver "sqlite4"');
    expect([...run.tests.values()].filter((t) => t.status === 'passed')).toEqual([]);
    expect(run.output).not.toContain('Internal error in the relay service');
  });

  it('without the plugin, the fixture says how to add it', async () => {
    const project = createProject({
      'vitest.config.ts': `import { defineConfig } from 'vitest/config';\nexport default defineConfig({});\n`,
      'a.test.ts': `import { test } from 'relaykit/vitest';\ntest('needs the plugin', async ({ relay }) => { relay.url; });\n`,
    });
    projects.push(project);
    const run = await runVitest(project);
    expect(run.tests.get('needs the plugin')?.failures[0]).toMatch(/no relay service in this run\. Add the plugin to vitest\.config\.ts: plugins: \[relay\(\)\]/);
  });
});
