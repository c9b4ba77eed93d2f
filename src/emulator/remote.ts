/**
 * A client of an emulator running in another process (`relay emulate`, or the one a test runner's
 * global setup started): the same methods as `Emulator`'s, over its `/_relaykit/` API (control.ts), each
 * returning a promise. The providers' APIs themselves are called with their SDKs at `clientOptions()`.
 */
import { RelayError } from '../core/index.js';
import type { ClerkHelpers, ClientOptions, GithubHelpers, ResendHelpers, ShopifyHelpers, StripeHelpers } from '../providers/internal.js';
import { CONTROL_PATH, type DeliveriesFilter, type EmulatedProviderInfo, type EmulatorInfo, type EndpointInfo } from './control.js';
import type { EmulatorDelivery } from './dispatcher.js';

/**
 * A provider's test helpers as a remote emulator runs them: the same arguments (sent as JSON), the
 * result a promise of what the helper returned (as JSON: `undefined` becomes `null`).
 * @example
 * const stripe: RemoteHelpers<StripeHelpers> = remote.stripe;
 * await stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
 */
export type RemoteHelpers<T> = { readonly [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<Awaited<R>> : never };

/**
 * A running emulator in another process. Made by `connectEmulator(url)`, or from the `EmulatorInfo` a
 * test runner's global setup handed over (relaykit/jest's `relayEmulator()`).
 * @example
 * const emulator = await connectEmulator('http://127.0.0.1:12111');
 * const stripe = new Stripe('sk_test_123', emulator.clientOptions('stripe'));
 * await stripe.customers.create({ email: 'ada@example.com' });
 * await emulator.settled();
 * (await emulator.deliveries({ type: 'customer.created' }))[0].status; // 'delivered'
 */
export class RemoteEmulator {
  readonly #info: EmulatorInfo;

  constructor(info: EmulatorInfo) {
    if (typeof info?.url !== 'string' || typeof info.providers !== 'object' || info.providers === null) {
      throw new RelayError('INVALID_OPTION', `RemoteEmulator takes what GET /_relaykit answers ({ url, providers }), got ${JSON.stringify(info)}.`);
    }
    this.#info = info;
  }

  /** The emulator's URL: `http://127.0.0.1:12111`. */
  get url(): string {
    return this.#info.url;
  }

  /** The providers it emulates. */
  get providers(): string[] {
    return Object.keys(this.#info.providers);
  }

  /** Its description, as `GET /_relaykit` answered it. */
  info(): EmulatorInfo {
    return this.#info;
  }

  #provider(provider: string): EmulatedProviderInfo {
    const found = Object.hasOwn(this.#info.providers, provider) ? this.#info.providers[provider] : undefined;
    if (!found) throw new RelayError('UNKNOWN_PROVIDER', `The emulator at ${this.url} does not emulate "${String(provider)}". It emulates: ${this.providers.join(', ') || 'nothing'}.`);
    return found;
  }

  /**
   * Where it serves `provider`'s API.
   * @example
   * remote.baseUrl('github'); // 'http://127.0.0.1:12111/github'
   */
  baseUrl(provider: string): string {
    return this.#provider(provider).baseUrl;
  }

  /**
   * The options that point `provider`'s official SDK at it.
   * @example
   * new Stripe('sk_test_123', remote.clientOptions('stripe'));
   */
  clientOptions(provider: 'stripe'): { host: string; port: number; protocol: 'http' | 'https' };
  clientOptions(provider: 'resend'): { baseUrl: string };
  clientOptions(provider: string): ClientOptions;
  clientOptions(provider: string): ClientOptions {
    return this.#provider(provider).clientOptions;
  }

  async #call<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
    const url = `${this.url}${CONTROL_PATH}${path}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
      });
    } catch (error) {
      throw new RelayError('UNREACHABLE', `No relaykit emulator answers at ${this.url} (${causeOf(error)}): is it still running?`, { cause: error });
    }
    const text = await response.text();
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const message = (parsed as { error?: unknown } | undefined)?.error;
      const code = response.status === 404 ? 'NOT_FOUND' : response.status < 500 ? 'INVALID_OPTION' : 'UNREACHABLE';
      throw new RelayError(code, typeof message === 'string' ? message : `The emulator at ${this.url} answered ${method} ${path} with ${response.status}: ${text.slice(0, 200)}`);
    }
    if (parsed === undefined) throw new RelayError('INVALID_DATA', `The emulator at ${this.url} answered ${method} ${path} with no JSON: ${text.slice(0, 200)}`);
    return parsed as T;
  }

  /**
   * Resolves once every delivery due now has been answered (retries included), as `Emulator.settled()`.
   * @example
   * await stripe.refunds.create({ payment_intent: intent.id });
   * await remote.settled();
   */
  async settled(): Promise<void> {
    await this.#call('POST', '/settled');
  }

  /**
   * What it sent, oldest first, as `Emulator.deliveries()`.
   * @example
   * const [paid] = await remote.deliveries({ provider: 'stripe', type: 'invoice.paid' });
   */
  async deliveries(filter: DeliveriesFilter = {}): Promise<EmulatorDelivery[]> {
    const query = new URLSearchParams();
    for (const name of ['provider', 'type', 'status'] as const) if (filter[name] !== undefined) query.set(name, String(filter[name]));
    const search = query.size > 0 ? `?${query}` : '';
    return (await this.#call<{ data: EmulatorDelivery[] }>('GET', `/deliveries${search}`)).data;
  }

  /**
   * Empties its world and record; the endpoints it was started with come back, those added since go.
   * @example
   * afterEach(() => remote.reset());
   */
  async reset(): Promise<void> {
    await this.#call('POST', '/reset');
  }

  /**
   * `provider`'s enabled webhook endpoints, with their secrets.
   * @example
   * (await remote.endpoints('stripe'))[0].secret; // 'whsec_…'
   */
  async endpoints(provider: string): Promise<EndpointInfo[]> {
    this.#provider(provider);
    return (await this.#call<{ data: EndpointInfo[] }>('GET', `/endpoints/${encodeURIComponent(provider)}`)).data;
  }

  /**
   * Registers a webhook endpoint for `provider` (your app's route), as `Emulator.addWebhook` does.
   * @example
   * await remote.addWebhook('stripe', { url: `${appUrl}/webhooks/stripe`, secret: process.env.STRIPE_WEBHOOK_SECRET });
   */
  async addWebhook(provider: string, endpoint: { readonly url: string; readonly secret?: string; readonly events?: readonly string[] }): Promise<EndpointInfo> {
    this.#provider(provider);
    return this.#call<EndpointInfo>('POST', `/endpoints/${encodeURIComponent(provider)}`, endpoint);
  }

  /**
   * `provider`'s test helpers, run by the emulator; its typed getters (`stripe`, `github`, …) name them.
   * @example
   * await remote.helpers('resend').advanceTime(60_000);
   */
  helpers(provider: string): Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>> {
    const names = this.#provider(provider).helpers;
    const run = (name: string) => async (...args: unknown[]) =>
      (await this.#call<{ result: unknown }>('POST', `/helpers/${encodeURIComponent(provider)}/${encodeURIComponent(name)}`, args)).result;
    const helpers = Object.fromEntries(names.map((name) => [name, run(name)]));
    // A name it does not have is said as such when called, not as "undefined is not a function".
    return new Proxy(helpers, {
      get: (target, key) => {
        if (typeof key !== 'string' || Object.hasOwn(target, key) || key === 'then' || key === 'toJSON') return Reflect.get(target, key);
        return () => Promise.reject(new RelayError('NOT_FOUND', `${provider} has no test helper "${key}". Its helpers: ${names.join(', ') || 'none'}.`));
      },
    });
  }

  /**
   * Stripe's test helpers, run by the emulator.
   * @example
   * await remote.stripe.completeCheckout(session.id, { paymentMethod: 'pm_card_visa' });
   */
  get stripe(): RemoteHelpers<StripeHelpers> {
    return this.helpers('stripe') as unknown as RemoteHelpers<StripeHelpers>;
  }

  /**
   * GitHub's test helpers, run by the emulator.
   * @example
   * const { id, appId, privateKey } = await remote.github.installApp({ owner: 'acme', repositories: ['app'] });
   */
  get github(): RemoteHelpers<GithubHelpers> {
    return this.helpers('github') as unknown as RemoteHelpers<GithubHelpers>;
  }

  /**
   * Clerk's test helpers, run by the emulator.
   * @example
   * const session = await remote.clerk.signIn(user.id);
   */
  get clerk(): RemoteHelpers<ClerkHelpers> {
    return this.helpers('clerk') as unknown as RemoteHelpers<ClerkHelpers>;
  }

  /**
   * Shopify's test helpers, run by the emulator.
   * @example
   * await remote.shopify.placeOrder({ lineItems: [{ variantId, quantity: 1 }], customer: { email: 'ada@example.com' } });
   */
  get shopify(): RemoteHelpers<ShopifyHelpers> {
    return this.helpers('shopify') as unknown as RemoteHelpers<ShopifyHelpers>;
  }

  /**
   * Resend's test helpers, run by the emulator.
   * @example
   * await remote.resend.open(email.id);
   */
  get resend(): RemoteHelpers<ResendHelpers> {
    return this.helpers('resend') as unknown as RemoteHelpers<ResendHelpers>;
  }
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } })?.cause;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Connects to an emulator running elsewhere (`relay emulate`, another process's `emulator.listen()`):
 * reads what it emulates, then works as the in-process `Emulator` does, each method a promise.
 * @example
 * const emulator = await connectEmulator('http://127.0.0.1:12111');
 * emulator.providers; // ['stripe', 'github', 'clerk', 'shopify', 'resend']
 */
export async function connectEmulator(url: string): Promise<RemoteEmulator> {
  if (typeof url !== 'string' || !URL.canParse(url)) throw new RelayError('INVALID_OPTION', `connectEmulator takes the emulator's URL (http://127.0.0.1:12111), got ${JSON.stringify(url)}.`);
  const base = url.replace(/\/+$/, '');
  let response: Response;
  try {
    response = await fetch(`${base}${CONTROL_PATH}`);
  } catch (error) {
    throw new RelayError('UNREACHABLE', `No relaykit emulator answers at ${base} (${causeOf(error)}): start one with \`relay emulate\`, or check the URL.`, { cause: error });
  }
  const info = (await response.json().catch(() => undefined)) as EmulatorInfo | undefined;
  if (!response.ok || typeof info?.providers !== 'object' || info.providers === null) {
    throw new RelayError('INVALID_DATA', `${base} answered GET ${CONTROL_PATH} with ${response.status}, not a relaykit emulator's description: is it a relaykit emulator (relay emulate)?`);
  }
  return new RemoteEmulator(info);
}
