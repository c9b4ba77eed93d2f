/**
 * `createProviderServer`: an msw/node server with the provider handlers and a policy for requests
 * no handler takes: a provider host fails with a message, every other host (a loopback service)
 * passes through untouched.
 */
import { HttpResponse, type HttpHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { prefixed, RelayError } from '../core/index.js';
import { apiFactories, providerHandlers } from './handlers.js';
import { resolveMockOptions, type ProviderMockOptions, type ResolvedMockOptions } from './options.js';
import { reportUnsupported } from './shared/routes.js';
import type { MockProviderId, ProviderWorld } from '../emulator/seam.js';
import { providerWorld } from './world.js';

/** Options of `createProviderServer`. */
export interface ProviderServerOptions extends ProviderMockOptions {
  /** Handlers of your own, tried before the provider mocks. */
  handlers?: readonly HttpHandler[];
}

/** The server `createProviderServer` makes: msw/node's `SetupServer` (named here so that other layers need not import msw). */
export type ProviderServer = SetupServer;

/** What msw's `onUnhandledRequest` takes. */
export type UnhandledRequestStrategy = 'bypass' | 'warn' | 'error' | ((request: Request, print: { warning(): void; error(): void }) => void);

/**
 * Which provider an API host belongs to, if any.
 * @example
 * providerOfHost('acme.myshopify.com'); // 'shopify'
 */
export function providerOfHost(hostname: string): MockProviderId | undefined {
  const host = hostname.toLowerCase();
  if (host === 'api.stripe.com' || host === 'files.stripe.com') return 'stripe';
  if (host === 'api.github.com' || host === 'uploads.github.com') return 'github';
  if (host === 'api.clerk.com') return 'clerk';
  if (host.endsWith('.myshopify.com')) return 'shopify';
  if (host === 'api.resend.com') return 'resend';
  return undefined;
}

/**
 * The unhandled-request policy of `createProviderServer`: a request to a provider host no handler
 * took (a provider that is not enabled) fails with that provider's error shape, status 501 and a
 * message saying how to enable it; other requests go to `fallback` (default: pass through).
 * @example
 * server.listen({ onUnhandledRequest: providerUnhandledRequest({ providers: ['stripe'] }) });
 */
export function providerUnhandledRequest(
  options: ProviderMockOptions = {},
  fallback: UnhandledRequestStrategy = 'bypass',
): (request: Request, print: { warning(): void; error(): void }) => void {
  const resolved: ResolvedMockOptions = resolveMockOptions(options);
  const world: ProviderWorld = options.world ?? providerWorld;
  return (request, print) => {
    const url = new URL(request.url);
    const provider = providerOfHost(url.hostname);
    if (provider) {
      const api = apiFactories[provider]({ world, options: resolved });
      const enabled = resolved.providers.includes(provider);
      const mockIt = `server.use(http.${request.method.toLowerCase()}('${url.origin}${url.pathname}', resolver))`;
      const message = enabled
        ? prefixed(`no handler took ${request.method} ${url.pathname} (${url.hostname}): the ${provider} mock is enabled but this host or path is outside it. Mock it with ${mockIt}.`)
        : prefixed(
            `${request.method} ${url.pathname} went to ${url.hostname}, but the ${provider} mock is not enabled ` +
              `(providers: ${resolved.providers.join(', ')}). Add '${provider}' to the providers option, or mock it with ${mockIt}.`,
          );
      reportUnsupported(world, provider, request, message);
      // msw answers an unhandled request with a Response thrown from this policy.
      throw api.unsupported(message);
    }
    if (typeof fallback === 'function') return fallback(request, print);
    if (fallback === 'warn') print.warning();
    if (fallback === 'error') {
      print.error();
      throw HttpResponse.error();
    }
  };
}

/**
 * An msw/node server with the provider handlers. Its `listen()` applies the provider policy for
 * unhandled requests (your own `onUnhandledRequest` then applies to the other hosts only); requests
 * to other hosts, such as a loopback service under test, pass through.
 * @note msw patches `fetch` and `node:http` in `listen()`: a library that keeps the `fetch` it saw
 * when imported (`@shopify/shopify-api/adapters/node`) must be imported after `listen()` (or in a
 * setup file that runs after it), or its requests bypass the mocks.
 * @example
 * const server = createProviderServer({ stripe: { apiKey: 'sk_test_123' } });
 * beforeAll(() => server.listen());
 * afterEach(() => { server.resetHandlers(); resetProviderWorld(); });
 * afterAll(() => server.close());
 */
export function createProviderServer(options: ProviderServerOptions = {}): SetupServer {
  if (options.handlers !== undefined && !Array.isArray(options.handlers)) {
    throw new RelayError('INVALID_OPTION', 'handlers must be a list of msw request handlers.');
  }
  const server = setupServer(...(options.handlers ?? []), ...providerHandlers(options));
  const listen = server.listen.bind(server);
  server.listen = (listenOptions = {}) => {
    const fallback = (listenOptions.onUnhandledRequest ?? 'bypass') as UnhandledRequestStrategy;
    listen({ ...listenOptions, onUnhandledRequest: providerUnhandledRequest(options, fallback) });
  };
  return server;
}
