/**
 * `relaykit/fast-check`: valid deliveries pass and every forgery kind fails the providers' official
 * verifiers; values are a pure function of the fast-check seed; `assertRejectsForgeries` holds for
 * correct targets and reports a useful counterexample for broken ones.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verify as octokitVerify } from '@octokit/webhooks-methods';
import fc from 'fast-check';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import {
  assertRejectsForgeries,
  deliveryArbitrary,
  forgeryArbitrary,
  forgeryKinds,
  type Delivery,
  type ForgeryKind,
} from '../../src/harness/fast-check.js';
import { standardWebhooks } from '../../src/signers/index.js';
import { createRelay } from '../../src/service/index.js';
import { MemoryStore } from '../../src/service/store/index.js';
import { sampleTypes, secrets, type ProviderId } from '../service/official.js';
import { header } from '../support/json.js';

const providers = Object.keys(secrets) as ProviderId[];
const ALL_KINDS: readonly ForgeryKind[] = [
  'tampered-body',
  'wrong-secret',
  'timestamp-out-of-tolerance',
  'missing-signature',
  'malformed-signature',
  'foreign-scheme',
  'moved-signature',
];

/** Whether the provider's official library (for Shopify: its documented HMAC check) accepts the delivery, at the real clock. */
async function officialAccepts(provider: ProviderId, delivery: Pick<Delivery, 'headers' | 'body'>, secret: string = secrets[provider]): Promise<boolean> {
  const { headers, body } = delivery;
  try {
    switch (provider) {
      case 'stripe':
        Stripe.webhooks.constructEvent(body, header(headers, 'stripe-signature')!, secret);
        return true;
      case 'github':
        return await octokitVerify(secret, body, header(headers, 'x-hub-signature-256')!);
      case 'clerk':
      case 'resend':
        new Webhook(secret).verify(body, Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])));
        return true;
      case 'shopify': {
        const given = Buffer.from(header(headers, 'x-shopify-hmac-sha256') ?? '', 'utf8');
        const expected = Buffer.from(createHmac('sha256', secret).update(body, 'utf8').digest('base64'), 'utf8');
        return given.length === expected.length && timingSafeEqual(given, expected);
      }
    }
  } catch {
    return false;
  }
}

const runs = { numRuns: 25 };

describe.each(providers)('%s arbitraries against the official verifier', (provider) => {
  const secret = secrets[provider];

  it('accepts every valid delivery, whose body parses as JSON', async () => {
    await fc.assert(
      fc.asyncProperty(deliveryArbitrary(provider, { secret }), async (delivery) => {
        expect(delivery).toMatchObject({ provider, method: 'POST', path: `/api/webhook/${provider}` });
        expect(() => JSON.parse(delivery.body)).not.toThrow();
        expect(await officialAccepts(provider, delivery)).toBe(true);
      }),
      runs,
    );
  });

  it.each(forgeryKinds(provider))('rejects every %s forgery', async (kind) => {
    await fc.assert(
      fc.asyncProperty(forgeryArbitrary(provider, { secret, kinds: [kind] }), async (forgery) => {
        expect(forgery.kind).toBe(kind);
        expect(typeof forgery.body).toBe('string');
        expect(await officialAccepts(provider, forgery), `${forgery.kind}: ${forgery.detail}`).toBe(false);
      }),
      { numRuns: 15 },
    );
  });

  it('draws every kind that applies, and a timestamp kind only where the scheme signs a time', () => {
    const kinds = new Set(fc.sample(forgeryArbitrary(provider, { secret }), { seed: 7, numRuns: 150 }).map((f) => f.kind));
    const expected = provider === 'github' || provider === 'shopify' ? ALL_KINDS.filter((k) => k !== 'timestamp-out-of-tolerance') : ALL_KINDS;
    expect([...kinds].sort()).toEqual([...expected].sort());
    expect([...forgeryKinds(provider)].sort()).toEqual([...expected].sort());
  });

  it('tampers exactly one byte of the signed body and keeps it parseable JSON', async () => {
    const now = Date.now();
    const samples = fc.sample(forgeryArbitrary(provider, { secret, now, kinds: ['tampered-body'] }), { seed: 11, numRuns: 10 });
    for (const forgery of samples) {
      const original = await buildDelivery(provider, forgery.eventType, { secret, seed: forgery.seed, timestamp: forgery.timestamp });
      const [a, b] = [Buffer.from(original.body), Buffer.from(forgery.body)];
      expect(b.length).toBe(a.length);
      expect(a.filter((byte, i) => byte !== b[i]).length).toBe(1);
      expect(() => JSON.parse(forgery.body)).not.toThrow();
      expect(forgery.headers).toEqual(original.headers);
    }
  });
});

describe('determinism', () => {
  const now = Date.UTC(2026, 0, 15, 12, 0, 0);

  it.each(providers)('gives the same %s deliveries and forgeries for the same fast-check seed', (provider) => {
    const secret = secrets[provider];
    const draw = (seed: number) => ({
      valid: fc.sample(deliveryArbitrary(provider, { secret, now }), { seed, numRuns: 8 }),
      forged: fc.sample(forgeryArbitrary(provider, { secret, now }), { seed, numRuns: 16 }),
    });
    const first = draw(42);
    expect(draw(42)).toEqual(first);
    expect(draw(43)).not.toEqual(first);
  });

  it('builds exactly what buildDelivery builds for the drawn seed, type and time', async () => {
    const samples = fc.sample(deliveryArbitrary('stripe', { secret: secrets.stripe, now, data: false }), { seed: 5, numRuns: 5 });
    for (const delivery of samples) {
      expect(await buildDelivery('stripe', delivery.eventType, { secret: secrets.stripe, seed: delivery.seed, timestamp: delivery.timestamp })).toEqual(delivery);
      expect(now - delivery.timestamp).toBeLessThanOrEqual(240_000);
      expect(delivery.timestamp - now).toBeLessThanOrEqual(30_000);
    }
  });

  it('merges the drawn data overrides into the main resource', () => {
    const data = fc.constant({ relaykit_note: 'née Zoë' });
    const [delivery] = fc.sample(deliveryArbitrary('stripe', { secret: secrets.stripe, now, data, eventTypes: ['payment_intent.succeeded'] }), { seed: 1, numRuns: 1 });
    expect(JSON.parse(delivery!.body).data.object.relaykit_note).toBe('née Zoë');
  });
});

describe('options', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('signs with the provider env var when no secret is given', async () => {
    vi.stubEnv('STRIPE_WEBHOOK_SECRET', 'whsec_from_env');
    const [delivery] = fc.sample(deliveryArbitrary('stripe'), { seed: 3, numRuns: 1 });
    expect(await officialAccepts('stripe', delivery!, 'whsec_from_env')).toBe(true);
  });

  it('signs for every secret of a rotation list, and a wrong-secret forgery differs from all of them', async () => {
    const rotation = ['whsec_old_secret', 'whsec_new_secret'];
    const [valid] = fc.sample(deliveryArbitrary('stripe', { secret: rotation }), { seed: 3, numRuns: 1 });
    for (const secret of rotation) expect(await officialAccepts('stripe', valid!, secret)).toBe(true);
    const forged = fc.sample(forgeryArbitrary('stripe', { secret: rotation, kinds: ['wrong-secret'] }), { seed: 3, numRuns: 10 });
    for (const forgery of forged) for (const secret of rotation) expect(await officialAccepts('stripe', forgery, secret)).toBe(false);
  });

  it.each([
    ['an unknown provider', () => deliveryArbitrary('strip', { secret: 'x' }), 'UNKNOWN_PROVIDER', /Did you mean "stripe"/],
    ['no secret and no env var', () => forgeryArbitrary('github'), 'MISSING_SECRET', /GITHUB_WEBHOOK_SECRET/],
    ['a Svix secret that is not base64', () => deliveryArbitrary('clerk', { secret: 'not base64!' }), 'INVALID_SECRET', /base64/],
    ['an unknown event type', () => deliveryArbitrary('github', { secret: 'x', eventTypes: ['pull_requests.opened'] }), 'UNKNOWN_EVENT_TYPE', /pull_request\.opened/],
    ['an empty eventTypes list', () => deliveryArbitrary('stripe', { secret: 'whsec_x', eventTypes: [] }), 'INVALID_OPTION', /non-empty array/],
    ['an invalid now', () => forgeryArbitrary('stripe', { secret: 'whsec_x', now: Number.NaN }), 'INVALID_OPTION', /now must be/],
    ['a timestamp kind for GitHub', () => forgeryArbitrary('github', { secret: 'x', kinds: ['timestamp-out-of-tolerance'] }), 'INVALID_OPTION', /cover no timestamp/],
    ['a data option that is not an arbitrary', () => deliveryArbitrary('stripe', { secret: 'whsec_x', data: { a: 1 } as never }), 'INVALID_OPTION', /fast-check arbitrary/],
  ])('throws a RelayError for %s', (_, create, code, message) => {
    vi.stubEnv('GITHUB_WEBHOOK_SECRET', '');
    let error: unknown;
    try {
      create();
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({ code, message: expect.stringMatching(message) });
  });

  it.each([
    [{ numRuns: 0 }, /numRuns must be a positive integer/],
    [{ replayPath: '1:2' }, /pass the reported seed/],
    [{ path: 'api/webhook' }, /must start with "\/"/],
  ])('assertRejectsForgeries rejects the options %j before sending anything', async (options, message) => {
    const target = vi.fn(() => new Response('ok'));
    await expect(assertRejectsForgeries(target, 'stripe', { secret: 'whsec_x', ...options })).rejects.toThrow(message);
    expect(target).not.toHaveBeenCalled();
  });
});

// ---------------------------------------------------------------------------------------------
// Targets for assertRejectsForgeries

const stripeRoute = (tolerance?: number) => async (request: Request) => {
  const body = await request.text();
  try {
    Stripe.webhooks.constructEvent(body, request.headers.get('stripe-signature') ?? '', secrets.stripe, tolerance);
    return Response.json({ received: true });
  } catch (error) {
    return Response.json({ error: (error as Error).message }, { status: 400 });
  }
};

const svixRoute = (verify: (headers: Record<string, string>, body: string) => boolean) => async (request: Request) => {
  const body = await request.text();
  return verify(Object.fromEntries(request.headers), body) ? Response.json({ ok: true }) : Response.json({ error: 'bad signature' }, { status: 401 });
};

/** An Express-style node listener verifying GitHub with @octokit/webhooks-methods. */
function githubListener(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', async () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const signature = req.headers['x-hub-signature-256'];
    const ok = typeof signature === 'string' && (await octokitVerify(secrets.github, body, signature).catch(() => false));
    res.writeHead(ok ? 202 : 401, { 'content-type': 'application/json' }).end(JSON.stringify(ok ? { ok } : { error: 'bad signature' }));
  });
}

describe('assertRejectsForgeries', () => {
  it.each(providers)('holds for the relaykit reference service (%s)', async (provider) => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { ...secrets } });
    try {
      await assertRejectsForgeries(relay, provider, { secret: secrets[provider], numRuns: 6 });
      expect((await relay.listExecutions()).items.length).toBeGreaterThan(0);
    } finally {
      await relay.close();
    }
  });

  it('holds for a fetch handler verifying with the official stripe package', async () => {
    await assertRejectsForgeries(stripeRoute(), 'stripe', { secret: secrets.stripe, numRuns: 20 });
  });

  it('holds for a node listener verifying with @octokit/webhooks-methods', async () => {
    await assertRejectsForgeries(githubListener, 'github', { secret: secrets.github, numRuns: 8, eventTypes: ['push', 'pull_request.opened'] });
  });

  it('holds for a fetch handler verifying Clerk with svix', async () => {
    const verify = (headers: Record<string, string>, body: string) => {
      try {
        new Webhook(secrets.clerk).verify(body, headers);
        return true;
      } catch {
        return false;
      }
    };
    await assertRejectsForgeries(svixRoute(verify), 'clerk', { secret: secrets.clerk, numRuns: 15 });
  });

  it('throws with the counterexample and the seed when the target accepts everything, and the seed replays it', async () => {
    const acceptAll = () => Response.json({ ok: true });
    const error = await assertRejectsForgeries(acceptAll, 'stripe', { secret: secrets.stripe, numRuns: 5 }).then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(Error);
    const message = error!.message;
    expect(message).toContain('assertRejectsForgeries(stripe): the target accepted it with 200; a forgery must get a 4xx.');
    expect(message).toMatch(/kind: {5}(tampered-body|wrong-secret|timestamp-out-of-tolerance|missing-signature|malformed-signature|foreign-scheme|moved-signature): /);
    expect(message).toMatch(/headers:\n {6}\S+: /);
    expect(message).toMatch(/body: {5}\{/);
    expect(message).toMatch(/response: 200 \{"ok":true\}/);
    const replay = /\{ seed: (-?\d+), replayPath: "([\d:]+)" \}/.exec(message);
    expect(replay).not.toBeNull();
    const kind = /kind: {5}([a-z-]+):/.exec(message)![1];
    const again = await assertRejectsForgeries(acceptAll, 'stripe', { secret: secrets.stripe, seed: Number(replay![1]), replayPath: replay![2] }).catch((e: Error) => e);
    expect((again as Error).message).toContain(`kind:     ${kind}:`);
  });

  it('reports the stale timestamp when a Stripe target disables the tolerance check', async () => {
    const error = await assertRejectsForgeries(stripeRoute(0), 'stripe', { secret: secrets.stripe, numRuns: 10 }).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(/kind: {5}timestamp-out-of-tolerance: signed correctly \d+ s before now/);
    expect((error as Error).message).toContain('replay protection');
  });

  it('reports the stale timestamp when a Clerk target skips the timestamp check', async () => {
    const lax = (headers: Record<string, string>, body: string) =>
      standardWebhooks.verify({ headers, body, secret: secrets.clerk, toleranceSeconds: false }).ok;
    const error = await assertRejectsForgeries(svixRoute(lax), 'clerk', { secret: secrets.clerk, numRuns: 10 }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/kind: {5}timestamp-out-of-tolerance: signed correctly \d+ s (before|after) now/);
  });

  it('reports a crash on a malformed header as a failure, not a rejection', async () => {
    // The pattern of Shopify's docs: decoding both sides and timingSafeEqual throws on a length mismatch.
    const crashes = async (request: Request) => {
      const body = await request.text();
      const digest = createHmac('sha256', secrets.shopify).update(body).digest();
      const given = Buffer.from(request.headers.get('x-shopify-hmac-sha256') ?? '', 'base64');
      if (!timingSafeEqual(digest, given)) return new Response('no', { status: 401 });
      return new Response('ok');
    };
    const guarded = (request: Request) => Promise.resolve(crashes(request)).catch(() => new Response('boom', { status: 500 }));
    const error = await assertRejectsForgeries(guarded, 'shopify', { secret: secrets.shopify, numRuns: 10 }).catch((e: Error) => e);
    expect((error as Error).message).toContain('the target answered 500 (it crashed instead of rejecting)');
  });

  it('says so when the target rejects valid deliveries, e.g. with another secret', async () => {
    const relay = createRelay({ store: new MemoryStore(), secrets: { github: 'a-different-secret' } });
    try {
      const error = await assertRejectsForgeries(relay, 'github', { secret: secrets.github, numRuns: 3 }).catch((e: Error) => e);
      expect((error as Error).message).toContain('the target rejected a valid, correctly signed delivery with 401');
      expect((error as Error).message).toContain('same secret ({ secret })');
    } finally {
      await relay.close();
    }
  });

  it('passes the RelayError through when the target cannot be reached', async () => {
    await expect(assertRejectsForgeries('http://127.0.0.1:9', 'github', { secret: secrets.github, numRuns: 3 })).rejects.toMatchObject({
      code: 'UNREACHABLE',
    });
  });
});

it('draws only the event types given in eventTypes', () => {
  for (const provider of providers) expect(fc.sample(deliveryArbitrary(provider, { secret: secrets[provider], eventTypes: [sampleTypes[provider]] }), 1)[0]!.eventType).toBe(sampleTypes[provider]);
});
