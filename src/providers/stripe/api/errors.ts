/** Stripe's error responses: `{ error: { type, message, code?, param?, doc_url? } }` with the HTTP status. */
import { jsonResponse, prefixedId } from '../../shared/api/index.js';

/** The fields of a Stripe error object. */
export interface StripeErrorBody {
  type: 'invalid_request_error' | 'api_error' | 'card_error' | 'idempotency_error';
  message: string;
  code?: string;
  param?: string;
  doc_url?: string;
}

/** Headers of every Stripe answer; errors tell stripe-node not to retry (its default is two retries). */
export function stripeHeaders(): Record<string, string> {
  return { 'Request-Id': prefixedId('req', 14) };
}

/** A JSON answer as Stripe sends it. */
export function stripeJson(body: unknown, status = 200): Response {
  return jsonResponse(body, status, stripeHeaders());
}

/** A Stripe error answer. */
export function stripeError(status: number, error: StripeErrorBody): Response {
  return jsonResponse({ error }, status, { ...stripeHeaders(), 'Stripe-Should-Retry': 'false' });
}

/** 404 `resource_missing`: "No such customer: 'cus_123'". */
export function resourceMissing(kind: string, id: string, param = 'id'): Response {
  return stripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** 400 for a parameter the endpoint does not take. */
export function unknownParameter(param: string): Response {
  return stripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_unknown',
    doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
    message: `Received unknown parameter: ${param}`,
    param,
  });
}

/** 400 for a parameter with a bad value. */
export function invalidParameter(param: string, message: string, code = 'parameter_invalid_integer'): Response {
  return stripeError(400, { type: 'invalid_request_error', code, message, param });
}

/**
 * 400 `parameter_missing`, naming the parameter as Stripe does.
 * @example
 * parameterMissing('amount'); // "Missing required param: amount."
 */
export function parameterMissing(param: string): Response {
  return stripeError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    doc_url: 'https://stripe.com/docs/error-codes/parameter-missing',
    message: `Missing required param: ${param}.`,
    param,
  });
}
