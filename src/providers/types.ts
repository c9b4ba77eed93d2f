/** The plugin contract: what a provider is to the service, the harness and the CLI. */
import type { JsonObject } from '../core/index.js';
import type { HeaderInput, SecretInput, VerifyResult } from '../signers/index.js';
import type { FlowDefinition } from './flow.js';
import type { Faker } from './shared/random.js';

/** What a plugin's `verify` is given: the request as it arrived, before any parsing. */
export interface VerifyRequest {
  readonly headers: HeaderInput;
  /** The raw body, exactly as received. */
  readonly body: string;
  /** The configured secrets (one, or several while rotating); empty for plugins without a secret. */
  readonly secrets: readonly string[];
  /** The verifier's clock, epoch milliseconds. */
  readonly now: number;
}

/** A verified delivery reduced to what the service stores. */
export interface NormalizedEvent {
  /** The provider's own event type, unqualified: `payment_intent.succeeded`, `pull_request.opened`, `orders/create`. */
  readonly eventType: string;
  /** The provider's delivery id, the deduplication key; `null` when the provider sends none. */
  readonly deliveryId: string | null;
  /** The event data as the handler receives it. */
  readonly data: unknown;
}

/** The stored event, or why a verified body cannot be one. */
export type NormalizeResult = { readonly ok: true; readonly event: NormalizedEvent } | { readonly ok: false; readonly error: string };

/** What a plugin's `normalize` is given: a verified request whose body parsed as JSON. */
export interface NormalizeRequest {
  readonly headers: HeaderInput;
  readonly body: string;
  readonly json: unknown;
}

/** A provider plugin: a plain object that verifies and normalizes deliveries at `/api/webhook/<id>`. */
export interface ProviderPlugin {
  /** The plugin id, also its mount path segment: `/api/webhook/<id>`. */
  readonly id: string;
  /** A display name. */
  readonly name: string;
  /** The env var holding its secret (`STRIPE_WEBHOOK_SECRET`), or `null` when it verifies without one. */
  readonly secretEnv: string | null;
  /**
   * The headers a signed delivery carries its signature in (any one of them). A request with none of
   * them is refused before its body is read. Omitted: every request's body is read and verified.
   */
  readonly signatureHeaders?: readonly string[];
  /** Checks the signature over the raw body. Returns a result; never throws for bad input. */
  verify(request: VerifyRequest): VerifyResult | Promise<VerifyResult>;
  /** Turns a verified, parsed body into the stored event; an `error` says what the body lacks. */
  normalize(request: NormalizeRequest): NormalizeResult;
}

/** The event types a built-in can fabricate. */
export interface EventCatalog {
  /** Every catalogued type, in the form users type it. */
  readonly eventTypes: readonly string[];
  /** The canonical type for `input` (aliases resolved), or `undefined` when it cannot be built. */
  resolve(input: string): string | undefined;
  /**
   * Types of `eventTypes` that another kind of endpoint receives: Stripe's event notifications ("thin
   * events", parsed with `parseEventNotification`, not `constructEvent`) go to their own event
   * destination. Whole-catalog defaults, such as the fast-check arbitraries', leave them out.
   */
  readonly notificationTypes?: ReadonlySet<string>;
}

/**
 * A GitHub App delivery: the App's id (`X-GitHub-Hook-Installation-Target-ID`) and its installation's
 * (the body's `installation.id`); each is drawn from the seed when not given.
 */
export interface AppDelivery {
  readonly id?: number | undefined;
  readonly installationId?: number | undefined;
}

/** What a payload builder is given for one delivery. */
export interface BuildContext {
  /** The canonical event type, from `catalog.resolve`. */
  readonly eventType: string;
  /** Seeded for this delivery: draw every random value from it. */
  readonly faker: Faker;
  /** The delivery's time, epoch milliseconds; every timestamp in the payload derives from it. */
  readonly now: number;
  /** Fields to deep-merge into the main resource (objects merge, arrays and scalars replace). */
  readonly data: JsonObject | undefined;
  /** GitHub only: deliver as a GitHub App receives it. Omitted: the builder's default for the type. */
  readonly app?: AppDelivery | undefined;
}

/** A fabricated, unsigned delivery. */
export interface BuiltPayload {
  /** The body exactly as it will be signed and sent. */
  readonly body: string;
  /** The provider's delivery id (the deduplication key the plugin's `normalize` returns). */
  readonly deliveryId: string;
  /** Every non-signature header the provider sends, in canonical casing. */
  readonly headers: Readonly<Record<string, string>>;
}

/** Builds payloads for a built-in's catalog. Loaded lazily: it pulls in faker. */
export interface PayloadBuilder {
  build(context: BuildContext): BuiltPayload;
}

/** What a built-in's `sign` is given. */
export interface SignRequest {
  readonly body: string;
  readonly secret: SecretInput;
  /** Epoch milliseconds. */
  readonly timestamp: number;
  readonly deliveryId: string;
}

/** The headers a scheme's signature travels in and covers, in canonical casing. */
export interface SignatureHeaders {
  /** The header the MAC is sent in: `Stripe-Signature`, `X-Hub-Signature-256`, `svix-signature`. */
  readonly signature: string;
  /** Other names verifiers read the MAC from, never sent by the signer (Standard Webhooks' `webhook-signature`). */
  readonly aliases?: readonly string[];
  /** Headers the MAC covers besides the body, in the order they are sent (Svix: `svix-id`, `svix-timestamp`). */
  readonly signed?: readonly string[];
  /** Further signature headers sent beside the MAC header, which a verifier may fall back on (GitHub's SHA-1 `X-Hub-Signature`). */
  readonly fallbacks?: readonly string[];
}

/** The window a signed timestamp must fall in. */
export interface TimestampWindow {
  /** How far from the verifier's clock the signed time may be, in seconds. */
  readonly toleranceSeconds: number;
  /** Which side verifiers enforce: only `past` (Stripe: stripe-node lets future timestamps pass), or `both` (Svix). */
  readonly enforced: 'past' | 'both';
}

/** The format of a scheme's secret, and how the HMAC key is read from it. */
export interface SecretFormat {
  /** What an issued secret starts with: `whsec_` (Stripe, Svix), `shpss_` (Shopify), or `''` (GitHub). */
  readonly prefix: string;
  /** How many random bytes an issued secret holds after its prefix. */
  readonly bytes: number;
  /** How those bytes are written. */
  readonly encoding: 'hex' | 'base64';
  /**
   * How the HMAC key is read from a secret: `utf8`, the whole string as is, prefix included (Stripe,
   * GitHub, Shopify); `base64`, the part after the prefix decoded (Svix).
   */
  readonly key: 'utf8' | 'base64';
}

/** One way to malform a scheme's signature headers so that a verifier cannot match them. */
export interface Malformation {
  /** What was done, as the forgery's `detail` says it: `a v1 signature cut to half its length`. */
  readonly name: string;
  /**
   * The signature headers to send instead of the valid ones. `headers` holds every header of the
   * scheme's `SignatureHeaders` as sent (the MAC, the signed and the fallback headers); the result
   * replaces all of them.
   */
  apply(headers: Readonly<Record<string, string>>): Record<string, string>;
}

/**
 * How a built-in signs its deliveries, described for tools that forge them.
 * @example
 * const { scheme } = getProvider('stripe');
 * scheme.headers.signature;          // 'Stripe-Signature'
 * scheme.timestamp?.toleranceSeconds; // 300
 */
export interface SigningScheme {
  /** The scheme's display name, as forgery details say it: `Stripe`, `Svix (Standard Webhooks)`. */
  readonly name: string;
  /** The headers the signature travels in and covers. */
  readonly headers: SignatureHeaders;
  /** The window of the signed timestamp, or `null` when the signature covers no time (GitHub, Shopify). */
  readonly timestamp: TimestampWindow | null;
  /** The format of the secrets the provider issues. */
  readonly secret: SecretFormat;
  /**
   * Malformed signature headers, none of which carries the right MAC in another spelling (upper-case
   * hex, a missing prefix): a verifier that tolerates those is lenient, not insecure. Each is either
   * unparseable or carries no MAC a verifier could match.
   */
  readonly malformations: readonly Malformation[];
  /**
   * The bare signature headers of this scheme for any secret string, even one of another provider's
   * format: a foreign-scheme forgery signs with the configured secret of another provider. Nothing
   * the provider adds beside the signature (Stripe's test-mode `v0`) is included.
   */
  sign(request: SignRequest): Record<string, string>;
}

/**
 * Where a provider's deliveries carry their delivery id (the deduplication key), and how a fresh one is
 * made: what re-signing a fixture changes, and what it keeps with `keepIds`.
 */
export interface DeliveryIdFacts {
  /**
   * A header (`X-GitHub-Delivery`; `aliases` are other spellings read too, Standard Webhooks' `webhook-id`),
   * or a top-level field of the JSON body (Stripe's event `id`), which a fresh id replaces in place.
   */
  readonly place: { readonly header: string; readonly aliases?: readonly string[] } | { readonly bodyField: string };
  /** A fresh id for a delivery signed at `timestamp` (epoch milliseconds); `current` is the id it carried, when it had one. */
  mint(current: string | undefined, timestamp: number): string;
  /** Further headers holding a per-delivery id, each given a fresh `mint` too when present (Shopify's `X-Shopify-Event-Id`). */
  readonly renewedHeaders?: readonly string[];
}

/**
 * What a provider's deliveries say on the wire besides their signature, for the layers that rework a
 * delivery (fixtures signed again, flows) without knowing the provider.
 * @example
 * getProvider('stripe').wire.mainResource; // ['data', 'object']
 */
export interface WireFacts {
  readonly deliveryId: DeliveryIdFacts;
  /**
   * The path, in a parsed body, of the object `data` deep-merges into: Stripe `['data', 'object']`, Clerk
   * and Resend `['data']`, GitHub and Shopify `[]` (the body itself).
   */
  readonly mainResource: readonly string[];
  /**
   * The headers a receiver routes on, derived from the event type (GitHub's `X-GitHub-Event`, Shopify's
   * `X-Shopify-Topic`): a fixture written without them gets them when it is signed again.
   */
  routingHeaders?(eventType: string): Readonly<Record<string, string>>;
}

/** How a provider retries a delivery its endpoint did not accept. */
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

/** A provider's flows (flow.ts) and what every delivery of one flow shares with its first. */
export interface ProviderFlows {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly definitions: readonly FlowDefinition<any>[];
  /** Headers of the first delivery that every later one carries the same (the same shop or App sends them all). */
  readonly sharedHeaders?: readonly string[];
  /** Fields of the first event's main resource that every later event carries the same (GitHub's repository and sender). */
  sharedFields?(first: Record<string, unknown>): Record<string, unknown>;
}

/**
 * A provider slice: a plugin that can also fabricate and sign deliveries, and says what the layers above
 * need to know about it (wire facts, retry rule, flows), so that none of them branches on its id. The
 * five built-ins are slices; `registerProvider` adds another.
 */
export interface BuiltInProvider<Id extends string = string, Data = unknown> extends ProviderPlugin {
  readonly id: Id;
  readonly secretEnv: string;
  /**
   * Types only, never set: by event type, the type of what `data` merges into (`EventData` makes it a deep
   * partial), which `EventDataMap` reads off the registry's built-ins. The `~` sorts it last in completions.
   */
  readonly '~eventData'?: Data;
  readonly catalog: EventCatalog;
  /** How it signs: headers, timestamp window, secret format, malformations; `signatureHeaders` derives from it. */
  readonly scheme: SigningScheme;
  /** Signature headers for a body, exactly as the provider sends them. */
  sign(request: SignRequest): Record<string, string>;
  /** A fresh secret in the provider's format (e.g. `whsec_` + base64 for Svix). */
  generateSecret(): string;
  /** Imports the payload builder (and faker with it). */
  loadBuilder(): Promise<PayloadBuilder>;
  /** Where its deliveries carry their id and main resource, and what a receiver routes on. */
  readonly wire: WireFacts;
  /** How it retries a delivery its endpoint did not accept (`triggerFlow`'s `retries`). */
  readonly retry: RetryRule;
  /** Its flows; none when omitted. */
  readonly flows?: ProviderFlows;
}

/** A provider slice as `registerProvider` takes it: the built-ins' shape. */
export type ProviderSlice = BuiltInProvider;

/** Whether a plugin is one of the built-ins, with a catalog and a payload builder (custom plugins have neither). */
export function isBuiltInProvider(plugin: ProviderPlugin): plugin is BuiltInProvider {
  return typeof (plugin as BuiltInProvider).loadBuilder === 'function' && (plugin as BuiltInProvider).catalog !== undefined;
}
