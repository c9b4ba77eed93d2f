/** Clerk Backend API error responses: `{ errors: [{ message, long_message, code }], clerk_trace_id }`. */
import { jsonResponse } from '../../shared/api/index.js';

/** 32 hex characters, as Clerk's trace ids are (web crypto, so any runtime). */
function traceId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** One Clerk error entry. */
export interface ClerkErrorEntry {
  message: string;
  long_message: string;
  code: string;
  meta?: Record<string, unknown>;
}

/** A Clerk error answer. */
export function clerkError(status: number, ...errors: ClerkErrorEntry[]): Response {
  return jsonResponse({ errors, clerk_trace_id: traceId() }, status);
}

/** 404 for an unknown id: "No user was found with id user_123". */
export function clerkNotFound(kind: string, id: string): Response {
  return clerkError(404, { message: 'not found', long_message: `No ${kind} was found with id ${id}`, code: 'resource_not_found' });
}

/** 422 for a body parameter the endpoint does not take. */
export function unknownParam(name: string): Response {
  return clerkError(422, { message: 'is unknown', long_message: `${name} is not a valid parameter for this request.`, code: 'form_param_unknown', meta: { param_name: name } });
}
