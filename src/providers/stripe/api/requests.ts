/**
 * What Stripe does around every API request: a `req_…` id in `Request-Id` and in the `request` of each
 * event the request causes, and idempotency keys (docs.stripe.com/api/idempotent_requests): the first
 * answer to a key is kept and replayed to every retry with the same key, which runs nothing and emits
 * nothing again; the same key with other parameters is an `idempotency_error`.
 */
import { withOutbox, type Obj, type RouteHandler } from '../../shared/api/index.js';
import { stripeError } from './errors.js';

/** Where kept answers live in the world (so `reset()` forgets them). */
const KEPT = 'idempotency_key';
/** Stripe keeps keys up to 255 characters. */
const MAX_KEY = 255;
/** Answers Stripe does not keep: validation failures and conflicts, which a retry may get past. */
const NOT_KEPT = new Set([400, 401, 409, 429]);

function replay(kept: Obj): Response {
  const headers = new Headers(kept.headers as Record<string, string>);
  headers.set('Idempotent-Replayed', 'true');
  return new Response(String(kept.body), { status: Number(kept.status), headers });
}

/**
 * `handler` with Stripe's request id and idempotency around it.
 * @example
 * r('POST', '/v1/customers', stripeRequest(createCustomer()));
 */
export function stripeRequest(handler: RouteHandler): RouteHandler {
  return async (request, params, world) => {
    const id = world.id('req', 14);
    const key = request.method === 'GET' ? null : request.headers.get('idempotency-key');
    if (key !== null && (key === '' || key.length > MAX_KEY)) {
      return stripeError(400, {
        type: 'invalid_request_error',
        message: `Idempotency-Key must be 1 to ${MAX_KEY} characters, got ${key.length}.`,
      });
    }
    const signature = key === null ? '' : `${request.method} ${new URL(request.url).pathname}\n${await request.clone().text()}`;
    const kept = key === null ? undefined : world.get('stripe', KEPT, key);
    if (kept) {
      if (kept.signature === signature) return replay(kept);
      return stripeError(400, {
        type: 'idempotency_error',
        message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
      });
    }
    const caused = { id, idempotencyKey: key };
    const answer = await handler(request, params, withOutbox(world, { append: (event) => world.outbox.append({ ...event, request: event.request ?? caused }) }));
    if (!answer) return answer;
    answer.headers.set('Request-Id', id);
    if (key !== null && !NOT_KEPT.has(answer.status)) {
      const body = await answer.clone().text();
      world.put('stripe', KEPT, { id: key, signature, status: answer.status, headers: Object.fromEntries(answer.headers), body });
    }
    return answer;
  };
}
