/**
 * Deliveries signed with the providers' official libraries, not with relaykit's signers: relaykit
 * builds the payload, the official signer signs it. Shopify publishes no signer; its documented
 * algorithm (HMAC-SHA256 of the raw body, base64) is applied with node:crypto, as @shopify/shopify-api's
 * own test helper does.
 */
import { createHmac } from 'node:crypto';
import { sign as octokitSign } from '@octokit/webhooks-methods';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { buildDelivery } from '../../src/harness/build-delivery.js';

export const secrets = {
  stripe: 'whsec_contract_stripe_secret',
  github: 'contract-github-secret',
  clerk: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  shopify: 'shpss_contract_shopify_secret',
  resend: 'whsec_dGhpcyBpcyBhIHJlc2VuZCB0ZXN0IHNlY3JldCE=',
} as const;

export type ProviderId = keyof typeof secrets;

export const sampleTypes: Record<ProviderId, string> = {
  stripe: 'payment_intent.succeeded',
  github: 'pull_request.opened',
  clerk: 'user.created',
  shopify: 'orders/create',
  resend: 'email.delivered',
};

const SIGNATURE_HEADERS = ['stripe-signature', 'x-hub-signature-256', 'x-hub-signature', 'svix-signature', 'x-shopify-hmac-sha256'];

export interface SignedRequest {
  headers: Record<string, string>;
  body: string;
  deliveryId: string;
}

/** Signs `body` (with the delivery's other headers) using the provider's official library. */
export async function officialSign(
  provider: ProviderId,
  body: string,
  headers: Record<string, string>,
  options: { secret?: string; at?: number } = {},
): Promise<Record<string, string>> {
  const secret = options.secret ?? secrets[provider];
  const at = options.at ?? Date.now();
  const unsigned = Object.fromEntries(Object.entries(headers).filter(([name]) => !SIGNATURE_HEADERS.includes(name.toLowerCase())));
  switch (provider) {
    case 'stripe':
      return { ...unsigned, 'Stripe-Signature': Stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: Math.floor(at / 1000) }) };
    case 'github':
      return { ...unsigned, 'X-Hub-Signature-256': await octokitSign(secret, body) };
    case 'clerk':
    case 'resend': {
      const id = headers['svix-id']!;
      return { ...unsigned, 'svix-timestamp': String(Math.floor(at / 1000)), 'svix-signature': new Webhook(secret).sign(id, new Date(at), body) };
    }
    case 'shopify':
      return { ...unsigned, 'X-Shopify-Hmac-Sha256': createHmac('sha256', secret).update(body, 'utf8').digest('base64') };
  }
}

/** A realistic delivery for `provider`, signed by the official library. */
export async function officialDelivery(
  provider: ProviderId,
  eventType = sampleTypes[provider],
  options: { secret?: string; at?: number; data?: Record<string, unknown>; seed?: number } = {},
): Promise<SignedRequest> {
  const at = options.at ?? Date.now();
  const delivery = await buildDelivery(provider, eventType, { secret: secrets[provider], timestamp: at, data: options.data, seed: options.seed });
  return { headers: await officialSign(provider, delivery.body, delivery.headers, options), body: delivery.body, deliveryId: delivery.deliveryId };
}
