/**
 * `relay inspect` and `relay replay` take the id a user has in hand: the provider's own event or
 * delivery id (Stripe's `evt_…` from the payload, GitHub's `X-GitHub-Delivery`, `svix-id`,
 * `X-Shopify-Webhook-Id`), as the dashboard's search does, besides relaykit's `exec_…` and `evt_…`.
 * `relay replay` from a folder without the store asks the service at `SERVICE_BASE_URL`, and without one
 * says how to point it at a service. The built bin in its own process, against a real `relay dev`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secrets, type ProviderId } from '../service/official.js';
import { cleanUp, project, relay, startDev, until } from './bin.js';

const env = Object.fromEntries(Object.entries(secrets).map(([provider, secret]) => [`${provider.toUpperCase()}_WEBHOOK_SECRET`, secret]));
const types: Record<ProviderId, string> = {
  stripe: 'payment_intent.succeeded',
  github: 'pull_request.opened',
  clerk: 'user.created',
  shopify: 'orders/create',
  resend: 'email.delivered',
};
/** What each provider's delivery id looks like, so the test knows it has the provider's id and not relaykit's. */
const shapes: Record<ProviderId, RegExp> = {
  stripe: /^evt_[A-Za-z0-9]{24}$/,
  github: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  clerk: /^msg_[A-Za-z0-9]+$/,
  shopify: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
  resend: /^msg_[A-Za-z0-9]+$/,
};

let dir: string;
let url: string;
/** Per provider: the delivery id it sent and the execution relaykit made of it. */
const sent = new Map<ProviderId, { deliveryId: string; executionId: string; eventId: string }>();

beforeAll(async () => {
  dir = project('example');
  ({ url } = await startDev(dir, env));
  for (const provider of Object.keys(types) as ProviderId[]) {
    const result = await relay(['trigger', provider, types[provider], '--forward', url, '--json'], { env });
    expect(result.code, result.stderr).toBe(0);
    const answer = JSON.parse(result.stdout) as { deliveryId: string; body: { id: string; eventId: string } };
    sent.set(provider, { deliveryId: answer.deliveryId, executionId: answer.body.id, eventId: answer.body.eventId });
  }
  const last = sent.get('resend')!;
  await until(async () => ((await relay(['inspect', last.executionId, '--dir', dir])).stdout.includes('Status:        completed') ? true : undefined), 'the last handler');
});
afterAll(cleanUp);

describe('relay inspect by the provider delivery id', () => {
  it.each(Object.keys(types) as ProviderId[])('finds the %s execution by the id the provider sent', async (provider) => {
    const { deliveryId, executionId, eventId } = sent.get(provider)!;
    expect(deliveryId).toMatch(shapes[provider]);
    expect(deliveryId).not.toBe(eventId);
    const result = await relay(['inspect', deliveryId, '--dir', dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').slice(0, 2)).toEqual([`Execution:     ${executionId}`, `Event:         ${eventId}`]);
  });

  it('refuses an id no provider sends, saying which ids it takes', async () => {
    const result = await relay(['inspect', 'not an id', '--dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toMatch(/^relay: "not an id" is not an id relaykit can look up: .*exec_….*evt_….*delivery id/);
  });
});

describe('relay replay by the provider delivery id', () => {
  it('replays the execution of a GitHub X-GitHub-Delivery id', async () => {
    const { deliveryId, executionId } = sent.get('github')!;
    const result = await relay(['replay', deliveryId, '--dir', dir, '--forward', url]);
    expect(result.code, result.stderr).toBe(0);
    const [post, status, ...body] = result.stdout.trimEnd().split('\n');
    expect(post).toBe(`[relay replay] POST ${url}/api/executions/${executionId}/replay`);
    expect(status).toBe('[relay replay] 200');
    expect(JSON.parse(body.join('\n'))).toMatchObject({ eventType: 'github.pull_request.opened', replayedFrom: executionId });
  });

  it('from another folder, asks the service at SERVICE_BASE_URL, by the Stripe event id', async () => {
    const { deliveryId, executionId } = sent.get('stripe')!;
    const elsewhere = project();
    const printed = await relay(['replay', deliveryId, '--print'], { cwd: elsewhere, env: { SERVICE_BASE_URL: url } });
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout.split('\n').slice(1, 3)).toEqual([`Source execution: ${executionId}`, 'Event type: stripe.payment_intent.succeeded']);
    const replayed = await relay(['replay', deliveryId], { cwd: elsewhere, env: { SERVICE_BASE_URL: url } });
    expect(replayed.code, replayed.stderr).toBe(0);
    expect(replayed.stdout).toContain(`[relay replay] POST ${url}/api/executions/${executionId}/replay\n[relay replay] 200\n`);
  });

  it('from another folder without a service, says to pass --forward <url> or set SERVICE_BASE_URL', async () => {
    const elsewhere = project();
    const result = await relay(['replay', sent.get('clerk')!.deliveryId], { cwd: elsewhere });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr).toContain(`no relay.ts and no .relay/relay.db in ${elsewhere}`);
    expect(result.stderr).toMatch(/--forward <url>/);
    expect(result.stderr).toMatch(/SERVICE_BASE_URL/);
  });
});
