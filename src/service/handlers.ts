/** What handlers are given, and how a stored type finds its handler. */
import type { LogLevel } from './store/types.js';

/** The event a handler receives. */
export interface RelayEvent<Data = unknown> {
  /** `evt_…`. */
  readonly id: string;
  /** Qualified type: `stripe.payment_intent.succeeded`, `github.pull_request.opened`, `acme.order.paid`. */
  readonly type: string;
  /** The plugin id it arrived at. */
  readonly provider: string;
  /** The normalized data: the provider's payload (Stripe event, GitHub body, …) or a custom plugin's `data`. */
  readonly data: Data;
  /** The provider's delivery id, when it sends one. */
  readonly deliveryId: string | null;
  /** Request headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly receivedAt: string;
}

/** The tools a handler works with. */
export interface HandlerContext {
  readonly execution: { readonly id: string; readonly attempt: number; readonly replayedFrom: string | null };
  readonly step: {
    /**
     * Runs `fn` as the step `name` and records its result; a step that completed in an earlier
     * attempt is not run again: its recorded (JSON) result is returned instead. Results must be JSON.
     */
    run<T>(name: string, fn: () => T | Promise<T>): Promise<T>;
  };
  /** Records a log line on the execution. */
  log(message: string, fields?: Record<string, unknown>, level?: LogLevel): void;
}

/** A handler: runs after the delivery was answered; a throw fails the execution (retry resumes it). */
export type Handler = (event: RelayEvent, context: HandlerContext) => unknown;

/**
 * Handlers by stored type. Keys are exact types (`stripe.payment_intent.succeeded`), prefixes ending in
 * `*` (`stripe.*`, `github.pull_request.*`, `shopify.orders/*`) or `*` for everything; the most specific
 * key wins.
 */
export type Handlers = Readonly<Record<string, Handler>>;

/** The handler for `type`: an exact key, else the longest matching `*` prefix, else `*`. */
export function findHandler(handlers: Handlers, type: string): Handler | undefined {
  const exact = handlers[type];
  if (exact) return exact;
  let best: { length: number; handler: Handler } | undefined;
  for (const [pattern, handler] of Object.entries(handlers)) {
    if (!pattern.endsWith('*')) continue;
    const prefix = pattern.slice(0, -1);
    if (type.startsWith(prefix) && (!best || prefix.length > best.length)) best = { length: prefix.length, handler };
  }
  return best?.handler;
}
