/** The providers the world knows, and the shapes it shares with the providers' routes. */
export type { Obj, OutboxAppend, OutboxEvent, OutboxWriter, World, WorldAdapter, WorldPutOptions, WorldScope } from '../providers/internal.js';

/** The providers `relaykit/msw` mocks: the five built-ins. */
export type MockProviderId = 'stripe' | 'github' | 'clerk' | 'shopify' | 'resend';

/**
 * The mocked providers, in the order the docs list them.
 * @example
 * providerHandlers({ providers: mockProviderIds.filter((id) => id !== 'shopify') });
 */
export const mockProviderIds: readonly MockProviderId[] = Object.freeze(['stripe', 'github', 'clerk', 'shopify', 'resend']);

/** Whether `value` names a mocked provider. */
export function isMockProviderId(value: unknown): value is MockProviderId {
  return typeof value === 'string' && (mockProviderIds as readonly string[]).includes(value);
}
