/**
 * What `listFlows` says of a flow. The flow contract itself (`defineFlow`, `FlowDefinition`, steps,
 * identities) belongs to the provider slices, which write their flows against it: src/providers/flow.ts.
 */
import type { AnyFlow } from '../../providers/index.js';

export type { AnyFlow, BuiltEvent, FlowContext, FlowDefinition, FlowIdentity } from '../../providers/index.js';

/** A flow as `listFlows` describes it. */
export interface FlowInfo {
  readonly provider: string;
  readonly name: string;
  readonly description: string;
  /** The event types it sends, in the provider's order (a type may repeat). */
  readonly eventTypes: readonly string[];
  /** Where the provider documents these events and their order. */
  readonly source: string;
}

/** The description of a definition. */
export function infoOf(definition: AnyFlow): FlowInfo {
  const { provider, name, description, source } = definition;
  return { provider, name, description, eventTypes: definition.steps.map((step) => step.type), source };
}
