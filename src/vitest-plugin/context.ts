/** What the Vitest plugin's service hands to test workers through `provide` / `inject`. */

/** The run's reference service, as tests see it. */
export interface RelayTestContext {
  /** The service's base URL, e.g. `http://127.0.0.1:43121`. */
  readonly url: string;
  /** The webhook secret per provider id; also set as `<PROVIDER>_WEBHOOK_SECRET` in the workers. */
  readonly secrets: Readonly<Record<string, string>>;
  /** The `RELAY_API_TOKEN` the service requires, if any. */
  readonly apiToken?: string;
  /** Whether workers start the msw mock provider APIs, and reset their world after each test. */
  readonly mockProviders: { readonly enabled: boolean; readonly reset: boolean };
}

/** The `inject` key. */
export const CONTEXT_KEY = 'relaykit';

declare module 'vitest' {
  export interface ProvidedContext {
    relaykit: RelayTestContext;
  }
}
