/** The four signing schemes behind one shape, so properties are stated once for all of them. */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { github, shopify, standardWebhooks, stripe } from '../../src/signers/index.js';
import type { HeaderInput, RawBody, VerifyResult } from '../../src/signers/index.js';

export interface Scheme {
  name: string;
  /** Secrets in the scheme's format. */
  secret: fc.Arbitrary<string>;
  signatureHeader: string;
  /** Where the signature proper starts inside the signature header's value. */
  signatureOffset: (value: string) => number;
  /** Which skew the verifier rejects: none (no timestamp), only past, or past and future. */
  window: 'none' | 'past' | 'both';
  sign: (secret: string | string[], body: RawBody, timestamp: number) => Record<string, string>;
  verify: (headers: HeaderInput, body: RawBody, secret: string | string[], now: number) => VerifyResult;
}

const svixSecret = fc.integer({ min: 24, max: 64 }).map((n) => `whsec_${randomBytes(n).toString('base64')}`);
const plainSecret = fc.string({ minLength: 1, maxLength: 64 });

export const schemes: Scheme[] = [
  {
    name: 'stripe',
    secret: plainSecret.map((s) => `whsec_${s}`),
    signatureHeader: 'Stripe-Signature',
    signatureOffset: (value) => value.indexOf('v1=') + 3,
    window: 'past',
    sign: (secret, body, timestamp) => stripe.sign({ secret, body, timestamp }),
    verify: (headers, body, secret, now) => stripe.verify({ headers, body, secret, now }),
  },
  {
    name: 'github',
    secret: plainSecret,
    signatureHeader: 'X-Hub-Signature-256',
    signatureOffset: () => 'sha256='.length,
    window: 'none',
    sign: (secret, body) => github.sign({ secret: [secret].flat()[0]!, body }),
    verify: (headers, body, secret) => github.verify({ headers, body, secret }),
  },
  {
    name: 'standard-webhooks',
    secret: svixSecret,
    signatureHeader: 'svix-signature',
    signatureOffset: () => 'v1,'.length,
    window: 'both',
    sign: (secret, body, timestamp) => standardWebhooks.sign({ secret, body, timestamp, id: 'msg_2ZbJ5kQ2cXo1Yv3m9tRrW8sLq0a' }),
    verify: (headers, body, secret, now) => standardWebhooks.verify({ headers, body, secret, now }),
  },
  {
    name: 'shopify',
    secret: plainSecret,
    signatureHeader: 'X-Shopify-Hmac-Sha256',
    signatureOffset: () => 0,
    window: 'none',
    sign: (secret, body) => shopify.sign({ secret: [secret].flat()[0]!, body }),
    verify: (headers, body, secret) => shopify.verify({ headers, body, secret }),
  },
];

/** Epoch milliseconds between 2001 and 2100. */
export const instant = fc.integer({ min: 1_000_000_000_000, max: 4_102_444_800_000 });
export const body = fc.oneof(fc.uint8Array({ maxLength: 2048 }), fc.string({ unit: 'binary', maxLength: 512 }));
