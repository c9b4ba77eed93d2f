import { afterEach, describe, expect, it, vi } from 'vitest';
import { closestMatches } from '../../src/core/index.js';
import {
  builtInProviderIds,
  deepMerge,
  definePlugin,
  getProvider,
  permissiveVerify,
  RelayError,
  resolvePlugins,
} from '../../src/providers/index.js';

describe('registry', () => {
  it('lists the five built-ins in order', () => {
    expect(builtInProviderIds).toEqual(['stripe', 'github', 'clerk', 'shopify', 'resend']);
  });

  it('names the built-ins and the closest match for an unknown id', () => {
    const error = (() => {
      try {
        getProvider('strip');
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(RelayError);
    expect(error).toMatchObject({ code: 'UNKNOWN_PROVIDER' });
    expect((error as Error).message).toBe('Unknown provider "strip". Did you mean "stripe"? Built-in: stripe, github, clerk, shopify, resend.');
  });

  it('gives no suggestion when nothing is close', () => {
    expect(() => getProvider('zzzzzzzzzz')).toThrow(/^Unknown provider "zzzzzzzzzz"\. Built-in: /);
  });

  it('lets a custom plugin with a built-in id replace it and adds others', () => {
    const custom = definePlugin({ id: 'stripe', verify: () => ({ ok: true }) });
    const acme = definePlugin({ id: 'acme', verify: () => ({ ok: true }) });
    const plugins = resolvePlugins([custom, acme]);
    expect(plugins.get('stripe')).toBe(custom);
    expect([...plugins.keys()]).toEqual(['stripe', 'github', 'clerk', 'shopify', 'resend', 'acme']);
  });

  it('knows each built-in secret env var', () => {
    expect(builtInProviderIds.map((id) => getProvider(id).secretEnv)).toEqual([
      'STRIPE_WEBHOOK_SECRET',
      'GITHUB_WEBHOOK_SECRET',
      'CLERK_WEBHOOK_SECRET',
      'SHOPIFY_WEBHOOK_SECRET',
      'RESEND_WEBHOOK_SECRET',
    ]);
  });
});

describe('definePlugin', () => {
  const verify = () => ({ ok: true }) as const;

  it('rejects an id that cannot be a mount path segment', () => {
    expect(() => definePlugin({ id: 'Acme Corp', verify })).toThrow(/lowercase letters, digits/);
  });

  it('requires a verify function and points at permissiveVerify', () => {
    expect(() => definePlugin({ id: 'acme' } as never)).toThrow(/permissiveVerify\(\)/);
  });

  it('normalizes { type, data } and reads the delivery id from the named header', () => {
    const plugin = definePlugin({ id: 'acme', verify, deliveryIdHeader: 'X-Acme-Delivery' });
    const result = plugin.normalize({
      headers: { 'x-acme-delivery': 'd-1' },
      body: '',
      json: { type: 'order.paid', data: { id: 7 } },
    });
    expect(result).toEqual({ ok: true, event: { eventType: 'order.paid', deliveryId: 'd-1', data: { id: 7 } } });
  });

  it.each([
    [null, /JSON object/],
    [{ data: {} }, /string "type"/],
    [{ type: 'x', data: [] }, /object "data"/],
  ])('says what the body lacks: %j', (json, message) => {
    const result = definePlugin({ id: 'acme', verify }).normalize({ headers: {}, body: '', json });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error).toMatch(message);
  });
});

describe('permissiveVerify', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('accepts anything outside production', () => {
    expect(permissiveVerify()({ headers: {}, body: 'x', secrets: [], now: 0 })).toEqual({ ok: true });
  });

  it('refuses to be created when NODE_ENV=production', () => {
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => permissiveVerify()).toThrow(expect.objectContaining({ code: 'UNSAFE_IN_PRODUCTION' }));
  });

  it('refuses to verify once NODE_ENV becomes production', () => {
    const verify = permissiveVerify();
    vi.stubEnv('NODE_ENV', 'production');
    expect(() => verify({ headers: {}, body: 'x', secrets: [], now: 0 })).toThrow(/NODE_ENV=production/);
  });
});

describe('deepMerge', () => {
  it('merges objects, replaces arrays and scalars, and lets null set null', () => {
    const base = { a: { b: 1, c: [1, 2], d: 'x' }, e: 1, f: { g: 1 } };
    const merged = deepMerge(base, { a: { c: [3], d: null }, f: null, h: 'new' });
    expect(merged).toEqual({ a: { b: 1, c: [3], d: null }, e: 1, f: null, h: 'new' });
    expect(base.a.c).toEqual([1, 2]);
  });

  it('ignores __proto__ keys instead of polluting prototypes', () => {
    const merged = deepMerge({}, JSON.parse('{"__proto__":{"polluted":true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual([]);
  });
});

describe('closestMatches', () => {
  it('finds a near miss by edit distance', () => {
    expect(closestMatches('payment_intent.suceeded', ['payment_intent.succeeded', 'charge.refunded', 'customer.created'])).toEqual([
      'payment_intent.succeeded',
    ]);
  });

  it('finds types that share a segment with the input', () => {
    expect(closestMatches('pull_request', ['push', 'pull_request.opened', 'issues.opened'])).toEqual(['pull_request.opened']);
  });
});
