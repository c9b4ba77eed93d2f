/** Options of `providerHandlers` and `createProviderServer`, checked once at the boundary. */
import { RelayError, unknownProviderMessage } from '../core/index.js';
import type { CredentialOption } from '../providers/internal.js';
import { isMockProviderId, mockProviderIds, type MockProviderId, type ProviderWorld } from '../emulator/seam.js';

/** Options of the mocked provider APIs. */
export interface ProviderMockOptions {
  /** Which providers to mock. Default: all five. */
  providers?: readonly MockProviderId[];
  /** The world the handlers read and write. Default: the shared `providerWorld`. */
  world?: ProviderWorld;
  stripe?: {
    /** The secret keys the mock accepts. Default: any `sk_…`/`rk_…` key. */
    apiKey?: CredentialOption;
  };
  github?: {
    /** The tokens the mock accepts. Default: any token. Reads work without one; writes need one. */
    token?: CredentialOption;
    /** The login that writes (comments, check runs) are made by. Default: `relaykit-bot[bot]`. */
    actor?: string;
  };
  clerk?: {
    /** The secret keys the mock accepts. Default: any `sk_test_…`/`sk_live_…` key. */
    secretKey?: CredentialOption;
  };
  shopify?: {
    /** The Admin API access tokens the mock accepts (`X-Shopify-Access-Token`). Default: any token. */
    accessToken?: CredentialOption;
  };
  resend?: {
    /** The API keys the mock accepts. Default: any `re_…` key. */
    apiKey?: CredentialOption;
  };
}

/** The options after checking: lists where the user gave one value or several. */
export interface ResolvedMockOptions {
  readonly providers: readonly MockProviderId[];
  readonly stripe: { readonly apiKeys?: readonly string[] };
  readonly github: { readonly tokens?: readonly string[]; readonly actor: string };
  readonly clerk: { readonly secretKeys?: readonly string[] };
  readonly shopify: { readonly accessTokens?: readonly string[] };
  readonly resend: { readonly apiKeys?: readonly string[] };
}

function credentials(value: CredentialOption | undefined, name: string): readonly string[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0 || list.some((v) => typeof v !== 'string' || v === '')) {
    throw new RelayError('INVALID_OPTION', `${name} must be a non-empty string or a non-empty list of them, got ${JSON.stringify(value)}.`);
  }
  return [...list];
}

function section<T extends object>(options: ProviderMockOptions, key: MockProviderId): Partial<T> {
  const value = options[key];
  if (value === undefined) return {};
  if (typeof value !== 'object' || value === null) {
    throw new RelayError('INVALID_OPTION', `${key} must be an options object, got ${JSON.stringify(value)}.`);
  }
  return value as Partial<T>;
}

/** Checks the options and fills in defaults; bad input gets a `RelayError` naming the option. */
export function resolveMockOptions(options: ProviderMockOptions = {}): ResolvedMockOptions {
  if (typeof options !== 'object' || options === null) {
    throw new RelayError('INVALID_OPTION', `The provider mock options must be an object, got ${JSON.stringify(options)}.`);
  }
  const providers = options.providers ?? mockProviderIds;
  if (!Array.isArray(providers) || providers.length === 0) {
    throw new RelayError('INVALID_OPTION', `providers must be a non-empty list of ${mockProviderIds.join(', ')}.`);
  }
  for (const id of providers) {
    if (!isMockProviderId(id)) {
      throw new RelayError('UNKNOWN_PROVIDER', unknownProviderMessage(String(id), { context: 'in providers', lists: [['Mocked', mockProviderIds]] }));
    }
  }
  const github = section<NonNullable<ProviderMockOptions['github']>>(options, 'github');
  if (github.actor !== undefined && (typeof github.actor !== 'string' || !/^[A-Za-z0-9][A-Za-z0-9-]*(\[bot\])?$/.test(github.actor))) {
    throw new RelayError('INVALID_OPTION', `github.actor must be a GitHub login such as "octocat" or "my-app[bot]", got ${JSON.stringify(github.actor)}.`);
  }
  return {
    providers: [...new Set(providers)],
    stripe: { apiKeys: credentials(section<NonNullable<ProviderMockOptions['stripe']>>(options, 'stripe').apiKey, 'stripe.apiKey') },
    github: { tokens: credentials(github.token, 'github.token'), actor: github.actor ?? 'relaykit-bot[bot]' },
    clerk: { secretKeys: credentials(section<NonNullable<ProviderMockOptions['clerk']>>(options, 'clerk').secretKey, 'clerk.secretKey') },
    shopify: { accessTokens: credentials(section<NonNullable<ProviderMockOptions['shopify']>>(options, 'shopify').accessToken, 'shopify.accessToken') },
    resend: { apiKeys: credentials(section<NonNullable<ProviderMockOptions['resend']>>(options, 'resend').apiKey, 'resend.apiKey') },
  };
}
