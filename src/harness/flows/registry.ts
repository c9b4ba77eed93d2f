/** Every built-in flow, grouped by provider in the registry's order. */
import { clerkFlows } from './clerk.js';
import type { AnyFlow } from './define.js';
import { githubFlows } from './github.js';
import { resendFlows } from './resend.js';
import { shopifyFlows } from './shopify.js';
import { stripeFlows } from './stripe.js';

/** The flows `listFlows` lists and `buildFlow` builds. */
export const flowDefinitions: readonly AnyFlow[] = [...stripeFlows, ...githubFlows, ...clerkFlows, ...shopifyFlows, ...resendFlows];
