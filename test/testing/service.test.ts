/**
 * The test core's service for a run (src/testing): started with no test runner, handed to workers
 * through their environment (a context file and env vars), so a worker in another process, as Jest's
 * and node:test's are, finds it; closed, it leaves no file and no env behind.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTEXT_FILE_ENV, createRelayFixture, readTestContext, startTestService, type StartedService } from '../../src/testing/index.js';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const started: StartedService[] = [];
afterEach(async () => {
  for (const service of started.splice(0)) await service.close();
});

describe('startTestService', () => {
  it('hands the service to a worker in another process through the env: it reads the context file, delivers to the URL and waits for settled()', async () => {
    const service = await startTestService({ dir: false, secrets: { github: 'given-secret' }, apiToken: 'token-1' }, { root });
    started.push(service);
    expect(service.context).toEqual({
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      secrets: expect.objectContaining({ github: 'given-secret', stripe: expect.stringMatching(/^whsec_/) }),
      apiToken: 'token-1',
      mockProviders: { enabled: false, reset: true },
    });
    expect(process.env[CONTEXT_FILE_ENV]).toBe(service.contextFile);
    expect(JSON.parse(readFileSync(service.contextFile, 'utf8'))).toEqual(service.context);
    expect(statSync(service.contextFile).mode & 0o077).toBe(0);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/worker.ts')], { cwd: root, env: process.env });
    const seen = JSON.parse(stdout) as { url: string; status: number; settled: string; listed: string[]; id: string; secretFromEnv: boolean };
    expect(seen).toMatchObject({ url: service.context.url, status: 200, settled: 'completed', listed: [seen.id], secretFromEnv: true });
  });

  it('close() stops the service, removes the context file and puts the env back as it was', async () => {
    const before = { GITHUB_WEBHOOK_SECRET: process.env.GITHUB_WEBHOOK_SECRET, RELAYKIT_SERVICE_URL: process.env.RELAYKIT_SERVICE_URL };
    process.env.GITHUB_WEBHOOK_SECRET = 'from-the-env';
    try {
      const service = await startTestService({ dir: false, mockProviders: { reset: false } }, { root });
      expect(service.context.secrets.github).toBe('from-the-env');
      expect(service.context.mockProviders).toEqual({ enabled: true, reset: false });
      expect(process.env.RELAYKIT_SERVICE_URL).toBe(service.context.url);
      await Promise.all([service.close(), service.close()]);
      expect(existsSync(service.contextFile)).toBe(false);
      expect(process.env[CONTEXT_FILE_ENV]).toBeUndefined();
      expect(process.env.RELAYKIT_SERVICE_URL).toBe(before.RELAYKIT_SERVICE_URL);
      expect(process.env.GITHUB_WEBHOOK_SECRET).toBe('from-the-env');
      await expect(fetch(`${service.context.url}/api/executions`)).rejects.toThrow();
      expect(readTestContext()).toBeUndefined();
    } finally {
      if (before.GITHUB_WEBHOOK_SECRET === undefined) delete process.env.GITHUB_WEBHOOK_SECRET;
      else process.env.GITHUB_WEBHOOK_SECRET = before.GITHUB_WEBHOOK_SECRET;
    }
  });

  it("refuses bad options naming the function the user configured, and sets no env", async () => {
    await expect(startTestService({ secrets: { github: '' } }, { root })).rejects.toThrow(
      'relay({ secrets }): the secret for "github" must be a non-empty string.',
    );
    await expect(startTestService({ dir: 3 as unknown as string }, { root, caller: 'relayJest' })).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: 'relayJest({ dir }) must be a path or false, got number.',
    });
    expect(process.env[CONTEXT_FILE_ENV]).toBeUndefined();
  });
});

describe('startTestService({ emulate })', () => {
  it("starts the emulator beside the service, delivering to the service's mounts with the run's secrets; a worker in another process reaches it through the context", async () => {
    const service = await startTestService({ dir: false, emulate: { providers: ['stripe', 'resend'], seed: 5 } }, { root });
    started.push(service);
    const info = service.context.emulator!;
    expect(Object.keys(info.providers)).toEqual(['stripe', 'resend']);
    expect(process.env.RELAYKIT_EMULATOR_URL).toBe(info.url);
    expect(process.env.RESEND_BASE_URL).toBe(`${info.url}/resend`);
    expect(JSON.parse(readFileSync(service.contextFile, 'utf8'))).toEqual(service.context);

    const { stdout } = await run(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'support/emulator-worker.ts')], { cwd: root, env: process.env });
    const seen = JSON.parse(stdout) as { intent: string; email: string; stored: string[]; sent: string[] };
    const paid = ['payment_intent.created', 'charge.succeeded', 'payment_intent.succeeded', 'charge.updated'];
    expect(seen.sent).toEqual([
      ...paid.map((type) => `${type} delivered <service>/api/webhook/stripe`),
      'email.sent delivered <service>/api/webhook/resend',
      'email.delivered delivered <service>/api/webhook/resend',
    ]);
    expect(seen.stored).toEqual([...paid.map((type) => `stripe.${type} completed`), 'resend.email.sent completed', 'resend.email.delivered completed'].sort());
  });

  it('stops the emulator with the service and puts its env back; a fixture of a run without one says how to turn it on', async () => {
    const service = await startTestService({ dir: false, emulate: true }, { root });
    const { url } = service.context.emulator!;
    await service.close();
    await expect(fetch(`${url}/_relaykit`)).rejects.toThrow();
    expect(process.env.RELAYKIT_EMULATOR_URL).toBeUndefined();
    expect(process.env.RESEND_BASE_URL).toBeUndefined();

    const plain = await startTestService({ dir: false }, { root });
    started.push(plain);
    expect(plain.context.emulator).toBeUndefined();
    expect(() => createRelayFixture(plain.context).emulator).toThrow(
      "This run started no emulator: turn it on in relaykit's options (Vitest: relay({ emulate: true }); Jest: globals: { relaykit: { emulate: true } }; " +
        "node:test: useRelay({ emulate: true }) or startRelay({ emulate: true })), or start one in the test with createEmulator() from 'relaykit/emulator'.",
    );
  });

  it('keeps an SDK base URL the env already names, and refuses emulate options it does not know, naming them', async () => {
    process.env.RESEND_BASE_URL = 'http://127.0.0.1:9/resend';
    try {
      const service = await startTestService({ dir: false, emulate: { providers: ['resend'] } }, { root });
      expect(process.env.RESEND_BASE_URL).toBe('http://127.0.0.1:9/resend');
      await service.close();
      expect(process.env.RESEND_BASE_URL).toBe('http://127.0.0.1:9/resend');
    } finally {
      delete process.env.RESEND_BASE_URL;
    }
    await expect(startTestService({ dir: false, emulate: 'yes' as never }, { root, caller: 'globals.relaykit' })).rejects.toThrow(
      'globals.relaykit({ emulate }) must be true or { providers, webhooks, seed, retries, timeScale }, got "yes".',
    );
    await expect(startTestService({ dir: false, emulate: { provider: ['stripe'] } as never }, { root })).rejects.toThrow(
      'relay({ emulate }) has no option "provider": it takes providers, webhooks, seed, retries, timeScale.',
    );
    await expect(startTestService({ dir: false, emulate: { providers: ['paypal'] } }, { root })).rejects.toThrow('No emulator for provider "paypal". Emulated: stripe, github, clerk, shopify, resend.');
    expect(process.env[CONTEXT_FILE_ENV]).toBeUndefined();
    expect(process.env.RELAYKIT_EMULATOR_URL).toBeUndefined();
  });
});

describe('readTestContext', () => {
  it('is undefined without the env var, and names a context file that is gone or is not a context', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-context-'));
    try {
      expect(readTestContext({})).toBeUndefined();
      const gone = path.join(dir, 'gone.json');
      expect(() => readTestContext({ [CONTEXT_FILE_ENV]: gone })).toThrow(
        `RELAYKIT_CONTEXT_FILE names ${gone}, which cannot be read (ENOENT): the run that started the relay service has ended`,
      );
      const other = path.join(dir, 'other.json');
      writeFileSync(other, '{"url": 1}');
      expect(() => readTestContext({ [CONTEXT_FILE_ENV]: other })).toThrow(`RELAYKIT_CONTEXT_FILE names ${other}, which is not a relay test context`);
      const context = { url: 'http://127.0.0.1:1', secrets: { stripe: 'whsec_x' }, mockProviders: { enabled: false, reset: true } };
      writeFileSync(other, JSON.stringify(context));
      expect(readTestContext({ [CONTEXT_FILE_ENV]: other })).toEqual(context);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
