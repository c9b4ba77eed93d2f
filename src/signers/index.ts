/**
 * `relaykit/signers`: pure sign/verify pairs, one module per scheme. No dependencies beyond node:crypto.
 *
 * @example
 * import { stripe } from 'relaykit/signers';
 * const headers = stripe.sign({ secret: 'whsec_test', body: '{"id":"evt_1"}' });
 * stripe.verify({ headers, body: '{"id":"evt_1"}', secret: 'whsec_test' }); // { ok: true }
 */
import * as github from './github.js';
import * as shopify from './shopify.js';
import * as standardWebhooks from './standard-webhooks.js';
import * as stripe from './stripe.js';

export { github, shopify, standardWebhooks, stripe };
export { DEFAULT_TOLERANCE_SECONDS } from './shared.js';
export type {
  HeaderInput,
  Instant,
  RawBody,
  SecretInput,
  VerifyFailureReason,
  VerifyResult,
} from './shared.js';
export type { GitHubSignOptions, GitHubVerifyOptions } from './github.js';
export type { ShopifySignOptions, ShopifyVerifyOptions } from './shopify.js';
export type { HeaderPrefix, StandardWebhooksSignOptions, StandardWebhooksVerifyOptions } from './standard-webhooks.js';
export type { StripeSignOptions, StripeVerifyOptions } from './stripe.js';
