import { createHash } from 'node:crypto';
import { randomBase62 } from '../../core/index.js';
import { stripe as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject } from '../shared/plugin-helpers.js';
import type { BuiltInProvider, RetryRule, WireFacts } from '../types.js';
import { catalog } from './catalog.js';
import type { StripeEventData } from './generated/data-types.js';
import type { StripeThinEventData } from './generated/thin-data-types.js';
import { stripeFlows } from './flows.js';
import { objectId } from './scene.js';
import { scheme } from './scheme.js';

const HOUR = 3600;

/** Stripe's redelivery: the README's "Retries as the provider retries" table cites each figure. */
const retry: RetryRule = {
  // Stripe documents "up to three days" of exponential backoff in live mode, not the intervals:
  // relaykit doubles from one hour, which stays inside the three days (63 h over 7 attempts).
  delays: [1, 2, 4, 8, 16, 32].map((h) => h * HOUR),
  // Stripe publishes no figure; guides report Stripe abandoning a request after about 30 s.
  timeoutMs: 30_000,
  resend: 'resign',
  summary:
    'exponential backoff for up to 3 days (live mode; Stripe does not publish the intervals: relaykit doubles from 1 h, 7 attempts over 63 h); ' +
    'same event id and body, new Stripe-Signature timestamp',
};

/**
 * The event id is the body's top-level `"id"` (`evt_…`). A fresh one is shaped as `relay trigger` mints
 * them: the version and account of the current id when it has Stripe's shape, minted at the delivery's
 * time, eight random characters.
 */
const wire: WireFacts = {
  deliveryId: {
    place: { bodyField: 'id' },
    mint: (current, timestamp) => {
      const shaped = current !== undefined && /^evt_[13][0-9A-Za-z]{23}$/.test(current);
      const [version, account] = shaped ? [current.slice(4, 5), current.slice(10, 20)] : ['1', randomBase62(10)];
      return objectId('evt', Math.floor(timestamp / 1000), account, randomBase62(8), version);
    },
  },
  mainResource: ['data', 'object'],
};

/**
 * Stripe (payments): `Stripe-Signature: t=…,v1=…`, HMAC-SHA256 keyed with the `whsec_` secret as is.
 * @example
 * stripe.catalog.resolve('payment_intent.succeeded'); // 'payment_intent.succeeded'
 */
export const stripe: BuiltInProvider<'stripe', StripeEventData & StripeThinEventData> = defineBuiltIn({
  id: 'stripe',
  name: 'Stripe',
  secretEnv: 'STRIPE_WEBHOOK_SECRET',
  catalog,
  scheme,
  verify: signer.verify,
  normalize: ({ json }) => {
    if (!isPlainObject(json) || typeof json.type !== 'string' || typeof json.id !== 'string' || json.id === '') {
      return invalid('The body is not a Stripe event: it needs string "id" (evt_…) and "type" fields.');
    }
    return { ok: true, event: { eventType: json.type, deliveryId: json.id, data: json } };
  },
  sign: (request) => {
    const headers = scheme.sign(request);
    // Test-mode deliveries also carry a v0 entry, a testing aid that verifiers ignore.
    const v0 = createHash('sha256').update(headers[signer.SIGNATURE_HEADER]!).digest('hex');
    return { [signer.SIGNATURE_HEADER]: `${headers[signer.SIGNATURE_HEADER]},v0=${v0}` };
  },
  loadBuilder: () => import('./build.js').then((m) => m.builder),
  wire,
  retry,
  flows: { definitions: stripeFlows },
});
