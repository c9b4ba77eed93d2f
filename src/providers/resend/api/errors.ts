/** Resend's error responses: `{ statusCode, name, message }`. */
import { jsonResponse } from '../../shared/api/index.js';

/** A Resend error answer. */
export function resendError(statusCode: number, name: string, message: string): Response {
  return jsonResponse({ statusCode, name, message }, statusCode);
}

/** 404 for an unknown id: "Email not found". */
export function resendNotFound(what: string): Response {
  return resendError(404, 'not_found', `${what} not found`);
}

