/** Shared setup of the `relaykit/msw` tests: a delivery builder that parses the payload, one server per file. */
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { buildDelivery, type BuildDeliveryOptions, type Delivery } from '../../src/harness/build-delivery.js';
import { createProviderServer, providerWorld, resetProviderWorld, type ProviderServerOptions } from '../../src/msw/index.js';
import { secrets } from '../service/official.js';

/** A signed delivery and its parsed body, as a webhook handler would see them. */
export async function deliver<T = Record<string, any>>(
  provider: string,
  eventType: string,
  options: BuildDeliveryOptions = {},
): Promise<{ delivery: Delivery; payload: T }> {
  const delivery = await buildDelivery(provider, eventType, { secret: secrets[provider as keyof typeof secrets], ...options });
  return { delivery, payload: JSON.parse(delivery.body) as T };
}

/** Starts one provider server for the test file; resets the world and handlers after each test. */
export function useProviderServer(options: ProviderServerOptions = {}): ReturnType<typeof createProviderServer> {
  const server = createProviderServer(options);
  beforeAll(() => server.listen());
  afterEach(() => {
    server.resetHandlers();
    resetProviderWorld();
    providerWorld.unsupportedRequests({ clear: true });
    vi.restoreAllMocks();
  });
  afterAll(() => server.close());
  return server;
}

/** Silences (and records) what the mocks print for unsupported requests. */
export function quietConsoleError(): ReturnType<typeof vi.spyOn> {
  return vi.spyOn(console, 'error').mockImplementation(() => undefined);
}
