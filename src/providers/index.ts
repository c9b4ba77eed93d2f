/**
 * `relaykit/providers`: the five built-in provider plugins, the plugin contract, custom plugins and
 * the registry.
 *
 * @example
 * import { getProvider, definePlugin, permissiveVerify } from 'relaykit/providers';
 * getProvider('github').catalog.eventTypes; // ['check_run.completed', …]
 */
export { clerk } from './clerk/index.js';
export { github } from './github/index.js';
export { resend } from './resend/index.js';
export { shopify } from './shopify/index.js';
export { stripe } from './stripe/index.js';

export { builtInProviderIds, builtInProviders, getProvider, listProviders, mainResourceOf, registerProvider, resolvePlugins } from './registry.js';
export { defineProvider } from './built-in.js';
export type { ProviderDefinition, SignerVerify } from './built-in.js';
export { defineFlow } from './flow.js';
export type { AnyFlow, BuiltEvent, FlowClock, FlowContext, FlowDefinition, FlowIdentity, FlowStep } from './flow.js';
export { pinned, chained } from './shared/pin.js';
export type { Pin } from './shared/pin.js';
export { deriveSeed, hashText, seededRng, shuffle } from './shared/rng.js';
export type { Rng } from './shared/rng.js';
export { definePlugin, normalizeTypeAndData, permissiveVerify } from './define-plugin.js';
export type { CustomPluginOptions } from './define-plugin.js';
// The ground floor's error class and merge, as this entry has always offered them.
export { deepMerge, RelayError } from '../core/index.js';
export type { JsonObject, JsonValue, RelayErrorCode } from '../core/index.js';
export { isBuiltInProvider } from './types.js';
export { observeDeliveries } from './observe.js';
export type { DeliveryObserver, ObservedDelivery } from './observe.js';
export type {
  AppDelivery,
  BuildContext,
  BuiltInProvider,
  BuiltPayload,
  DeliveryIdFacts,
  EventCatalog,
  Malformation,
  NormalizedEvent,
  NormalizeRequest,
  NormalizeResult,
  PayloadBuilder,
  ProviderFlows,
  ProviderPlugin,
  ProviderSlice,
  RetryRule,
  SecretFormat,
  SignatureHeaders,
  SigningScheme,
  SignRequest,
  TimestampWindow,
  VerifyRequest,
  WireFacts,
} from './types.js';

// For relaykit's own layers (harness, CLI, msw), which reach the providers through this entry only
// (.dependency-cruiser.mjs, "providers-through-barrel"); not documented for users. The fabricator loads
// the payload builders and faker lazily, so this entry stays light for `relay events` and the service.
export { resolveEventType, unknownTypeWarning } from './event-types.js';
export type { ResolveEventTypeOptions } from './event-types.js';
export { loadFabricator } from './fabricator.js';
export type { Fabricator } from './fabricator.js';
export type { FabricatedDelivery, FabricateOptions } from './delivery.js';
export { hasDeliveryObservers, notifyDelivery } from './observe.js';
export type { DeepPartial, EventData, EventDataMap, KnownEventType } from './event-data.js';
