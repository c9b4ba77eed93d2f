/**
 * Payment method routes: create a card payment method (`card[number]` of a test card, or
 * `card[token]=tok_visa`), attach it to a customer (`payment_method.attached`) and detach it
 * (`payment_method.detached`). Saving a card that declines is refused as Stripe refuses it (402).
 */
import { isPlainObject } from '../../../../core/index.js';
import { decodeForm, type Obj, type RouteHandler, type World } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { expand, expandParam, listResponse } from '../read.js';
import { formBody } from '../write.js';
import { resolvePaymentMethod } from './attempt.js';
import { saveDecline, testCardByNumber, testCardOf, testCardOfLast4 } from './cards.js';
import { cardErrorFields } from './intent.js';
import { mergeMetadata, paymentMethodObject } from './objects.js';
import { cardError, customerParam, invalidRequest, parameterMissing, stringParam, unknownOf } from './respond.js';

/**
 * `POST /v1/payment_methods`: `type=card` with `card[number]` (a test card) or `card[token]`.
 * @example
 * r('POST', '/v1/payment_methods', createPaymentMethod())
 */
export function createPaymentMethod(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const unknown = unknownOf(body, ['type', 'card', 'billing_details', 'metadata', 'allow_redisplay']);
    if (unknown) return unknown;
    const type = stringParam(body, 'type');
    if (type === undefined) return parameterMissing('type');
    if (type !== 'card') return invalidRequest(`The emulated Stripe makes card payment methods only, not ${type}.`, { code: 'parameter_invalid_string', param: 'type' });
    const card = isPlainObject(body.card) ? body.card : {};
    const token = typeof card.token === 'string' ? card.token : undefined;
    const number = typeof card.number === 'string' ? card.number : undefined;
    if (!token && !number) return parameterMissing('card[number]');
    const test = token ? testCardOf(token) : testCardByNumber(number!);
    if (token && !test) return resourceMissing('token', token, 'card[token]');
    if (!test) {
      return cardError({ code: 'incorrect_number', doc_url: 'https://stripe.com/docs/error-codes/incorrect-number', message: 'Your card number is incorrect.', param: 'card[number]', type: 'card_error' });
    }
    const made = paymentMethodObject(world, test, { metadata: mergeMetadata({}, body.metadata) });
    const billing = isPlainObject(body.billing_details) ? body.billing_details : {};
    const details = made.billing_details as Obj;
    for (const key of ['email', 'name', 'phone'] as const) if (typeof billing[key] === 'string') details[key] = billing[key];
    const stored = world.put('stripe', 'payment_method', made);
    return stripeJson(expand(world, stored, expandParam(body)));
  };
}

/**
 * Saves `method` to `customer` (the card check first): the attached method, or the card error.
 * Appends `payment_method.attached`.
 * @example
 * const saved = attachTo(world, method, 'cus_…'); if ('error' in saved) return cardError(saved.error);
 */
export function attachTo(world: World, method: Obj, customer: string, at?: number): Obj | { readonly error: Obj } {
  const decline = saveDecline(testCardOfLast4((method.card as Obj | undefined)?.last4));
  if (decline) return { error: cardErrorFields(decline, null, method) };
  const attached = world.put('stripe', 'payment_method', { ...method, customer });
  emit(world, ['payment_method.attached'], attached, { at });
  return attached;
}

/**
 * `POST /v1/payment_methods/:id/attach` with `customer` (a test id attaches a new payment method).
 * @example
 * r('POST', '/v1/payment_methods/:id/attach', attachPaymentMethod())
 */
export function attachPaymentMethod(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const body = await formBody(request);
    const unknown = unknownOf(body, ['customer']);
    if (unknown) return unknown;
    if (stringParam(body, 'customer') === undefined) return parameterMissing('customer');
    const customer = customerParam(world, body);
    if (customer instanceof Response) return customer;
    const method = resolvePaymentMethod(world, id);
    if (!method) return resourceMissing('PaymentMethod', id);
    if (method.customer === customer) return stripeJson(expand(world, method, expandParam(body)));
    if (method.customer) return invalidRequest('The payment method you provided has already been attached to a customer.');
    const attached = attachTo(world, method, customer!);
    if ('error' in attached) return cardError(attached.error as Obj);
    return stripeJson(expand(world, attached, expandParam(body)));
  };
}

/**
 * `GET /v1/payment_methods/:id`: a stored one, or a test id (`pm_card_visa`) minted as Stripe does.
 * @example
 * r('GET', '/v1/payment_methods/:id', retrievePaymentMethod())
 */
export function retrievePaymentMethod(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const method = resolvePaymentMethod(world, id);
    if (!method) return resourceMissing('PaymentMethod', id);
    return stripeJson(expand(world, method, expandParam(decodeForm(new URL(request.url).searchParams))));
  };
}

/**
 * `POST /v1/payment_methods/:id/detach`.
 * @example
 * r('POST', '/v1/payment_methods/:id/detach', detachPaymentMethod())
 */
export function detachPaymentMethod(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const body = await formBody(request);
    const method = world.get('stripe', 'payment_method', id);
    if (!method) return resourceMissing('PaymentMethod', id);
    if (!method.customer) return invalidRequest('The payment method you provided is not attached to a customer so detachment is impossible.');
    const detached = world.put('stripe', 'payment_method', { ...method, customer: null });
    emit(world, ['payment_method.detached'], detached);
    return stripeJson(expand(world, detached, expandParam(body)));
  };
}

/**
 * `GET /v1/customers/:id/payment_methods`: the customer's payment methods, newest first (`type` filters).
 * @example
 * r('GET', '/v1/customers/:id/payment_methods', customerPaymentMethods())
 */
export function customerPaymentMethods(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const customer = world.get('stripe', 'customer', id);
    if (!customer || customer.deleted === true) return resourceMissing('customer', id);
    const type = new URL(request.url).searchParams.get('type');
    const methods = world
      .list('stripe', 'payment_method')
      .filter((pm) => pm.customer === id && (type === null || pm.type === type))
      .sort((a, b) => Number(b.created) - Number(a.created));
    return listResponse(world, request, methods, `/v1/customers/${id}/payment_methods`);
  };
}
