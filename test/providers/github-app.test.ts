/**
 * GitHub App deliveries: `buildDelivery('github', type, { app })` and `relay trigger github … --app`
 * send what an App's webhook receives (an `installation` in the body, the App as hook target), App-only
 * types are App deliveries by default, `@octokit/webhooks` still verifies and dispatches them, and
 * `app` is refused for other providers.
 */
import { Webhooks } from '@octokit/webhooks';
import { describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { relay } from '../cli/bin.js';

const secret = 'gh-app-secret';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);

async function build(type: string, app?: boolean | { id?: number; installationId?: number }, seed = 5): Promise<{ delivery: Delivery; body: Record<string, any> }> {
  const delivery = await buildDelivery('github', type, { secret, seed, timestamp: at, ...(app === undefined ? {} : { app }) });
  return { delivery, body: JSON.parse(delivery.body) as Record<string, any> };
}

function target(delivery: Delivery): [string | undefined, string | undefined] {
  return [delivery.headers['X-GitHub-Hook-Installation-Target-Type'], delivery.headers['X-GitHub-Hook-Installation-Target-ID']];
}

describe('GitHub App deliveries', () => {
  it('app: { id, installationId } puts { id, node_id } last in the body and names the App as the hook target', async () => {
    const plain = await build('issues.opened');
    const { delivery, body } = await build('issues.opened', { id: 987654, installationId: 45678901 });
    expect(Object.keys(body).at(-1)).toBe('installation');
    expect(body.installation).toEqual({ id: 45678901, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNDU2Nzg5MDE=' });
    expect(target(delivery)).toEqual(['integration', '987654']);
    // The rest of the body is the repository delivery's.
    const { installation: _, ...rest } = body;
    expect(rest).toEqual(plain.body);
    expect(target(plain.delivery)).toEqual(['repository', String(plain.body.repository.id)]);
    expect(plain.body.installation).toBeUndefined();
  });

  it('app: true draws the ids from the seed: the same seed gives the same ids, another seed others', async () => {
    const [a, b, c] = await Promise.all([build('push', true, 1), build('push', true, 1), build('push', true, 2)]);
    expect(a.delivery.body).toBe(b.delivery.body);
    expect(target(a.delivery)).toEqual(target(b.delivery));
    expect(a.body.installation.id).toEqual(expect.any(Number));
    expect(target(a.delivery)[0]).toBe('integration');
    expect(a.body.installation.id).not.toBe(c.body.installation.id);
    const plain = await build('push', false, 1);
    expect(plain.body.installation).toBeUndefined();
  });

  it('installation events keep the whole installation, with the given ids and the URLs that name it', async () => {
    const { delivery, body } = await build('installation.created', { id: 1111, installationId: 2222 });
    expect(body.installation.id).toBe(2222);
    expect(body.installation.app_id).toBe(1111);
    expect(body.installation.access_tokens_url).toBe('https://api.github.com/app/installations/2222/access_tokens');
    expect(body.installation.account.login).toEqual(expect.any(String));
    expect(target(delivery)).toEqual(['integration', '1111']);
  });

  it('types GitHub sends only to Apps are App deliveries without the option', async () => {
    for (const type of ['check_suite.requested', 'check_suite.rerequested', 'check_run.requested_action', 'check_run.rerequested', 'installation.suspend', 'installation_target.renamed']) {
      const { delivery, body } = await build(type);
      expect([type, target(delivery)[0]]).toEqual([type, 'integration']);
      expect(body.installation?.id, type).toEqual(expect.any(Number));
    }
    const revoked = await build('github_app_authorization.revoked');
    expect(target(revoked.delivery)[0]).toBe('integration');
    expect(Object.keys(revoked.body).sort()).toEqual(['action', 'sender']);
    for (const type of ['check_suite.completed', 'check_run.completed', 'issues.opened']) {
      const { delivery, body } = await build(type);
      expect([type, target(delivery)[0], body.installation]).toEqual([type, 'repository', undefined]);
    }
  });

  it('is verified and dispatched by @octokit/webhooks with the installation in the payload', async () => {
    const { delivery } = await build('pull_request.opened', { id: 31337, installationId: 7007 });
    const webhooks = new Webhooks({ secret });
    const received: number[] = [];
    webhooks.on('pull_request.opened', ({ payload }) => {
      received.push(payload.installation!.id);
    });
    await webhooks.verifyAndReceive({
      id: delivery.deliveryId,
      name: 'pull_request',
      payload: delivery.body,
      signature: delivery.headers['X-Hub-Signature-256']!,
    });
    expect(received).toEqual([7007]);
  });

  it('refuses app for other providers and bad ids with INVALID_OPTION, naming the fix', async () => {
    const stripe = buildDelivery('stripe', 'payment_intent.succeeded', { secret: 'whsec_x', app: true });
    await expect(stripe).rejects.toBeInstanceOf(RelayError);
    await expect(stripe).rejects.toMatchObject({ code: 'INVALID_OPTION', message: expect.stringMatching(/GitHub App delivery; Stripe has no Apps/) });
    for (const app of [{ id: -1 }, { installationId: 1.5 }, { id: '12' }, { appId: 3 }] as never[]) {
      await expect(buildDelivery('github', 'push', { secret, app }), JSON.stringify(app)).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    }
  });
});

describe('relay trigger github --app', () => {
  it('prints an App delivery: the installation in the body and the integration target', async () => {
    const argv = ['trigger', 'github', 'issues.opened', '--print', '--json', '--seed', '3'];
    const env = { GITHUB_WEBHOOK_SECRET: secret };
    const [app, plain, other] = await Promise.all([relay([...argv, '--app'], { env }), relay(argv, { env }), relay(['trigger', 'resend', 'email.sent', '--print', '--app'], { env })]);
    expect(app.code).toBe(0);
    const printed = JSON.parse(app.stdout) as { headers: Record<string, string>; body: string };
    const body = JSON.parse(printed.body) as Record<string, any>;
    expect(body.installation).toEqual({ id: expect.any(Number), node_id: expect.any(String) });
    expect(printed.headers['X-GitHub-Hook-Installation-Target-Type']).toBe('integration');
    expect(JSON.parse(JSON.parse(plain.stdout).body).installation).toBeUndefined();
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/Resend has no Apps/);
  });
});
