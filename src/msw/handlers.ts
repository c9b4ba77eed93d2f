/** `providerHandlers`: the msw handlers of every mocked provider API, over one world. */
import type { HttpHandler } from 'msw';
import { RelayError } from '../core/index.js';
import { mockProviderIds, type MockProviderId } from '../emulator/seam.js';
import { clerkRoutes, githubRoutes, resendRoutes, shopifyRoutes, stripeRoutes } from '../providers/internal.js';
import type { MockContext } from './context.js';
import { resolveMockOptions, type ProviderMockOptions } from './options.js';
import { apiHandlers, bindRoutes, describeRoutes, type MockApi } from './shared/routes.js';
import { connectWorld, providerWorld } from './world.js';

/** Each provider's API factory. */
export const apiFactories: Readonly<Record<MockProviderId, (ctx: MockContext) => MockApi>> = Object.freeze({
  stripe: (ctx) => bindRoutes(stripeRoutes({ apiKeys: ctx.options.stripe.apiKeys }), ctx.world),
  github: (ctx) => bindRoutes(githubRoutes({ tokens: ctx.options.github.tokens, actor: ctx.options.github.actor }), ctx.world),
  clerk: (ctx) => bindRoutes(clerkRoutes({ secretKeys: ctx.options.clerk.secretKeys }), ctx.world),
  shopify: (ctx) => bindRoutes(shopifyRoutes({ accessTokens: ctx.options.shopify.accessTokens }), ctx.world),
  resend: (ctx) => bindRoutes(resendRoutes({ apiKeys: ctx.options.resend.apiKeys }), ctx.world),
});

/**
 * msw 2 request handlers for the mocked provider APIs (api.stripe.com, api.github.com,
 * api.clerk.com, `<shop>.myshopify.com/admin/api/<version>`, api.resend.com). They answer from
 * the shared world, which records every delivery `buildDelivery` builds from now on. A request to
 * an endpoint a mock does not support gets a 501 in the provider's error shape naming the method,
 * the path and the `server.use(…)` line that mocks it; it is noted in `providerWorld.unsupportedRequests()`
 * and printed once per distinct endpoint (`supportedEndpoints(provider)` lists what a mock serves).
 * @example
 * import { setupServer } from 'msw/node';
 * const server = setupServer(...providerHandlers({ providers: ['stripe'], stripe: { apiKey: 'sk_test_123' } }));
 */
export function providerHandlers(options: ProviderMockOptions = {}): HttpHandler[] {
  const resolved = resolveMockOptions(options);
  const world = options.world ?? providerWorld;
  connectWorld(world);
  const ctx: MockContext = { world, options: resolved };
  return resolved.providers.flatMap((id) => apiHandlers(apiFactories[id](ctx), world));
}

/**
 * The endpoints a provider's mock serves, one `METHOD /path` per line; without a provider, every
 * mock's, each with its host. An unmocked request prints one line and points here for the full list.
 * @example
 * supportedEndpoints('resend'); // ['POST   /emails', …, 'GET    /emails/:id', …]
 * supportedEndpoints(); // ['POST   api.stripe.com/v1/refunds', …, 'GET    api.resend.com/domains/:id']
 */
export function supportedEndpoints(provider?: MockProviderId): string[] {
  if (provider !== undefined && !mockProviderIds.includes(provider)) {
    throw new RelayError('UNKNOWN_PROVIDER', `Unknown provider "${String(provider)}". Mocked: ${mockProviderIds.join(', ')}.`);
  }
  const ctx: MockContext = { world: providerWorld, options: resolveMockOptions() };
  if (provider !== undefined) return describeRoutes(apiFactories[provider](ctx));
  return mockProviderIds.flatMap((id) => describeRoutes(apiFactories[id](ctx), true));
}
