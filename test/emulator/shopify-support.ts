/**
 * The Shopify emulator under test as an app sees it: `@shopify/shopify-api` (unmodified) pointed at a
 * listening emulator through the SDK's own runtime seam (`setAbstractFetchFunc`: its requests to
 * `https://<shop>.myshopify.com/…` go to `<baseUrl>/<shop>.myshopify.com/…`), and a receiving fetch
 * handler that checks every delivery with `shopify.webhooks.validate` (the official HMAC check).
 */
import '@shopify/shopify-api/adapters/web-api';
import { ApiVersion, LogSeverity, Session, shopifyApi, type GraphqlClient } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { createEmulator, type Emulator, type EmulatorOptions } from '../../src/emulator/index.js';

export const SHOP = 'acme.myshopify.com';
export const SECRET = 'shpss_emulated_client_secret';

/** A delivery as the receiver saw it, with the official validator's verdict. */
export interface Received {
  readonly topic: string;
  readonly body: Record<string, unknown>;
  readonly raw: string;
  readonly headers: Record<string, string>;
  readonly valid: boolean;
}

/** The SDK, configured as an app is (its secret is the one the emulator signs with). */
export function shopifyApp(secret = SECRET) {
  return shopifyApi({
    apiKey: 'emulated-app',
    apiSecretKey: secret,
    scopes: ['write_products', 'write_orders', 'write_customers'],
    hostName: 'app.example.com',
    apiVersion: ApiVersion.October25,
    isEmbeddedApp: false,
    logger: { level: LogSeverity.Error },
  });
}

/**
 * Points the SDK's requests at the emulator's `baseUrl` (what `clientOptions('shopify')` gives):
 * `https://acme.myshopify.com/admin/api/…` → `<baseUrl>/acme.myshopify.com/admin/api/…`.
 */
export function pointSdkAt(baseUrl: string): void {
  setAbstractFetchFunc((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return fetch(`${baseUrl}/${url.host}${url.pathname}${url.search}`, init);
  });
}

/** A running emulator of Shopify, the SDK's GraphQL client for `SHOP`, and what the app received. */
export interface ShopifyRig {
  readonly emulator: Emulator;
  readonly graphql: GraphqlClient;
  readonly received: Received[];
  /** Runs `query` with `variables` through the SDK; returns its `data`. */
  run<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<T>;
  close(): Promise<void>;
}

/**
 * Starts the emulator (`listen(0)`), the SDK pointed at it, and a receiver for the `webhooks` option.
 * `answer` decides the receiver's status per delivery (default 200).
 * @example
 * const rig = await startShopify();
 * await rig.run('mutation { productCreate(product: { title: "Hat" }) { product { id } } }');
 */
export async function startShopify(options: { answer?: (received: Received) => number; emulator?: EmulatorOptions } = {}): Promise<ShopifyRig> {
  const app = shopifyApp();
  const received: Received[] = [];
  const receiver = async (request: Request): Promise<Response> => {
    const raw = await request.clone().text();
    const check = await app.webhooks.validate({ rawBody: raw, rawRequest: request });
    const headers = Object.fromEntries(request.headers);
    const one: Received = { topic: headers['x-shopify-topic'] ?? '', body: JSON.parse(raw) as Record<string, unknown>, raw, headers, valid: check.valid };
    received.push(one);
    return new Response('ok', { status: options.answer?.(one) ?? 200 });
  };
  const emulator = createEmulator({ providers: ['shopify'], seed: 7, webhooks: { shopify: { target: receiver, secret: SECRET } }, ...options.emulator });
  await emulator.listen(0);
  pointSdkAt(String(emulator.clientOptions('shopify').baseUrl));
  const session = new Session({ id: `offline_${SHOP}`, shop: SHOP, state: 'state', isOnline: false, accessToken: 'shpat_emulated' });
  const graphql = new app.clients.Graphql({ session });
  return {
    emulator,
    graphql,
    received,
    async run(query, variables) {
      const answer = await graphql.request(query, variables ? { variables } : {});
      return answer.data as never;
    },
    close: () => emulator.close(),
  };
}
