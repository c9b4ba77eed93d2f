/**
 * `createEmulator`: the providers' APIs over one world, whose writes are delivered back as the
 * provider's webhooks: an API call answers, then its events go out, signed, retried, recorded.
 */
import { RelayError } from '../core/index.js';
import { checkDuplicates, checkOrder, IN_PROCESS_ORIGIN, type FlowOrder, type Target } from '../harness/index.js';
import { providerEmulations, type ClerkHelpers, type ClientOptions, type GithubHelpers, type ProviderEmulation, type ResendHelpers, type ShopifyHelpers, type StripeHelpers } from '../providers/internal.js';
import { createWorld } from './create.js';
import { Dispatcher, type DeliveryAttempt, type EmulatorDelivery } from './dispatcher.js';
import { createRouter, type Router } from './router.js';
import { control, CONTROL_PATH, type DeliveriesFilter, type EmulatorInfo, type EndpointInfo } from './control.js';
import { emulatorHandlers } from './msw.js';
import { listen, type Listening } from './server.js';
import type { ProviderWorld } from './world.js';

/** Where one provider's webhooks go: a URL, or a target in process (a fetch handler, a node listener, a server). */
export type WebhookEndpointOption =
  | { readonly url: string; readonly secret?: string; readonly events?: readonly string[] }
  | { readonly target: Target; readonly path?: string; readonly secret?: string; readonly events?: readonly string[] };

/** Options of `createEmulator`. */
export interface EmulatorOptions {
  /** The providers to emulate. Default: every one that has an emulator. */
  readonly providers?: readonly string[];
  /** Webhook endpoints to register at the start (and again after `reset()`), as the provider's own API would. */
  readonly webhooks?: Readonly<Record<string, WebhookEndpointOption | readonly WebhookEndpointOption[]>>;
  /** Retry deliveries not answered 2xx on the provider's schedule. Default: true. */
  readonly retries?: boolean;
  /** How the provider's waits between attempts are compressed: 0 (default) sends retries at once, 1 waits as the provider does. */
  readonly timeScale?: number;
  /** Deliveries as a real provider sometimes makes them: `duplicates` extra copies in each API call's batch, the batch `order`ed (`shuffled` by `seed`). */
  readonly chaos?: { readonly duplicates?: number; readonly order?: FlowOrder; readonly seed?: number };
  /** Makes ids and drawn values the same in every run. Default: random. */
  readonly seed?: number;
  /** The world's clock, in milliseconds since the epoch. Default: `Date.now`. */
  readonly now?: () => number;
  /**
   * Told of each delivery attempt once answered: `relay emulate` prints a line for each.
   * @example
   * createEmulator({ onAttempt: (d, a) => console.log(d.type, a.status) });
   */
  readonly onAttempt?: (delivery: EmulatorDelivery, attempt: DeliveryAttempt) => void;
}

const byProvider = new Map(providerEmulations.map((emulation) => [emulation.provider, emulation]));

/**
 * The providers that have an emulator, in the order the docs list them.
 * @example
 * emulatedProviders(); // ['stripe']
 */
export function emulatedProviders(): string[] {
  return [...byProvider.keys()];
}

function invalid(message: string): RelayError {
  return new RelayError('INVALID_OPTION', message);
}

function chosenEmulations(providers: readonly string[] | undefined): ProviderEmulation[] {
  if (providers === undefined) return [...providerEmulations];
  if (!Array.isArray(providers) || providers.length === 0) throw invalid(`providers must be a non-empty list of provider ids, got ${JSON.stringify(providers)}.`);
  return providers.map((id) => {
    const found = byProvider.get(String(id));
    if (!found) throw new RelayError('UNKNOWN_PROVIDER', `No emulator for provider "${String(id)}". Emulated: ${[...byProvider.keys()].join(', ')}.`);
    return found;
  });
}

function checkTimeScale(value: unknown): number {
  if (value === undefined) return 0;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) throw invalid(`timeScale must be a number from 0 (no waiting) up (1 = real time), got ${JSON.stringify(value)}.`);
  return value;
}

/**
 * The emulated providers, their world, and the webhooks their API calls cause.
 * @example
 * const emulator = createEmulator({ webhooks: { stripe: { url: 'http://127.0.0.1:4000/webhooks/stripe', secret: 'whsec_test' } } });
 * const { url } = await emulator.listen(0);
 * const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
 * await stripe.customers.create({ email: 'ada@example.com' });
 * await emulator.settled();
 * emulator.deliveries({ type: 'customer.created' })[0].status; // 'delivered'
 */
export class Emulator {
  /** The objects the emulated APIs hold and the events their writes caused. */
  readonly world: ProviderWorld;
  readonly #emulations: ProviderEmulation[];
  readonly #routers: Map<string, Router>;
  /** The in-process routing: each API's router, found by the request's host. */
  readonly #byHost: Router[];
  /** The standalone server's routing: each provider's mount, longest first. */
  readonly #mounts: { readonly mount: string; readonly router: Router }[];
  readonly #dispatcher: Dispatcher;
  readonly #webhooks: EmulatorOptions['webhooks'];
  #server: Listening | undefined;
  #flushScheduled = false;

  constructor(options: EmulatorOptions = {}) {
    if (typeof options !== 'object' || options === null) throw invalid(`createEmulator takes an options object, got ${JSON.stringify(options)}.`);
    this.#emulations = chosenEmulations(options.providers);
    if (options.retries !== undefined && typeof options.retries !== 'boolean') throw invalid(`retries must be true or false, got ${JSON.stringify(options.retries)}.`);
    const chaos = options.chaos ?? {};
    this.world = createWorld({ adapters: this.#emulations.map((e) => e.adapter), ...(options.now ? { now: options.now } : {}), ...(options.seed !== undefined ? { seed: options.seed } : {}) });
    this.#dispatcher = new Dispatcher(
      {
        retries: options.retries ?? true,
        timeScale: checkTimeScale(options.timeScale),
        order: checkOrder(chaos.order ?? 'provider'),
        duplicates: checkDuplicates(chaos.duplicates ?? 0),
        seed: chaos.seed ?? options.seed ?? 0,
        ...(options.onAttempt ? { onAttempt: options.onAttempt } : {}),
      },
      new Map(this.#emulations.map((e) => [e.provider, e])),
    );
    // Each API's routes are built once: a router by provider, reached by host in process.
    const apis = this.#emulations.map((e) => e.routes());
    this.#routers = new Map(apis.map((api) => [api.provider, createRouter(api)]));
    this.#byHost = [...this.#routers.values()];
    this.#mounts = this.#emulations.map((e) => ({ mount: e.mount, router: this.#routers.get(e.provider)! })).sort((a, b) => b.mount.length - a.mount.length);
    this.#webhooks = options.webhooks;
    this.#registerWebhooks();
  }

  #registerWebhooks(): void {
    for (const [provider, value] of Object.entries(this.#webhooks ?? {})) {
      if (!this.#emulations.some((e) => e.provider === provider)) throw invalid(`webhooks names "${provider}", which is not emulated here. Emulated: ${this.providers.join(', ')}.`);
      for (const endpoint of Array.isArray(value) ? value : [value]) this.#addEndpoint(provider, endpoint, `webhooks.${provider}`);
    }
  }

  #addEndpoint(provider: string, endpoint: WebhookEndpointOption, name: string): EndpointInfo {
    const emulation = this.#emulation(provider);
    if (typeof endpoint !== 'object' || endpoint === null) throw invalid(`${name} must be { url, secret? } or { target, path?, secret? }, got ${JSON.stringify(endpoint)}.`);
    const { events, secret } = endpoint;
    if (secret !== undefined && (typeof secret !== 'string' || secret === '')) throw invalid(`${name}: secret must be a non-empty string, got ${JSON.stringify(secret)}.`);
    if (events !== undefined && (!Array.isArray(events) || events.some((type) => typeof type !== 'string'))) {
      throw invalid(`${name}: events must be a list of event types, got ${JSON.stringify(events)}.`);
    }
    const options = { ...(secret ? { secret } : {}), ...(events ? { events } : {}) };
    let added;
    if ('url' in endpoint) {
      if (typeof endpoint.url !== 'string' || !URL.canParse(endpoint.url) || !/^https?:$/.test(new URL(endpoint.url).protocol)) {
        throw invalid(`${name}: url must be an http(s) URL, got ${JSON.stringify(endpoint.url)}.`);
      }
      added = emulation.addEndpoint(this.world, { url: endpoint.url, ...options });
    } else if ('target' in endpoint) {
      const path = endpoint.path ?? `/webhooks/${provider}`;
      added = emulation.addEndpoint(this.world, { url: `${IN_PROCESS_ORIGIN}${path}`, ...options });
      this.#dispatcher.routeInProcess(added.id, endpoint.target, path);
    } else {
      throw invalid(`${name} needs a url or a target, got ${JSON.stringify(Object.keys(endpoint))}.`);
    }
    return { id: added.id, url: added.url, secret: added.secret };
  }

  /**
   * Registers one more webhook endpoint for `provider`, as the provider's own API would (Stripe's
   * `webhookEndpoints.create`): deliveries caused from now on go to it too. Without `secret`, a fresh one
   * (in the answer). Unlike the `webhooks` option's endpoints, `reset()` removes it.
   * @example
   * const { secret } = emulator.addWebhook('stripe', { url: 'http://127.0.0.1:3000/webhooks/stripe', events: ['checkout.session.completed'] });
   */
  addWebhook(provider: string, endpoint: WebhookEndpointOption): EndpointInfo {
    return this.#addEndpoint(provider, endpoint, `addWebhook('${provider}')`);
  }

  /**
   * Serves the emulated APIs over HTTP on one port, each under its provider's mount: Stripe at
   * `/v1/…` as Stripe does, the others under `/<provider>/…` (`/github/repos/…`). Port 0 picks a free one.
   * @example
   * const { url } = await emulator.listen(12111); // 'http://127.0.0.1:12111'
   */
  async listen(port = 0, host = '127.0.0.1'): Promise<{ url: string }> {
    if (this.#server) throw new RelayError('INVALID_OPTION', `The emulator already listens at ${this.#server.url}; close() it first.`);
    this.#server = await listen(port, host, (request) => this.#serve(request));
    return { url: this.#server.url };
  }

  /**
   * Stripe's test helpers, on this emulator's world: what a buyer does that is no API call. Their
   * events are delivered as an API call's are.
   * @example
   * await emulator.stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
   */
  get stripe(): StripeHelpers {
    return this.#helpers('stripe') as StripeHelpers;
  }

  /**
   * GitHub's helpers, on this emulator's world: installing a GitHub App (its id, key and installation
   * for the test's own Probot or `@octokit/auth-app`) and pushing commits. Their events are delivered
   * as an API call's are.
   * @example
   * const { id, appId, privateKey } = await emulator.github.installApp({ owner: 'acme', repositories: ['app'], permissions: { issues: 'write' }, events: ['issues'] });
   */
  get github(): GithubHelpers {
    return this.#helpers('github') as GithubHelpers;
  }

  /**
   * Resend's helpers, on this emulator's world: what a recipient does (`open`, `click`) and Resend's
   * clock (`advanceTime`, which sends the scheduled emails it reaches). Their events are delivered as
   * an API call's are.
   * @example
   * emulator.resend.open(email.id);
   */
  get resend(): ResendHelpers {
    return this.#helpers('resend') as ResendHelpers;
  }

  /**
   * Clerk's helpers, on this emulator's world: what a user does in the browser (sign in and out, accept
   * an invitation). Their events are delivered as an API call's are.
   * @example
   * const session = emulator.clerk.signIn(user.id);
   */
  get clerk(): ClerkHelpers {
    return this.#helpers('clerk') as ClerkHelpers;
  }

  /**
   * Shopify's helpers, on this emulator's world: a checkout a customer completes (`placeOrder`) and the
   * app's client secret. Their topics are delivered as an API call's are.
   * @example
   * emulator.shopify.placeOrder({ lineItems: [{ variantId, quantity: 1 }], customer: { email: 'ada@example.com' } });
   */
  get shopify(): ShopifyHelpers {
    return this.#helpers('shopify') as ShopifyHelpers;
  }

  /** `provider`'s helpers, each scheduling the delivery of what it caused. */
  #helpers(provider: string): object {
    const helpers = this.#emulation(provider).helpers?.(this.world) ?? {};
    return Object.fromEntries(
      Object.entries(helpers).map(([name, helper]) => [
        name,
        (...args: unknown[]) => {
          try {
            const result: unknown = (helper as (...a: unknown[]) => unknown)(...args);
            if (result instanceof Promise) return result.finally(() => this.#scheduleFlush());
            this.#scheduleFlush();
            return result;
          } catch (error) {
            this.#scheduleFlush();
            throw error;
          }
        },
      ]),
    );
  }

  #emulation(provider: string): ProviderEmulation {
    const found = this.#emulations.find((e) => e.provider === provider);
    if (!found) throw new RelayError('UNKNOWN_PROVIDER', `No emulator for provider "${String(provider)}" here. Emulated: ${this.providers.join(', ')}.`);
    return found;
  }

  /** The providers emulated here. */
  get providers(): string[] {
    return this.#emulations.map((e) => e.provider);
  }

  /**
   * The enabled webhook endpoints of `provider`, with their secrets (what `relay emulate` prints).
   * @example
   * emulator.endpoints('stripe')[0].secret; // 'whsec_…'
   */
  endpoints(provider: string): { id: string; url: string; secret: string }[] {
    return this.#emulation(provider).endpoints(this.world).map(({ id, url, secret }) => ({ id, url, secret }));
  }

  /** The URL it listens at, when it does. */
  get url(): string | undefined {
    return this.#server?.url;
  }

  /**
   * Where the listening server serves `provider`'s API: its URL with the provider's mount.
   * @example
   * emulator.baseUrl('github'); // 'http://127.0.0.1:12111/github'
   */
  baseUrl(provider: string): string {
    const emulation = this.#emulation(provider);
    if (!this.#server) throw new RelayError('INVALID_OPTION', `baseUrl('${provider}') needs a listening emulator: await emulator.listen() first.`);
    return `${this.#server.url}${emulation.mount}`;
  }

  /** Stops listening (deliveries under way go on; `settled()` waits for them). */
  async close(): Promise<void> {
    const server = this.#server;
    this.#server = undefined;
    await server?.close();
  }

  /**
   * The options that point `provider`'s official SDK at the listening server.
   * @example
   * new Stripe('sk_test_123', emulator.clientOptions('stripe'));
   */
  clientOptions(provider: 'stripe'): { host: string; port: number; protocol: 'http' | 'https' };
  clientOptions(provider: 'resend'): { baseUrl: string };
  clientOptions(provider: string): ClientOptions;
  clientOptions(provider: string): ClientOptions {
    const emulation = this.#emulation(provider);
    if (!this.#server) throw new RelayError('INVALID_OPTION', `clientOptions('${provider}') needs a listening emulator: await emulator.listen() first (in process, use emulator.handlers() with msw).`);
    return emulation.clientOptions(new URL(this.baseUrl(provider)));
  }

  /**
   * Answers `request` addressed to a provider's real API host (`https://api.stripe.com/v1/…`), in process:
   * what `handlers()` binds into msw.
   */
  fetch(request: Request): Promise<Response> {
    const host = new URL(request.url).host;
    return this.#answer(request, this.#byHost.find((router) => router.servesHost(host)));
  }

  /**
   * msw handlers answering the emulated providers' real API hosts from this emulator, in process.
   * @example
   * const server = setupServer(...emulator.handlers());
   * server.listen();
   * const stripe = new Stripe('sk_test_123'); // talks to the emulator
   */
  handlers(): ReturnType<typeof emulatorHandlers> {
    return emulatorHandlers(this.hosts, (request) => this.fetch(request));
  }

  /** The API hosts answered in process, `:params` kept: `api.stripe.com`, `:shop.myshopify.com`. */
  get hosts(): string[] {
    return this.#byHost.map((router) => router.host);
  }

  /**
   * Answers a standalone server's request: the provider whose mount its path starts with (the longest
   * mount wins, so Stripe's root mount takes what no other claims), the mount taken off its path.
   */
  #serve(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === CONTROL_PATH || url.pathname.startsWith(`${CONTROL_PATH}/`)) return this.#control(request);
    for (const { mount, router } of this.#mounts) {
      if (mount === '') return this.#answer(request, router);
      if (url.pathname !== mount && !url.pathname.startsWith(`${mount}/`)) continue;
      url.pathname = url.pathname.slice(mount.length) || '/';
      return this.#answer(new Request(url, request), router);
    }
    const mounts = this.#mounts.map((m) => `${m.mount || '/'} (${m.router.provider})`).join(', ');
    return Promise.resolve(Response.json({ error: { message: `The relaykit emulator serves no API at ${url.pathname}. It serves: ${mounts}.` } }, { status: 404 }));
  }

  async #answer(request: Request, router: Router | undefined): Promise<Response> {
    if (!router) return new Response(JSON.stringify({ error: { message: `No emulated API at ${new URL(request.url).host}.` } }), { status: 404 });
    try {
      return await router.handle(request, this.world);
    } finally {
      this.#scheduleFlush();
    }
  }

  /** Delivers what the outbox holds after the current answer has gone out, as providers deliver. */
  #scheduleFlush(): void {
    if (this.#flushScheduled) return;
    this.#flushScheduled = true;
    setImmediate(() => {
      this.#flushScheduled = false;
      this.#flush();
    });
  }

  #flush(): void {
    const events = this.world.outbox.drain();
    if (events.length > 0) this.#dispatcher.dispatch(events, this.world);
  }

  /**
   * Resolves once every event caused so far has been delivered and answered, retries included (on the
   * compressed schedule), and so have the events those deliveries' handlers caused in turn.
   * @example
   * await stripe.refunds.create({ payment_intent: intent.id });
   * await emulator.settled();
   */
  async settled(): Promise<void> {
    for (;;) {
      this.#flush();
      await this.#dispatcher.idle();
      // A handler may have called the API meanwhile: its answer schedules a flush of what it caused.
      await new Promise<void>((resolve) => setImmediate(resolve));
      if (this.world.outbox.pending().length === 0 && !this.#flushScheduled) return;
    }
  }

  /**
   * What was sent, oldest first: each event to each endpoint, with its attempts and status.
   * @example
   * emulator.deliveries({ provider: 'stripe', type: 'charge.refunded' });
   */
  deliveries(filter: DeliveriesFilter = {}): EmulatorDelivery[] {
    return this.#dispatcher.deliveries(filter);
  }

  /**
   * The operations the emulator serves for `provider`, one `METHOD /path` each.
   * @example
   * emulator.operations('stripe').includes('POST /v1/refunds'); // true
   */
  operations(provider: string): string[] {
    return [...this.#routers.get(this.#emulation(provider).provider)!.operations];
  }

  /**
   * The listening emulator, described for a client in another process (what `GET /_relaykit` answers):
   * each provider's base URL, the options its SDK takes, and its test helpers' names. `origin`: the
   * URL the client reached it at, when that is not the one it listens at (a container's name).
   * @example
   * emulator.info().providers.stripe.clientOptions; // { host: '127.0.0.1', port: 12111, protocol: 'http' }
   */
  info(origin?: string): EmulatorInfo {
    if (!this.#server) throw new RelayError('INVALID_OPTION', 'info() describes a listening emulator: await emulator.listen() first.');
    const url = origin ?? this.#server.url;
    const providers = Object.fromEntries(
      this.#emulations.map((e) => {
        const baseUrl = `${url}${e.mount}`;
        const at = new URL(baseUrl);
        return [e.provider, { baseUrl, clientOptions: e.clientOptions(at), env: e.clientEnv?.(at) ?? {}, helpers: Object.keys(e.helpers?.(this.world) ?? {}) }];
      }),
    );
    return { url, providers };
  }

  /** The emulator's own API under `/_relaykit/` (control.ts), over this emulator. */
  #control(request: Request): Promise<Response> {
    // Described at the origin the client used (its Host header), which may be a name the server does not know itself by.
    const origin = new URL(request.url).origin;
    return control(request, {
      info: () => this.info(origin),
      settled: () => this.settled(),
      deliveries: (filter) => this.deliveries(filter),
      reset: () => this.reset(),
      endpoints: (provider) => this.endpoints(provider),
      addWebhook: (provider, endpoint) => this.addWebhook(provider, endpoint),
      runHelper: (provider, name, args) => {
        const helpers = this.#helpers(provider) as Record<string, unknown>;
        const helper = Object.hasOwn(helpers, name) ? helpers[name] : undefined;
        if (typeof helper !== 'function') return { found: false };
        return { found: true, result: (helper as (...a: unknown[]) => unknown)(...args) };
      },
    });
  }

  /** Empties the world and the record of deliveries, and registers the `webhooks` option's endpoints again. */
  reset(): void {
    this.world.reset();
    this.#dispatcher.clear();
    this.#registerWebhooks();
  }
}

/**
 * A new emulator.
 * @example
 * const emulator = createEmulator({ providers: ['stripe'], seed: 7 });
 */
export function createEmulator(options: EmulatorOptions = {}): Emulator {
  return new Emulator(options);
}
