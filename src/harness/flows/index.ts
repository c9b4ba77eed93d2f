/** Flows: the related events a provider sends for one real-world action, sent as the provider sends them. */
export { buildFlow, listFlows } from './build.js';
export type { BuildFlowOptions, FlowData } from './build.js';
export type { FlowInfo } from './define.js';
export { retryRules } from './retries.js';
export type { RetryRule } from './retries.js';
export type { FlowOrder } from './sequence.js';
export { triggerFlow } from './trigger-flow.js';
export type { FlowAttempt, FlowSend, FlowSendResult } from './send.js';
export type { TriggerFlowOptions, TriggerFlowResult } from './trigger-flow.js';
