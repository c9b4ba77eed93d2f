/** Shopify Admin REST error responses: `{ errors: string | object }`. */
import { jsonResponse } from '../../shared/api/index.js';

/** A Shopify JSON answer, with the request id header Shopify sends. */
export function shopifyJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, status, { 'X-Request-Id': crypto.randomUUID(), ...headers });
}

/** `{ errors }` with a status. */
export function shopifyError(status: number, errors: unknown): Response {
  return shopifyJson({ errors }, status);
}

/** 404 as Shopify answers an unknown id. */
export function shopifyNotFound(): Response {
  return shopifyError(404, 'Not Found');
}
