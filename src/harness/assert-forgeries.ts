/**
 * `assertRejectsForgeries`: the property that a webhook endpoint rejects every forgery with a 4xx and
 * accepts every valid delivery. Each fast-check run sends one valid delivery and one forgery of every
 * kind, so any `numRuns` covers all kinds; a failure is shrunk and reported with what was sent, what
 * came back, and the seed and path that replay it.
 */
import { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { RelayError } from '../core/index.js';
import { buildDraw, drawArbitrary, resolvePlan, type Plan } from './arbitraries.js';
import type { Delivery } from './build-delivery.js';
import { kindArbitrary, resolveKinds, type Forgery, type ForgeryKind } from './forgeries.js';
import { checkRoutePath, listenerServer, send, type NodeListener, type Target, type TargetResponse } from './targets.js';

/** Runs when `numRuns` is not given; each run sends one valid delivery and one forgery per kind. */
export const DEFAULT_NUM_RUNS = 50;

/** Options of `assertRejectsForgeries`. */
export interface AssertRejectsForgeriesOptions {
  /** fast-check runs; each sends one valid delivery and one forgery of every kind. Default 50. */
  numRuns?: number;
  /** The secret the target verifies with. Default: the provider's env var (`STRIPE_WEBHOOK_SECRET`, …). */
  secret?: string | readonly string[];
  /** fast-check seed, to replay a reported failure. Default: a fresh one. */
  seed?: number;
  /** fast-check path of a reported counterexample, given with its `seed`, to replay only that case. */
  replayPath?: string;
  /** The URL path deliveries are POSTed to. Default `/api/webhook/<provider>`; a fetch handler usually ignores it. */
  path?: string;
  /** Event types the valid deliveries and forgeries are built from (aliases allowed). Default: the whole catalog. */
  eventTypes?: readonly string[];
  /** Only these forgery kinds. Default: every kind that applies to the provider. */
  kinds?: readonly ForgeryKind[];
  /** The target's clock, a `Date` or epoch ms. Default: `Date.now()` when called. */
  now?: Date | number;
}

/** What one run sends: a valid delivery, then one forgery of each kind. */
interface Case {
  readonly valid: Delivery;
  readonly forgeries: readonly Forgery[];
}

/** Why a run failed: what was sent, what came back, and what was expected. */
class Finding extends Error {
  constructor(
    readonly sent: Delivery | Forgery,
    readonly response: TargetResponse,
  ) {
    super(isForgery(sent) ? `forgery (${sent.kind}) answered ${response.status}` : `valid delivery answered ${response.status}`);
  }
}

function isForgery(delivery: Delivery | Forgery): delivery is Forgery {
  return typeof (delivery as Forgery).kind === 'string';
}

/**
 * Checks, as a fast-check property, that `target` rejects every forgery with a 4xx and answers every
 * valid delivery below 400. `target` is anything `triggerWebhook` delivers to: a base URL, a fetch
 * handler, an object with `fetch` (a relaykit service, a Hono app), a node request listener (an
 * Express app) or an `http.Server`. Resolves when the property holds; otherwise throws an `Error`
 * naming the shrunk counterexample (kind, headers, a body excerpt, the status received) and the
 * `{ seed, replayPath }` that replays it.
 * @example
 * import { assertRejectsForgeries } from 'relaykit/fast-check';
 * import { POST } from './app/api/webhooks/stripe/route';
 *
 * it('rejects forged Stripe webhooks', async () => {
 *   await assertRejectsForgeries(POST, 'stripe', { numRuns: 25, secret: process.env.STRIPE_WEBHOOK_SECRET });
 * });
 */
export async function assertRejectsForgeries(target: Target, provider: string, options: AssertRejectsForgeriesOptions = {}): Promise<void> {
  const plan = resolvePlan(provider, options, 'assertRejectsForgeries');
  const kinds = resolveKinds(plan, options.kinds, 'assertRejectsForgeries');
  const parameters = checkParameters(options);
  const path = checkRoutePath(options.path, 'assertRejectsForgeries');
  const cases: fc.Arbitrary<Case> = fc.record({
    valid: drawArbitrary(plan, false).map((draw) => buildDraw(plan, draw)),
    forgeries: fc.tuple(...kinds.map((kind) => kindArbitrary(plan, kind))),
  });

  const held = await hold(target);
  // A target that cannot be reached (or a bad option) fails every case alike: stop sending once it happens.
  let fatal: unknown;
  const post = async (delivery: Delivery): Promise<TargetResponse> => {
    if (fatal !== undefined) throw fatal;
    try {
      return await send(held.target, { method: 'POST', path: path ?? delivery.path, headers: delivery.headers, body: delivery.body });
    } catch (error) {
      if (error instanceof RelayError) fatal = error;
      throw error;
    }
  };
  const property = fc.asyncProperty(cases, async ({ valid, forgeries }) => {
    const accepted = await post(valid);
    if (accepted.status >= 400) throw new Finding(valid, accepted);
    for (const forged of forgeries) {
      const response = await post(forged);
      if (response.status < 400 || response.status >= 500) throw new Finding(forged, response);
    }
  });

  let details: fc.RunDetails<[Case]>;
  try {
    details = await fc.check(property, parameters);
  } finally {
    await held.release();
  }
  if (!details.failed) return;
  const error = details.errorInstance;
  if (error instanceof RelayError) throw error;
  throw new RelayError('ASSERTION_FAILED', report(plan, details, error, options, parameters.numRuns), { cause: error });
}

function checkParameters(options: AssertRejectsForgeriesOptions): fc.Parameters<[Case]> & { numRuns: number } {
  const numRuns = options.numRuns ?? DEFAULT_NUM_RUNS;
  if (!Number.isSafeInteger(numRuns) || numRuns < 1) {
    throw new RelayError('INVALID_OPTION', `assertRejectsForgeries: numRuns must be a positive integer, got ${String(options.numRuns)}.`);
  }
  const parameters: fc.Parameters<[Case]> & { numRuns: number } = { numRuns };
  if (options.seed !== undefined) {
    if (!Number.isSafeInteger(options.seed)) {
      throw new RelayError('INVALID_OPTION', `assertRejectsForgeries: seed must be an integer, got ${String(options.seed)}.`);
    }
    parameters.seed = options.seed;
  }
  if (options.replayPath !== undefined) {
    if (typeof options.replayPath !== 'string' || !/^\d+(:\d+)*$/.test(options.replayPath)) {
      throw new RelayError('INVALID_OPTION', `assertRejectsForgeries: replayPath must be a fast-check path such as "3:0:1", got ${JSON.stringify(options.replayPath)}.`);
    }
    if (options.seed === undefined) {
      throw new RelayError('INVALID_OPTION', 'assertRejectsForgeries: replayPath replays a counterexample of one seed; pass the reported seed with it.');
    }
    parameters.path = options.replayPath;
  }
  return parameters;
}

/**
 * A node listener or a server that is not listening is started once for the whole property (the
 * harness would otherwise start and stop it for every request), on an ephemeral loopback port.
 */
async function hold(target: Target): Promise<{ target: Target; release(): Promise<void> }> {
  const server =
    target instanceof Server ? target : typeof target === 'function' && target.length >= 2 ? listenerServer(target as NodeListener) : undefined;
  if (server === undefined || server.listening) return { target, release: async () => {} };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    target: `http://127.0.0.1:${port}`,
    release: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

// ---------------------------------------------------------------------------------------------
// The failure report

const HINTS: Readonly<Record<ForgeryKind, string>> = {
  'tampered-body': 'verify the signature over the raw body bytes, exactly as received, before parsing or trusting them',
  'wrong-secret': 'compare the signature with the HMAC computed with your own secret, in constant time',
  'timestamp-out-of-tolerance': 'reject deliveries whose signed timestamp is outside the 300 s window (replay protection)',
  'missing-signature': 'reject requests without the signature headers instead of skipping verification',
  'malformed-signature': 'reject a signature header that does not parse, with a 4xx rather than a crash',
  'foreign-scheme': "accept only the provider's own signature header and scheme",
  'moved-signature': 'check the signature against this body: a signature copied from another delivery must not verify',
};

function excerpt(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${Buffer.byteLength(text)} bytes)`;
}

function headerLines(headers: Readonly<Record<string, string>>): string {
  return Object.entries(headers)
    .map(([name, value]) => `      ${name}: ${excerpt(value, 120)}`)
    .join('\n');
}

function report(
  plan: Plan,
  details: fc.RunDetails<[Case]>,
  error: unknown,
  options: AssertRejectsForgeriesOptions,
  numRuns: number,
): string {
  const name = `assertRejectsForgeries(${plan.plugin.id})`;
  const replay = `{ seed: ${details.seed}, replayPath: ${JSON.stringify(details.counterexamplePath)} }`;
  const provenance =
    `Reproduce: assertRejectsForgeries(target, '${plan.plugin.id}', ${replay}) (with your other options; timestamps follow the clock).\n` +
    `fast-check: failed after ${details.numRuns} of ${numRuns} runs, shrunk ${details.numShrinks} times; seed ${details.seed}, path "${details.counterexamplePath}".`;
  if (!(error instanceof Finding)) {
    return `${name}: the property threw: ${error instanceof Error ? error.message : String(error)}\n${provenance}`;
  }
  const { sent, response } = error;
  const lines: string[] = [];
  if (isForgery(sent)) {
    const verdict = response.status >= 500 ? `answered ${response.status} (it crashed instead of rejecting)` : `accepted it with ${response.status}`;
    lines.push(
      `${name}: the target ${verdict}; a forgery must get a 4xx.`,
      `  kind:     ${sent.kind}: ${sent.detail}`,
      `  hint:     ${HINTS[sent.kind]}`,
    );
  } else {
    const secretHint = options.secret === undefined ? `${plan.plugin.secretEnv}` : '{ secret }';
    lines.push(
      `${name}: the target rejected a valid, correctly signed delivery with ${response.status}.`,
      `  hint:     does the target verify with the same secret (${secretHint}), read the raw body, and answer 2xx for every event type ` +
        `(or pass { eventTypes })?`,
    );
  }
  lines.push(
    `  event:    ${sent.eventType} (payload seed ${sent.seed}, signed at ${new Date(sent.timestamp).toISOString()})`,
    `  request:  POST ${options.path ?? sent.path}`,
    `  headers:\n${headerLines(sent.headers)}`,
    `  body:     ${excerpt(sent.body, 300)}`,
    `  response: ${response.status} ${excerpt(response.body, 300)}`,
    provenance,
  );
  return lines.join('\n');
}
