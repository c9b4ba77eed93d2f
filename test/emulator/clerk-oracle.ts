/**
 * The checks for what the emulated Clerk sends and serves: each delivered event against Clerk's own
 * webhooks spec through the catalog's checks (test/providers/clerk-spec-check.ts: every key of Clerk's
 * example for the type, every key the spec requires with the spec's type, no undeclared key), and a
 * receiving service that verifies every delivery with both official verifiers (`@clerk/backend`'s
 * `verifyWebhook`, svix's `Webhook.verify`) and keeps what it verified.
 *
 * @example
 * const receiver = clerkReceiver(SECRET);
 * createEmulator({ webhooks: { clerk: { target: receiver.handle, secret: SECRET } } });
 * expect(receiver.received.flatMap((r) => clerkEventProblems(r.event))).toEqual([]);
 */
import type { WebhookEvent } from '@clerk/backend/webhooks';
import { verifyWebhook } from '@clerk/backend/webhooks';
import { Webhook } from 'svix';
import { exampleKeyProblems, schemaProblems } from '../providers/clerk-spec-check.js';

type Json = Record<string, unknown>;

/**
 * What a delivered Clerk event gets wrong against Clerk's spec and examples; empty when nothing.
 * Where Clerk's example shows a value and the object holds `null` (a user with no last name, an email
 * to an invitee who is no user yet), the spec's type decides: it says which keys may be null. The spec
 * marks a deleted user's `external_id` optional: it is sent when the user had one.
 */
export function clerkEventProblems(event: Json): string[] {
  const type = String(event.type);
  const examples = exampleKeyProblems(type, event).filter((p) => !/ is null, Clerk's example has /.test(p) && !(p === `${type}: data.external_id missing` && type === 'user.deleted'));
  const spec = schemaProblems(type, event.data);
  return [...examples, ...spec.invalid.map((p) => `${type} ${p}`), ...spec.undeclared.map((p) => `${type} undeclared ${p}`)];
}

/** One verified delivery, as the receiving service saw it. */
export interface Received {
  readonly svixId: string;
  readonly timestamp: string;
  readonly signature: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** What `verifyWebhook` answered. */
  readonly event: WebhookEvent;
}

/** A receiving service: every verified delivery, every refusal, and a way to refuse attempts on purpose. */
export interface ClerkReceiver {
  readonly received: Received[];
  /** Why a delivery failed verification (empty when every one passed both verifiers). */
  readonly refused: string[];
  /** Every attempt, verified or not, in arrival order. */
  readonly attempts: Received[];
  /** Answers 503 to the next `n` attempts (each still verified and kept in `attempts`). */
  failNext(n: number): void;
  /** The fetch handler the emulator delivers to. */
  handle(request: Request): Promise<Response>;
  clear(): void;
}

/**
 * A receiving service for `secret` that verifies each delivery with `verifyWebhook` and svix, as an
 * application's route does.
 * @example
 * const receiver = clerkReceiver('whsec_…');
 */
export function clerkReceiver(secret: string): ClerkReceiver {
  const svix = new Webhook(secret);
  let failing = 0;
  const state: ClerkReceiver = {
    received: [],
    refused: [],
    attempts: [],
    failNext: (n) => void (failing = n),
    clear() {
      state.received.length = 0;
      state.refused.length = 0;
      state.attempts.length = 0;
      failing = 0;
    },
    async handle(request) {
      const body = await request.clone().text();
      const headers = Object.fromEntries(request.headers);
      try {
        const event = await verifyWebhook(request, { signingSecret: secret });
        svix.verify(body, headers);
        const seen: Received = { svixId: headers['svix-id']!, timestamp: headers['svix-timestamp']!, signature: headers['svix-signature']!, headers, body, event };
        state.attempts.push(seen);
        if (failing > 0) {
          failing--;
          return new Response('try again later', { status: 503 });
        }
        state.received.push(seen);
        return new Response(null, { status: 204 });
      } catch (error) {
        state.refused.push((error as Error).message);
        return new Response(null, { status: 400 });
      }
    },
  };
  return state;
}
