/**
 * How each provider retries a delivery its endpoint did not accept: the schedule, how long it waits for
 * an answer, and what a retry keeps or changes. The README's "Retries as the provider retries" table
 * cites the source of each figure.
 */

/** A provider's redelivery rules. */
export interface RetryRule {
  /**
   * Seconds to wait before each retry, counted from the failure of the attempt before (Svix: "each period
   * is started following the failure of the preceding attempt"). Empty: the provider does not retry.
   */
  readonly delays: readonly number[];
  /** How long the provider waits for an answer before it counts the attempt as failed, in milliseconds. */
  readonly timeoutMs: number;
  /**
   * What a retry (or a duplicate) carries: `resign`, the same body and delivery id with a signature made
   * at the new send time (Stripe's `t=`, Svix's `svix-timestamp`); `same`, the very same bytes and
   * headers (Shopify sends "the original payload"; GitHub's signature covers no time).
   */
  readonly resend: 'resign' | 'same';
  /** A response header with which the receiver stops the retries (Svix: `webhook-delivery: abort-message`). */
  readonly stopHeader?: { readonly name: string; readonly value: string };
  /** One line for people: what the provider does, and whether relaykit had to choose figures it does not publish. */
  readonly summary: string;
}

const HOUR = 3600;

/** Svix (Clerk and Resend): immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h; 15 s to answer. */
const svix: RetryRule = {
  delays: [5, 5 * 60, 30 * 60, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR],
  timeoutMs: 15_000,
  resend: 'resign',
  // "Retries will be stopped if the receiving end includes the header `webhook-delivery: abort-message`".
  stopHeader: { name: 'webhook-delivery', value: 'abort-message' },
  summary: 'Svix schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts); same svix-id, new svix-timestamp and signature; 15 s to answer',
};

/** The built-in providers' rules, by provider id. */
export const retryRules: Readonly<Record<string, RetryRule>> = {
  stripe: {
    // Stripe documents "up to three days" of exponential backoff in live mode, not the intervals:
    // relaykit doubles from one hour, which stays inside the three days (63 h over 7 attempts).
    delays: [1, 2, 4, 8, 16, 32].map((h) => h * HOUR),
    // Stripe publishes no figure; guides report Stripe abandoning a request after about 30 s.
    timeoutMs: 30_000,
    resend: 'resign',
    summary:
      'exponential backoff for up to 3 days (live mode; Stripe does not publish the intervals: relaykit doubles from 1 h, 7 attempts over 63 h); ' +
      'same event id and body, new Stripe-Signature timestamp',
  },
  github: {
    delays: [],
    timeoutMs: 10_000,
    resend: 'same',
    summary: 'GitHub does not redeliver failed deliveries by itself (redeliver by hand or through the REST API); 10 s to answer',
  },
  clerk: svix,
  resend: svix,
  shopify: {
    // "8 times over 4 hours using an exponential backoff schedule"; the intervals are not published:
    // relaykit doubles from one minute (the eighth retry comes 4 h 15 min after the first failure).
    delays: [1, 2, 4, 8, 16, 32, 64, 128].map((m) => m * 60),
    timeoutMs: 5_000,
    resend: 'same',
    summary:
      '8 retries over about 4 hours, exponential (intervals not published: relaykit doubles from 1 min); ' +
      'the original payload and headers (same X-Shopify-Webhook-Id and Triggered-At); 5 s to answer',
  },
};

/** The nominal offset of each attempt from the first, in milliseconds: `[0, 5000, 305000, …]` for Svix. */
export function attemptOffsets(rule: RetryRule): number[] {
  const offsets = [0];
  for (const delay of rule.delays) offsets.push(offsets.at(-1)! + delay * 1000);
  return offsets;
}
