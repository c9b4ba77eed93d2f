/**
 * `assertIdempotent`: the property that a webhook handler ends in the same state whatever way the
 * provider delivers a flow: out of order, with duplicates, with attempts whose answer was lost and that
 * the provider retried. The state after delivering the flow once, in the provider's order, is the
 * reference; a failure is shrunk to the shortest sequence that still differs and reported with the seed
 * and path that replay it.
 */
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { RelayError } from '../core/index.js';
import { getProvider } from '../providers/index.js';
import { resolveSecret, type Delivery } from './build-delivery.js';
import { buildFlow, findFlow } from './flows/build.js';
import { retryRuleOf, runSequence, type FlowSendResult, type SendContext } from './flows/send.js';
import { resolveRoute, type Route, type Target } from './targets.js';

/** Options of `assertIdempotent`. */
export interface AssertIdempotentOptions<State> {
  /** Where the handler under test receives webhooks (as `triggerWebhook`'s target). */
  target: Target;
  /** The URL path `target` receives webhooks at, starting with "/" (e.g. `/api/stripe`). Default `/api/webhook/<provider>`. */
  path?: string;
  /** The flows to deliver, as `[provider, flowName]` pairs; each run delivers one of them. */
  flows: readonly (readonly [provider: string, flow: string])[];
  /** The handler's observable state: its database rows, say. Compared with `isDeepStrictEqual`. */
  state: () => State | Promise<State>;
  /** Empties that state; called before every run. */
  reset: () => void | Promise<void>;
  /** fast-check runs. Default 30. */
  numRuns?: number;
  /** Signing secrets by provider. Default: each provider's env var (`STRIPE_WEBHOOK_SECRET`, …). */
  secrets?: Readonly<Record<string, string>>;
  /** fast-check seed, to replay a reported failure. */
  seed?: number;
  /** fast-check path of a reported counterexample, with its `seed`. */
  replayPath?: string;
}

/** One send of a generated sequence. */
export interface IdempotenceStep {
  /** Index in the provider's order. */
  readonly index: number;
  /** `original`; `duplicate`: the provider sent it again; `retry`: the original's answer was lost (a timeout) and the provider retried. */
  readonly copy: 'original' | 'duplicate' | 'retry';
}

interface Case {
  readonly flow: number;
  readonly steps: readonly IdempotenceStep[];
}

interface PreparedFlow {
  readonly provider: string;
  readonly name: string;
  readonly deliveries: Delivery[];
  readonly context: SendContext;
  readonly retries: boolean;
  expected?: unknown;
}

/** Thrown inside the property when a run ends in another state; `assertIdempotent` turns it into an `IdempotenceError`. */
class Mismatch extends Error {
  constructor(
    readonly flow: PreparedFlow,
    readonly steps: readonly IdempotenceStep[],
    readonly sent: readonly FlowSendResult[],
    readonly actual: unknown,
  ) {
    super('the final state differs from the state after the flow delivered once, in order');
  }
}

/** The evidence of a failed `assertIdempotent`: the flow's deliveries, the shrunk sequence, what each send got, both states. */
export interface IdempotenceDetails {
  /** The flow's deliveries in the provider's order, signed, with their bodies. */
  readonly deliveries: readonly Delivery[];
  /** The shrunk sequence: which delivery each send was, and whether it was a copy. */
  readonly steps: readonly IdempotenceStep[];
  /** Each send of the sequence with its attempts and the target's last answer. */
  readonly sent: readonly FlowSendResult[];
  /** `state()` after the flow was delivered once, in order. */
  readonly expected: unknown;
  /** `state()` after the sequence. */
  readonly actual: unknown;
}

/**
 * What `assertIdempotent` throws when a sequence leaves another state: the report is the message; the
 * summary (`flow`, `seed`, `replayPath`) is all a test runner prints of it; the bodies and answers are on
 * `details`, which is not enumerable and not in `toJSON()`, since Vitest and Jest print every property of a
 * thrown error (the bodies of one Stripe flow ran to 175 KB under the message).
 * @example
 * try {
 *   await assertIdempotent({ target: app, flows, state, reset });
 * } catch (error) {
 *   if (error instanceof IdempotenceError) console.log(error.details.sent.map((s) => s.deliveryId), error.seed);
 *   throw error;
 * }
 */
export class IdempotenceError extends Error {
  /** The flow whose sequence failed. */
  readonly flow: { readonly provider: string; readonly name: string };
  /** The fast-check seed that replays the failure (with `replayPath`). */
  readonly seed: number;
  /** The fast-check path of the shrunk counterexample. */
  readonly replayPath: string;
  /** The evidence; not enumerable, so that runners do not print it. */
  declare readonly details: IdempotenceDetails;

  constructor(message: string, summary: { flow: { provider: string; name: string }; seed: number; replayPath: string }, details: IdempotenceDetails) {
    super(message);
    this.flow = summary.flow;
    this.seed = summary.seed;
    this.replayPath = summary.replayPath;
    Object.defineProperty(this, 'details', { value: details, enumerable: false });
  }

  /** What serialisers get (Vitest sends thrown errors to its reporter through `toJSON` when there is one). */
  toJSON(): { name: string; message: string; stack: string | undefined; flow: { provider: string; name: string }; seed: number; replayPath: string } {
    return { name: this.name, message: this.message, stack: this.stack, flow: this.flow, seed: this.seed, replayPath: this.replayPath };
  }
}
// On the prototype, not the instance: an own `name` would be one more property for runners to print.
IdempotenceError.prototype.name = 'IdempotenceError';

/** The permutation a Lehmer code picks: `[0, 0, …]` is the provider's order, so shrinking moves toward it. */
function permute(count: number, code: readonly number[]): number[] {
  const left = Array.from({ length: count }, (_, i) => i);
  return code.map((pick) => left.splice(pick, 1)[0]!);
}

function sequenceOf(count: number, code: readonly number[], copies: readonly { index: number; kind: IdempotenceStep['copy']; after: number }[]): IdempotenceStep[] {
  const steps: IdempotenceStep[] = permute(count, code).map((index) => ({ index, copy: 'original' }));
  for (const copy of copies) {
    const original = steps.findIndex((s) => s.index === copy.index && s.copy === 'original');
    const position = original + 1 + (copy.after % (steps.length - original));
    steps.splice(position, 0, { index: copy.index, copy: copy.kind });
  }
  return steps;
}

function caseArbitrary(flows: readonly PreparedFlow[]): fc.Arbitrary<Case> {
  return fc.oneof(
    ...flows.map((flow, i) => {
      const n = flow.deliveries.length;
      const kinds: IdempotenceStep['copy'][] = flow.retries ? ['duplicate', 'retry'] : ['duplicate'];
      // Each delivery is sent again (a duplicate, or a retry of a lost answer) in about half the runs, so
      // that a handler which is not idempotent for one event of a long flow is caught in a few runs;
      // shrinking drops the copies that do not matter.
      const copy = fc.option(fc.record({ kind: fc.constantFrom(...kinds), after: fc.nat(n + 4) }), { freq: 2 });
      const code = fc.tuple(...Array.from({ length: n }, (_, k) => fc.nat(n - 1 - k)));
      return fc.tuple(code, fc.tuple(...Array.from({ length: n }, () => copy))).map(([order, copies]): Case => {
        const sent = copies.flatMap((c, index) => (c === null ? [] : [{ index, ...c }]));
        return { flow: i, steps: sequenceOf(n, order, sent) };
      });
    }),
  );
}

/**
 * Sends `steps`; a send the target does not accept is retried on the provider's schedule (without
 * waiting), after the sends due before it, as a provider's later retries arrive (GitHub never retries).
 */
function deliver(flow: PreparedFlow, steps: readonly IdempotenceStep[]): Promise<FlowSendResult[]> {
  const sequence = steps.map((step) => ({ index: step.index, copy: step.copy === 'original' ? ('original' as const) : ('duplicate' as const) }));
  return runSequence(flow.deliveries, sequence, flow.context);
}

async function prepare(provider: string, name: string, route: Route, secrets: Readonly<Record<string, string>> | undefined): Promise<PreparedFlow> {
  const plugin = getProvider(provider);
  findFlow(plugin.id, name);
  const secret = resolveSecret(plugin, secrets?.[plugin.id]);
  const rule = retryRuleOf(plugin);
  const deliveries = await buildFlow(plugin.id, name, { secret, seed: 1 });
  const context: SendContext = { provider: plugin, secret, target: route.target, path: route.path, rule, maxAttempts: rule.delays.length + 1, timeScale: 0, timeoutMs: rule.timeoutMs, now: Date.now };
  return { provider: plugin.id, name, deliveries, context, retries: rule.delays.length > 0 };
}

function checkOptions(options: AssertIdempotentOptions<unknown>): fc.Parameters<[Case]> {
  const fail = (message: string) => new RelayError('INVALID_OPTION', `assertIdempotent: ${message}`);
  if (!Array.isArray(options.flows) || options.flows.length === 0) throw fail('flows must list at least one [provider, flowName] pair, e.g. [["stripe", "checkout-subscription"]].');
  if (typeof options.state !== 'function' || typeof options.reset !== 'function') throw fail('state and reset must be functions: state() returns what the handler stored, reset() empties it.');
  const numRuns = options.numRuns ?? 30;
  if (!Number.isSafeInteger(numRuns) || numRuns < 1) throw fail(`numRuns must be a positive integer, got ${String(options.numRuns)}.`);
  if (options.seed !== undefined && !Number.isSafeInteger(options.seed)) throw fail(`seed must be an integer, got ${String(options.seed)}.`);
  if (options.replayPath !== undefined && options.seed === undefined) throw fail('replayPath replays a counterexample of one seed; pass the reported seed with it.');
  return { numRuns, ...(options.seed !== undefined ? { seed: options.seed } : {}), ...(options.replayPath !== undefined ? { path: options.replayPath } : {}) };
}

/**
 * Checks, as a fast-check property, that the handler behind `target` is idempotent and order-proof for
 * each of `flows`: for every generated sequence (a permutation of the flow's deliveries, with duplicates,
 * and attempts whose answer was lost followed by the provider's retry), the final `state()` equals the
 * state after delivering the flow once in the provider's order. Throws with the shrunk sequence, both
 * states, and the `{ seed, replayPath }` that replays it: an `IdempotenceError`, whose `details` hold the bodies sent
 * and the answers.
 * @example
 * await assertIdempotent({
 *   target: app,
 *   flows: [['stripe', 'checkout-subscription']],
 *   state: () => db.prepare('SELECT * FROM subscriptions').all(),
 *   reset: () => db.exec('DELETE FROM subscriptions'),
 * });
 */
export async function assertIdempotent<State>(options: AssertIdempotentOptions<State>): Promise<void> {
  const parameters = checkOptions(options as AssertIdempotentOptions<unknown>);
  const route = resolveRoute({ target: options.target, path: options.path }, 'assertIdempotent');
  const flows = await Promise.all(options.flows.map(([provider, name]) => prepare(provider, name, route, options.secrets)));
  for (const flow of flows) {
    await options.reset();
    await deliver(flow, flow.deliveries.map((_, index) => ({ index, copy: 'original' })));
    flow.expected = await options.state();
  }
  const property = fc.asyncProperty(caseArbitrary(flows), async ({ flow: i, steps }) => {
    const flow = flows[i]!;
    await options.reset();
    const sent = await deliver(flow, steps);
    const actual = await options.state();
    if (!isDeepStrictEqual(actual, flow.expected)) throw new Mismatch(flow, steps, sent, actual);
  });
  const details = await fc.check(property, parameters);
  if (!details.failed) return;
  const error = details.errorInstance;
  if (error instanceof RelayError) throw error;
  const message = report(details, error, parameters.numRuns!);
  if (!(error instanceof Mismatch)) throw new RelayError('ASSERTION_FAILED', message, { cause: error });
  const { flow, steps, sent, actual } = error;
  const summary = { flow: { provider: flow.provider, name: flow.name }, seed: details.seed, replayPath: details.counterexamplePath ?? '' };
  throw new IdempotenceError(message, summary, { deliveries: flow.deliveries, steps, sent, expected: flow.expected, actual });
}

function json(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}

const COPY_LABEL: Readonly<Record<IdempotenceStep['copy'], string>> = {
  original: '',
  duplicate: ' (duplicate: sent again with the same ids)',
  retry: ' (retry: the answer to the earlier attempt was lost, so the provider sent it again)',
};

function report(details: fc.RunDetails<[Case]>, error: unknown, numRuns: number): string {
  const provenance =
    `Reproduce: assertIdempotent({ …your options, seed: ${details.seed}, replayPath: ${JSON.stringify(details.counterexamplePath)} }).\n` +
    `fast-check: failed after ${details.numRuns} of ${numRuns} runs, shrunk ${details.numShrinks} times; seed ${details.seed}, path "${details.counterexamplePath}".`;
  if (!(error instanceof Mismatch)) {
    return `assertIdempotent: the property threw: ${error instanceof Error ? error.message : String(error)}\n${provenance}`;
  }
  const { flow, steps, sent, actual } = error;
  const lines = sent.map((result, i) => {
    const statuses = result.attempts.map((attempt) => attempt.status ?? 'no answer').join(', then after a retry ');
    return `    ${String(i + 1).padStart(2)}. #${result.index + 1} ${result.eventType}  ${result.deliveryId}${COPY_LABEL[steps[i]!.copy]} → ${statuses}`;
  });
  return [
    `assertIdempotent: the handler ended in a different state after ${flow.provider} ${flow.name} was delivered this way ` +
      `than after it was delivered once, in the provider's order. Make each event's effect idempotent (dedupe on the ` +
      `delivery id) and order-proof (compare the event's time or the object's state before overwriting).`,
    `  sequence (${sent.length} sends, shrunk; #n is the event's place in the provider's order):`,
    ...lines,
    `  expected state: ${json(flow.expected)}`,
    `  actual state:   ${json(actual)}`,
    provenance,
  ].join('\n');
}
