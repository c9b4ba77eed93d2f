import { describe, expect, it } from 'vitest';
import { github, shopify, standardWebhooks, stripe } from '../../src/signers/index.js';

const body = '{"id":"evt_1"}';
const at = 1_767_225_600_000; // 2026-01-01T00:00:00Z

describe('stripe.verify reasons', () => {
  const secret = 'whsec_test';
  it('says missing_header when Stripe-Signature is absent or blank', () => {
    expect(stripe.verify({ headers: {}, body, secret, now: at })).toMatchObject({ ok: false, reason: 'missing_header' });
    expect(stripe.verify({ headers: { 'stripe-signature': ' ' }, body, secret, now: at })).toMatchObject({ reason: 'missing_header' });
  });
  it('says malformed_header without a numeric t or without a v1 entry', () => {
    expect(stripe.verify({ headers: { 'Stripe-Signature': 'v1=abc' }, body, secret, now: at })).toMatchObject({ reason: 'malformed_header' });
    expect(stripe.verify({ headers: { 'Stripe-Signature': 't=abc,v1=abc' }, body, secret, now: at })).toMatchObject({ reason: 'malformed_header' });
    expect(stripe.verify({ headers: { 'Stripe-Signature': 't=1767225600,v0=abc' }, body, secret, now: at })).toMatchObject({ reason: 'malformed_header' });
  });
  it('ignores v0 entries next to a matching v1', () => {
    const header = `${stripe.sign({ secret, body, timestamp: at })['Stripe-Signature']},v0=${'0'.repeat(64)}`;
    expect(stripe.verify({ headers: { 'Stripe-Signature': header }, body, secret, now: at }).ok).toBe(true);
  });
  it('reads the header case-insensitively from a plain object and from Headers', () => {
    const value = stripe.sign({ secret, body, timestamp: at })['Stripe-Signature']!;
    expect(stripe.verify({ headers: { 'STRIPE-SIGNATURE': value }, body, secret, now: at }).ok).toBe(true);
    expect(stripe.verify({ headers: new Headers({ 'stripe-signature': value }), body, secret, now: at }).ok).toBe(true);
  });
  it('lets toleranceSeconds: false accept a stale timestamp, and a custom tolerance narrow it', () => {
    const headers = stripe.sign({ secret, body, timestamp: at });
    expect(stripe.verify({ headers, body, secret, now: at + 86_400_000, toleranceSeconds: false }).ok).toBe(true);
    expect(stripe.verify({ headers, body, secret, now: at + 11_000, toleranceSeconds: 10 })).toMatchObject({ reason: 'timestamp_out_of_range' });
  });
});

describe('github.verify reasons', () => {
  const secret = 'gh-secret';
  it('says missing_header without X-Hub-Signature-256, even when the legacy sha1 header is there', () => {
    const { 'X-Hub-Signature': legacy } = github.sign({ secret, body });
    expect(github.verify({ headers: { 'X-Hub-Signature': legacy }, body, secret })).toMatchObject({ reason: 'missing_header' });
  });
  it('says malformed_header for a value that is not sha256= and 64 hex digits', () => {
    expect(github.verify({ headers: { 'x-hub-signature-256': 'sha1=abc' }, body, secret })).toMatchObject({ reason: 'malformed_header' });
  });
  it('rejects an uppercase hex digest, as @octokit/webhooks-methods does', () => {
    const value = github.sign({ secret, body })['X-Hub-Signature-256']!;
    const upper = `sha256=${value.slice(7).toUpperCase()}`;
    expect(github.verify({ headers: { 'x-hub-signature-256': upper }, body, secret })).toMatchObject({ reason: 'signature_mismatch' });
  });
  it('sends the legacy sha1 header unless told not to', () => {
    expect(Object.keys(github.sign({ secret, body }))).toEqual(['X-Hub-Signature-256', 'X-Hub-Signature']);
    expect(Object.keys(github.sign({ secret, body, legacy: false }))).toEqual(['X-Hub-Signature-256']);
  });
});

describe('standardWebhooks.verify reasons', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  const signed = standardWebhooks.sign({ secret, id: 'msg_1', body, timestamp: at });
  it('says missing_header when any of the three headers is absent', () => {
    const { 'svix-timestamp': _t, ...rest } = signed;
    expect(standardWebhooks.verify({ headers: rest, body, secret, now: at })).toMatchObject({ reason: 'missing_header' });
  });
  it('says malformed_header for a millisecond or non-numeric timestamp and for a list without v1', () => {
    expect(standardWebhooks.verify({ headers: { ...signed, 'svix-timestamp': 'soon' }, body, secret, now: at })).toMatchObject({ reason: 'malformed_header' });
    expect(standardWebhooks.verify({ headers: { ...signed, 'svix-signature': 'v2,abc v1a,def' }, body, secret, now: at })).toMatchObject({ reason: 'malformed_header' });
  });
  it('treats a millisecond timestamp as far in the future, as standardwebhooks does', () => {
    const headers = { ...signed, 'svix-timestamp': String(at) };
    expect(standardWebhooks.verify({ headers, body, secret, now: at })).toMatchObject({ reason: 'timestamp_out_of_range' });
  });
  it('reads the webhook- prefix when no svix- headers are present', () => {
    const headers = standardWebhooks.sign({ secret, id: 'msg_1', body, timestamp: at, headerPrefix: 'webhook' });
    expect(Object.keys(headers)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(standardWebhooks.verify({ headers, body, secret, now: at }).ok).toBe(true);
  });
  it('throws a clear TypeError for a secret that is not base64 (a configuration mistake, not bad input)', () => {
    expect(() => standardWebhooks.verify({ headers: signed, body, secret: 'whsec_not base64!', now: at })).toThrow(/whsec_.*base64/);
  });
});

describe('shopify.verify reasons', () => {
  const secret = 'shpss_secret';
  it('says missing_header without X-Shopify-Hmac-Sha256', () => {
    expect(shopify.verify({ headers: {}, body, secret })).toMatchObject({ reason: 'missing_header' });
  });
  it('says malformed_header for a hex digest', () => {
    expect(shopify.verify({ headers: { 'X-Shopify-Hmac-Sha256': 'ab'.repeat(32) }, body, secret })).toMatchObject({ reason: 'malformed_header' });
  });
  it('accepts the events-style shopify-hmac-sha256 header name', () => {
    const value = shopify.sign({ secret, body })['X-Shopify-Hmac-Sha256']!;
    expect(shopify.verify({ headers: { 'shopify-hmac-sha256': value }, body, secret }).ok).toBe(true);
  });
});

describe('misuse throws with a hint', () => {
  it('refuses a parsed object as the body and asks for the raw body', () => {
    expect(() => stripe.verify({ headers: {}, body: { id: 1 } as never, secret: 'whsec_x' })).toThrow(/raw request body/);
  });
  it('refuses an empty secret list', () => {
    expect(() => github.verify({ headers: {}, body, secret: [] })).toThrow(/non-empty secret/);
  });
});
