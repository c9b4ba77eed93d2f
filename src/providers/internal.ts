/**
 * The providers' second door, for relaykit's own layers only (the emulator and msw): the slices' API
 * routes and world adapters, and the web helpers and types they are written with. Not a public
 * subpath; `relaykit/providers` (index.ts) is what users import.
 */
import type { ProviderEmulation } from './shared/api/index.js';
import { clerkEmulation } from './clerk/api/emulation.js';
import { githubEmulation } from './github/api/emulation.js';
import { resendEmulation } from './resend/api/emulation.js';
import { shopifyEmulation } from './shopify/api/emulation.js';
import { stripeEmulation } from './stripe/api/emulation.js';

// Everything the slices' routes are written with (its own barrel lists it by name).
export * from './shared/api/index.js';

// Each slice's API routes and world adapter.
export { clerkAdapter, clerkRoutes } from './clerk/api/index.js';
export type { ClerkRouteOptions } from './clerk/api/index.js';
export { clerkEmulation };
export type { ClerkHelpers } from './clerk/api/emulation.js';
export { githubAdapter, githubRoutes } from './github/api/index.js';
export type { GithubRouteOptions } from './github/api/index.js';
export { githubEmulation };
export type { GithubHelpers, InstallAppOptions, InstalledApp, PushCommit, PushOptions, PushResult } from './github/api/emulation.js';
export { resendAdapter, resendRoutes } from './resend/api/index.js';
export type { ResendRouteOptions } from './resend/api/index.js';
export { resendEmulation };
export type { ResendHelpers } from './resend/api/emulation.js';
export type { ClickOptions as ResendClickOptions } from './resend/api/outcomes.js';
export { shopifyAdapter, shopifyRoutes } from './shopify/api/index.js';
export type { ShopifyRouteOptions } from './shopify/api/index.js';
export { shopifyEmulation };
export type { PlaceOrderOptions, ShopifyHelpers } from './shopify/api/emulation.js';
export { stripeAdapter, stripeRoutes } from './stripe/api/index.js';
export type { StripeRouteOptions } from './stripe/api/index.js';
export { stripeEmulation };
export type { StripeHelpers } from './stripe/api/emulation.js';

// The providers that have an emulator (src/emulator/ runs them without knowing which is which).
/** Every provider emulation, in the order the docs list the providers. */
export const providerEmulations: readonly ProviderEmulation[] = Object.freeze([stripeEmulation, githubEmulation, clerkEmulation, shopifyEmulation, resendEmulation]);
