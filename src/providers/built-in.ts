/**
 * What every built-in derives the same way from its signing scheme and signer: the signature headers a
 * request must carry, the answer when no secret is configured, fresh secrets, signing. A provider's
 * folder states only what is its own: who it is, its catalog, its scheme, how a body becomes an event.
 */
import type { HeaderInput, VerifyResult } from '../signers/index.js';
import { signatureHeaderNames } from './scheme.js';
import { noSecret } from './shared/plugin-helpers.js';
import { randomSecret } from './shared/secrets.js';
import type { BuiltInProvider, EventCatalog, ProviderFlows, ProviderPlugin, RetryRule, SignRequest, SigningScheme, WireFacts } from './types.js';

/** A signer's `verify` (`relaykit/signers`), as a built-in calls it with the request it was given. */
export type SignerVerify = (options: { headers: HeaderInput; body: string; secret: readonly string[]; now: number }) => VerifyResult;

/** What a built-in's folder states about it; `defineBuiltIn` makes the plugin. */
export interface BuiltInDefinition {
  readonly id: string;
  readonly name: string;
  /** The env var holding the secret: `STRIPE_WEBHOOK_SECRET`. */
  readonly secretEnv: string;
  readonly catalog: EventCatalog;
  readonly scheme: SigningScheme;
  /** Verifies with the configured secrets; called only when there is at least one. */
  readonly verify: SignerVerify;
  readonly normalize: ProviderPlugin['normalize'];
  /** The headers a delivery is signed with; default: the scheme's bare signature. */
  readonly sign?: (request: SignRequest) => Record<string, string>;
  /** Imports the folder's payload builder (a dynamic import, so that faker loads on first use). */
  readonly loadBuilder: BuiltInProvider['loadBuilder'];
  /** Where its deliveries carry their id and main resource, and what a receiver routes on. */
  readonly wire: WireFacts;
  /** How it retries a delivery its endpoint did not accept. */
  readonly retry: RetryRule;
  /** Its flows, if it has any. */
  readonly flows?: ProviderFlows | undefined;
}

/**
 * The plugin of a built-in provider.
 * @example
 * export const github = defineBuiltIn({ id: 'github', name: 'GitHub', secretEnv: 'GITHUB_WEBHOOK_SECRET', catalog, scheme,
 *   verify: signer.verify, normalize, loadBuilder: () => import('./build.js').then((m) => m.builder), wire, retry, flows });
 */
export function defineBuiltIn<Id extends string, Data = unknown>(definition: BuiltInDefinition & { readonly id: Id }): BuiltInProvider<Id, Data> {
  const { secretEnv, scheme, verify } = definition;
  return {
    id: definition.id,
    name: definition.name,
    secretEnv,
    catalog: definition.catalog,
    scheme,
    signatureHeaders: signatureHeaderNames(scheme),
    verify: (request) =>
      request.secrets.length === 0
        ? noSecret(secretEnv)
        : verify({ headers: request.headers, body: request.body, secret: request.secrets, now: request.now }),
    normalize: definition.normalize,
    sign: definition.sign ?? scheme.sign,
    generateSecret: () => randomSecret(scheme.secret),
    loadBuilder: definition.loadBuilder,
    wire: definition.wire,
    retry: definition.retry,
    ...(definition.flows ? { flows: definition.flows } : {}),
  };
}

/** What a provider slice's folder states about it: see `defineProvider`. */
export type ProviderDefinition = BuiltInDefinition;

/**
 * A provider slice from what its folder states: the built-ins are made this way, and so is a provider of
 * one's own, which `registerProvider` then adds to the registry.
 * @example
 * export const acme = defineProvider({ id: 'acme', name: 'Acme', secretEnv: 'ACME_WEBHOOK_SECRET', catalog, scheme,
 *   verify, normalize, loadBuilder: () => import('./build.js').then((m) => m.builder), wire, retry, flows });
 */
export const defineProvider: <Id extends string, Data = unknown>(definition: ProviderDefinition & { readonly id: Id }) => BuiltInProvider<Id, Data> = defineBuiltIn;
