/**
 * relaykit/jest's global setup and teardown, called as Jest calls them (with its project config), and
 * what a worker reads afterwards: the run's context and fixture, or an error saying what to configure.
 * Jest itself runs them in test/package/runners.test.ts.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterEach, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import globalSetup from '../../src/jest/global-setup.js';
import globalTeardown from '../../src/jest/global-teardown.js';
import { relayContext, relayEmulator, relayFixture, triggerWebhook } from '../../src/jest/index.js';

const rootDir = path.resolve(import.meta.dirname, '../..');
afterEach(() => globalTeardown());

describe('relaykit/jest/global-setup and global-teardown', () => {
  it("starts the service with globals.relaykit's options, hands it to the worker's env, and the teardown stops it and restores the env", async () => {
    const secretBefore = process.env.GITHUB_WEBHOOK_SECRET;
    await globalSetup({}, { rootDir, globals: { relaykit: { dir: false, secrets: { github: 'jest-secret' } } } });
    const context = relayContext();
    expect(context.secrets.github).toBe('jest-secret');
    expect(process.env.GITHUB_WEBHOOK_SECRET).toBe('jest-secret');
    expect(process.env.RELAYKIT_SERVICE_URL).toBe(context.url);

    const result = await triggerWebhook('github', 'push'); // no target: the run's service
    expect(result.status).toBe(200);
    expect((await relayFixture().settled(result.execution!.id)).eventType).toBe('github.push');

    const contextFile = process.env.RELAYKIT_CONTEXT_FILE!;
    await globalTeardown();
    expect(existsSync(contextFile)).toBe(false);
    expect(process.env.GITHUB_WEBHOOK_SECRET).toBe(secretBefore);
    expect(() => relayContext()).toThrow(
      "No relay service in this run (RELAYKIT_CONTEXT_FILE is not set). Add globalSetup: 'relaykit/jest/global-setup' and " +
        "globalTeardown: 'relaykit/jest/global-teardown' to the Jest config (and setupFilesAfterEnv: ['relaykit/jest/setup'] for the matchers).",
    );
  });

  it('starts the emulator with globals.relaykit.emulate: relayEmulator() calls it back into the run\'s service; the teardown stops it', async () => {
    expect(() => relayEmulator()).toThrow('No relay service in this run (RELAYKIT_CONTEXT_FILE is not set).');
    await globalSetup({}, { rootDir, globals: { relaykit: { dir: false, emulate: { providers: ['stripe'] } } } });
    const emulator = relayEmulator();
    expect(emulator.providers).toEqual(['stripe']);
    expect(process.env.RELAYKIT_EMULATOR_URL).toBe(emulator.url);
    const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
    const customer = await stripe.customers.create({ email: 'ada@example.com' });
    await emulator.settled();
    const [delivery] = await emulator.deliveries({ type: 'customer.created' });
    expect(delivery).toMatchObject({ status: 'delivered', objectId: customer.id, endpoint: { url: `${relayContext().url}/api/webhook/stripe` } });
    expect((await relayFixture().executions({ type: 'stripe.customer.created' })).length).toBe(1);

    await globalTeardown();
    await expect(emulator.settled()).rejects.toThrow(`No relaykit emulator answers at ${emulator.url}`);
    await globalSetup({}, { rootDir, globals: { relaykit: { dir: false } } });
    expect(() => relayEmulator()).toThrow("This run started no emulator: turn it on in relaykit's options");
  });

  it("looks for relay.ts in Jest's rootDir, or in globals.relaykit.dir resolved from there", async () => {
    const project = mkdtempSync(path.join(tmpdir(), 'relaykit-jest-'));
    try {
      // A relay.ts that exports no service: the error names the file the setup loaded.
      mkdirSync(path.join(project, 'src'));
      writeFileSync(path.join(project, 'relay.ts'), 'export const nothing = 1;\n');
      const failure = (rootDir: string, dir?: string) =>
        globalSetup({}, { rootDir, globals: dir === undefined ? {} : { relaykit: { dir } } }).then(
          () => 'started',
          (error: Error) => error.message.split(' does not export')[0],
        );
      expect(await failure(project)).toBe(path.join(project, 'relay.ts'));
      expect(await failure(path.join(project, 'src'), '..')).toBe(path.join(project, 'relay.ts'));
    } finally {
      rmSync(project, { recursive: true, force: true });
    }
  });

  it('refuses globals.relaykit that is not an object, and mockProviders, with what to do instead', async () => {
    const refused = [
      globalSetup({}, { rootDir, globals: { relaykit: 'yes' } }),
      globalSetup({}, { rootDir, globals: { relaykit: { mockProviders: true } } }),
      globalSetup({}, { rootDir, globals: { relaykit: { secrets: { stripe: '' } } } }),
    ];
    const messages = await Promise.all(refused.map((setup) => setup.then(() => 'started', (error: unknown) => (RelayError.is(error) ? error.message : String(error)))));
    expect(messages).toEqual([
      'globals.relaykit in the Jest config must be an object ({ dir, secrets, apiToken, emulate }), got "yes".',
      "globals.relaykit: mockProviders is supported under Vitest only, not under Jest. Turn on emulate: true instead (the providers' APIs for the whole run, " +
        "over HTTP, at relayEmulator().clientOptions(provider)), or start the mock provider APIs in a setup of your own with createProviderServer() from 'relaykit/msw' " +
        '(server.listen() before the tests, server.close() after).',
      'globals.relaykit({ secrets }): the secret for "stripe" must be a non-empty string.',
    ]);
    expect(process.env.RELAYKIT_CONTEXT_FILE).toBeUndefined();
  });
});
