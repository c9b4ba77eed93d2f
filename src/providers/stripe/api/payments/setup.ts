/**
 * Setup intents: saving a card for later without charging it. Create (`setup_intent.created`), and
 * confirm, at once (`confirm=true`) or later: the card is checked and attached to the customer
 * (`payment_method.attached`, `setup_intent.succeeded`), declined (`setup_intent.setup_failed`, 402),
 * or asked for 3D Secure (`setup_intent.requires_action`; `completeAuthentication` finishes it).
 */
import { RelayError } from '../../../../core/index.js';
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam } from '../read.js';
import { formBody } from '../write.js';
import { testCardOfLast4 } from './cards.js';
import { threeDSecureAction } from './intent.js';
import { attachTo } from './methods.js';
import { mergeMetadata, seconds, stripeOrder } from './objects.js';
import { booleanParam, cardError, customerParam, invalidRequest, listParam, paymentMethodParam, stringParam, unexpectedState, unknownOf } from './respond.js';

const CONFIRMABLE = new Set(['requires_payment_method', 'requires_confirmation', 'requires_action']);

function setupIntentObject(world: World, input: { customer: string | null; description: string | null; metadata: Obj; usage: string; types?: string[] }): Obj {
  const id = world.id('seti', 24);
  return stripeOrder({
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: input.types ? null : { allow_redirects: 'always', enabled: true },
    cancellation_reason: null,
    client_secret: `${id}_${world.id('secret', 32)}`,
    created: seconds(world),
    customer: input.customer,
    customer_account: null,
    description: input.description,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: input.metadata,
    next_action: null,
    on_behalf_of: null,
    payment_method: null,
    payment_method_configuration_details: input.types ? null : { id: world.id('pmc', 24), parent: null },
    payment_method_options: { card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' } },
    payment_method_types: input.types ?? ['card'],
    single_use_mandate: null,
    status: 'requires_payment_method',
    usage: input.usage,
  });
}

/** Saves the card: attaches it to the intent's customer (if any) and succeeds. */
function succeed(world: World, intent: Obj, method: Obj, at?: number): Obj | { readonly error: Obj } {
  let saved = method;
  if (typeof intent.customer === 'string' && method.customer !== intent.customer) {
    const attached = attachTo(world, method, intent.customer, at);
    if ('error' in attached) return attached;
    saved = attached;
  }
  const done = world.put('stripe', 'setup_intent', { ...intent, last_setup_error: null, next_action: null, payment_method: saved.id, status: 'succeeded' });
  emit(world, ['setup_intent.succeeded'], done, { at });
  return done;
}

/** Confirms the stored `intent` with `method`: the answer (the intent, or 402 with the decline). */
function confirmSetup(world: World, intent: Obj, method: Obj, body: Obj): Response {
  const attempted = { ...intent, latest_attempt: world.id('setatt', 24), payment_method: method.id };
  const behavior = testCardOfLast4((method.card as Obj | undefined)?.last4).behavior;
  if (behavior.kind === 'authentication') {
    const waiting = world.put('stripe', 'setup_intent', { ...attempted, next_action: threeDSecureAction(world, method.card as Obj), status: 'requires_action' });
    emit(world, ['setup_intent.requires_action'], waiting);
    return stripeJson(expand(world, waiting, expandParam(body)));
  }
  const result = succeed(world, attempted, method);
  if (!('error' in result)) return stripeJson(expand(world, result, expandParam(body)));
  const failed = world.put('stripe', 'setup_intent', { ...attempted, last_setup_error: result.error, payment_method: null, status: 'requires_payment_method' });
  emit(world, ['setup_intent.setup_failed'], failed);
  return cardError(result.error as Obj, { setup_intent: failed });
}

/**
 * `POST /v1/setup_intents`: `customer`, `payment_method`, `confirm`, `usage` (default `off_session`).
 * @example
 * r('POST', '/v1/setup_intents', createSetupIntent())
 */
export function createSetupIntent(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const unknown = unknownOf(body, ['customer', 'payment_method', 'confirm', 'usage', 'payment_method_types', 'metadata', 'description', 'return_url', 'automatic_payment_methods']);
    if (unknown) return unknown;
    const customer = customerParam(world, body);
    if (customer instanceof Response) return customer;
    const method = paymentMethodParam(world, body);
    if (method instanceof Response) return method;
    const created = setupIntentObject(world, {
      customer,
      description: stringParam(body, 'description') ?? null,
      metadata: mergeMetadata({}, body.metadata),
      usage: stringParam(body, 'usage') ?? 'off_session',
      types: listParam(body, 'payment_method_types'),
    });
    const intent = world.put('stripe', 'setup_intent', method ? { ...created, payment_method: method.id, status: 'requires_confirmation' } : created);
    emit(world, ['setup_intent.created'], intent);
    if (!booleanParam(body, 'confirm') || !method) return stripeJson(expand(world, intent, expandParam(body)));
    return confirmSetup(world, intent, method, body);
  };
}

/**
 * `POST /v1/setup_intents/:id/confirm`, with the intent's payment method or a new `payment_method`.
 * @example
 * r('POST', '/v1/setup_intents/:id/confirm', confirmSetupIntent())
 */
export function confirmSetupIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const intent = world.get('stripe', 'setup_intent', id);
    if (!intent) return resourceMissing('setup_intent', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['payment_method', 'return_url']);
    if (unknown) return unknown;
    if (!CONFIRMABLE.has(String(intent.status))) {
      return unexpectedState('setup_intent', intent, `You cannot confirm this SetupIntent because it has a status of ${String(intent.status)}. Only a SetupIntent with one of the following statuses may be confirmed: requires_confirmation, requires_payment_method, requires_action.`);
    }
    const given = paymentMethodParam(world, body);
    if (given instanceof Response) return given;
    const method = given ?? (typeof intent.payment_method === 'string' ? world.get('stripe', 'payment_method', intent.payment_method) : undefined);
    if (!method) return unexpectedState('setup_intent', intent, "You cannot confirm this SetupIntent because it's missing a payment method. Specify a payment_method.");
    return confirmSetup(world, intent, method, body);
  };
}

const CANCEL_REASONS = ['abandoned', 'duplicate', 'requested_by_customer'];

/**
 * `POST /v1/setup_intents/:id/cancel`: `setup_intent.canceled`; a succeeded one cannot be.
 * @example
 * r('POST', '/v1/setup_intents/:id/cancel', cancelSetupIntent())
 */
export function cancelSetupIntent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const intent = world.get('stripe', 'setup_intent', id);
    if (!intent) return resourceMissing('setup_intent', id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['cancellation_reason']);
    if (unknown) return unknown;
    const reason = stringParam(body, 'cancellation_reason') ?? null;
    if (reason !== null && !CANCEL_REASONS.includes(reason)) return invalidRequest(`Invalid cancellation_reason: must be one of ${CANCEL_REASONS.join(', ')}`, { code: 'parameter_invalid_string', param: 'cancellation_reason' });
    if (!CONFIRMABLE.has(String(intent.status))) {
      return unexpectedState('setup_intent', intent, `You cannot cancel this SetupIntent because it has a status of ${String(intent.status)}. Only a SetupIntent with one of the following statuses may be canceled: requires_payment_method, requires_confirmation, requires_action.`);
    }
    const canceled = world.put('stripe', 'setup_intent', { ...intent, cancellation_reason: reason, next_action: null, status: 'canceled' });
    emit(world, ['setup_intent.canceled'], canceled);
    return stripeJson(expand(world, canceled, expandParam(body)));
  };
}

/**
 * The 3D Secure of a setup intent completed by the buyer (see `completeAuthentication`).
 * @example
 * completeSetupAuthentication(world, 'seti_…', true); // via completeAuthentication
 */
export function completeSetupAuthentication(world: World, id: string, passed: boolean, at?: number): Obj {
  const intent = world.get('stripe', 'setup_intent', id);
  if (!intent || intent.status !== 'requires_action') throw new RelayError('INVALID_OPTION', `SetupIntent ${id} is not waiting for authentication (${intent ? String(intent.status) : 'no such SetupIntent'}).`);
  const method = world.get('stripe', 'payment_method', String(intent.payment_method));
  if (!method) throw new RelayError('INVALID_OPTION', `SetupIntent ${id} names no stored payment method.`);
  if (passed) {
    const result = succeed(world, intent, method, at);
    if (!('error' in result)) return result;
  }
  const error = stripeOrder({
    code: 'setup_intent_authentication_failure',
    doc_url: 'https://stripe.com/docs/error-codes/setup-intent-authentication-failure',
    message: 'The latest attempt to set up the payment method has failed because authentication failed.',
    payment_method: method,
    type: 'invalid_request_error',
  });
  const failed = world.put('stripe', 'setup_intent', { ...intent, last_setup_error: error, next_action: null, payment_method: null, status: 'requires_payment_method' });
  emit(world, ['setup_intent.setup_failed'], failed, { at });
  return failed;
}
