/**
 * What a provider's API routes and world adapter need of a world, and what a route is. The routes
 * are written against web `Request`/`Response`, so they run under msw, an HTTP emulator or a plain
 * `fetch` handler alike; the world is handed to them, never reached for. `src/emulator/` implements
 * this interface (its `ProviderWorld`), which is why it is declared here, below the emulator.
 */
import type { ObservedDelivery } from '../../observe.js';

/** A JSON object as the world stores it. */
export type Obj = Record<string, unknown>;

/** Where an object lives besides its kind: Shopify objects belong to a shop domain. */
export interface WorldScope {
  /** The Shopify shop domain (`acme.myshopify.com`); ignored by the other providers. */
  readonly shop?: string;
}

/** Options of `put` and `merge`. */
export interface WorldPutOptions extends WorldScope {
  /** The key to store under. Default: what the provider keys objects by (`id`; the API `url` path for GitHub). */
  readonly id?: string;
  /**
   * `put` only: store this very object, without a copy. For an object the caller built to keep and
   * hands over: it must never change it again (the emulator's stored events), or it changes the world.
   */
  readonly adopt?: boolean;
}

/** An event an API write causes, kept in the world's outbox until a dispatcher delivers it. */
export interface OutboxEvent {
  /** The provider that sends it: `resend`. */
  readonly provider: string;
  /** The provider's event type: `email.sent`. */
  readonly type: string;
  /** The object the event reports (the webhook's main resource), as the API shows it. */
  readonly data: Obj;
  /** When the write happened, in milliseconds since the epoch (the world's clock). */
  readonly at: number;
  /** Where the object lives, when its provider keeps objects by shop: the Shopify shop that sends the event. */
  readonly scope?: WorldScope;
  /** For an update, the changed fields' values before it (Stripe's `data.previous_attributes`). */
  readonly previous?: Obj;
  /** The API request that caused it (Stripe's `request`: `req_…` and the Idempotency-Key), set by the route's wrapper. */
  readonly request?: { readonly id: string; readonly idempotencyKey: string | null };
  /** The provider's delivery id this event sends again (GitHub's redelivery API): its envelope reuses that id. */
  readonly resend?: string;
}

/** An event as a write appends it: stamped with the world's clock unless `at` is given. */
export type OutboxAppend = Omit<OutboxEvent, 'at'> & {
  readonly at?: number;
  /**
   * Keep `data` itself, without a copy: for data the caller copied to hand over and that nothing changes
   * again (the world's own copy of an object just stored with `put`'s `adopt`, which the world never changes).
   */
  readonly adopt?: boolean;
};

/** The writing side of an outbox: what a route sees. */
export interface OutboxWriter {
  /** Appends the event a write causes, stamped with the world's clock unless `at` is given. */
  append(event: OutboxAppend): OutboxEvent;
}

/**
 * The provider world as routes and adapters use it: objects by provider, kind (and Shopify shop)
 * and key, read as copies; and the outbox a write appends the events it causes to.
 */
export interface World {
  put(provider: string, kind: string, object: Obj, options?: WorldPutOptions): Obj;
  merge(provider: string, kind: string, object: Obj, options?: WorldPutOptions): Obj;
  get(provider: string, kind: string, id: string, scope?: WorldScope): Obj | undefined;
  list(provider: string, kind: string, scope?: WorldScope): Obj[];
  update(provider: string, kind: string, id: string, change: (current: Obj) => Obj, scope?: WorldScope): Obj | undefined;
  delete(provider: string, kind: string, id: string, scope?: WorldScope): boolean;
  /** The Shopify shops that hold any object. */
  shops(): string[];
  readonly outbox: OutboxWriter;
  /** The world's clock, in milliseconds since the epoch: what created objects and events are stamped with. */
  now(): number;
  /**
   * A fresh id, `prefix_` and `length` base62 characters: drawn from the world's seed when it has one
   * (the same calls give the same ids), else from the platform's CSPRNG.
   * @example
   * world.id('pi', 24); // 'pi_3Qv…'
   */
  id(prefix: string, length?: number): string;
}

/** What a provider's world adapter tells the world: how its objects are keyed and how its deliveries are recorded. */
export interface WorldAdapter {
  readonly provider: string;
  /** The key of an object, or `undefined` when it has none. */
  identify(kind: string, object: Obj): string | undefined;
  /** Registers the objects of a delivery's payload. */
  record(world: World, delivery: ObservedDelivery, payload: unknown): void;
  /** What to say when an object has no key. */
  readonly keyHint: string;
  /** Whether objects live in a shop (`WorldScope.shop`), as Shopify's do; each shop then has its own. */
  readonly byShop?: boolean;
}

/** The HTTP methods the API routes answer. */
export type RouteMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** The `:name` parameters of a route path, as the router matched them. */
export type RouteParams = Readonly<Record<string, string | readonly string[] | undefined>>;

/**
 * A route's handler. `undefined` means "not mine after all" (`GET …/threads/search` under
 * `…/threads/:id`): the router goes on to the next route, and at the end to the unsupported answer.
 */
export type RouteHandler = (request: Request, params: RouteParams, world: World) => Response | undefined | Promise<Response | undefined>;

/** One endpoint. `path` is relative to the API base and uses `:param` segments. */
export interface ApiRoute {
  readonly method: RouteMethod;
  readonly path: string;
  readonly handler: RouteHandler;
}

/** A provider's API: where it lives, its routes, and how it says it does not serve an endpoint. */
export interface ApiRoutes {
  readonly provider: string;
  /** The base every route path is appended to: `https://api.resend.com`. */
  readonly base: string;
  /** How the host looks in messages: `api.resend.com`, `<shop>.myshopify.com`. */
  readonly host: string;
  readonly routes: readonly ApiRoute[];
  /** The provider's error response for an endpoint the API does not serve. */
  unsupported(message: string): Response;
}

/** A webhook endpoint a provider emulation delivers to: registered through its API or the emulator's `webhooks` option. */
export interface EmulatedEndpoint {
  /** The provider's id for it (`we_…`). */
  readonly id: string;
  /** Where deliveries are posted. */
  readonly url: string;
  /** The secret deliveries are signed with. */
  readonly secret: string;
  /** Whether it subscribes to events of `type` (and, for a provider whose subscriptions filter on the object, to `event`). */
  accepts(type: string, event: OutboxEvent): boolean;
  /**
   * What this endpoint is sent of a delivery, when it differs from the others': Shopify's subscription
   * `includeFields` cut the body, and each subscription has its own `X-Shopify-Webhook-Id`. Default: `delivery` as is.
   */
  deliver?(delivery: EmulatedDelivery, event: OutboxEvent): EmulatedDelivery;
}

/** What a provider's delivery of one outbox event is, before its signature. */
export interface EmulatedDelivery {
  /** Exactly the string that is signed and sent. */
  readonly body: string;
  /** The provider's id of the delivery (Stripe's event id): the same in every attempt and to every endpoint. */
  readonly deliveryId: string;
  /** Every non-signature header the provider sends. */
  readonly headers: Readonly<Record<string, string>>;
}

/** What a standalone server's client needs to reach the emulated API: the options its official SDK takes. */
export type ClientOptions = Readonly<Record<string, unknown>>;

/**
 * A provider, emulated: its API routes over a world, where webhook endpoints are registered, and how an
 * outbox event becomes the body the provider sends. The emulator (src/emulator/) runs any of these
 * without knowing which provider it runs.
 */
export interface ProviderEmulation {
  readonly provider: string;
  /**
   * Where a standalone emulator serves this provider's API, so that one port serves every provider:
   * `''` (the root) for Stripe, whose SDK takes no base path, and `/<provider>` for the others, whose
   * SDKs take a base URL (`http://127.0.0.1:12111/github`). Routes see paths without it.
   */
  readonly mount: string;
  /** The API's routes, accepting any well-formed credential of the provider's format. */
  routes(): ApiRoutes;
  /** How the world keys this provider's objects. */
  readonly adapter: WorldAdapter;
  /**
   * The SDK options that point the provider's official client at its API served at `url` (the
   * emulator's URL with the provider's `mount` appended).
   * @example
   * stripeEmulation.clientOptions(new URL('http://127.0.0.1:12111')); // { host: '127.0.0.1', port: 12111, protocol: 'http' }
   */
  clientOptions(url: URL): ClientOptions;
  /**
   * The environment variables the official SDK reads its base URL from, set to its API served at `url`
   * (Resend's `RESEND_BASE_URL`): a test run's emulator sets them, so the app under test needs no option.
   * @example
   * resendEmulation.clientEnv?.(new URL('http://127.0.0.1:12111/resend')); // { RESEND_BASE_URL: 'http://127.0.0.1:12111/resend' }
   */
  clientEnv?(url: URL): Readonly<Record<string, string>>;
  /** The webhook endpoints registered in `world` that are enabled. */
  endpoints(world: World): EmulatedEndpoint[];
  /** Registers an endpoint as the provider's own API would (the emulator's `webhooks` option); returns it. */
  addEndpoint(world: World, endpoint: { readonly url: string; readonly secret?: string; readonly events?: readonly string[] }): EmulatedEndpoint;
  /**
   * The delivery of `event`: the provider's envelope around the object, stamped at the event's time.
   * `pending` is how many endpoints it goes to (Stripe's `pending_webhooks`).
   */
  envelope(event: OutboxEvent, world: World, pending: number): EmulatedDelivery;
  /**
   * Told of each attempt's answer (`status` null when there was none), for a provider whose API lists
   * its deliveries (GitHub's `GET /app/hook/deliveries`).
   */
  attempted?(world: World, deliveryId: string, status: number | null, durationMs: number): void;
  /** What a test does that is no API call (a buyer completing Checkout, passing 3D Secure), bound to `world`. */
  helpers?(world: World): object;
  /** The id of the object `event` reports, when its `data` does not keep it in `id` (Resend's `email_id`): `deliveries()`' `objectId`. */
  objectId?(event: OutboxEvent): string | undefined;
}
