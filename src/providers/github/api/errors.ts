/** GitHub's REST error responses: `{ message, documentation_url, status }`. */
import { randomBytes } from 'node:crypto';
import { jsonResponse } from '../../shared/api/index.js';

/** Headers of every GitHub answer. */
export function githubHeaders(authenticated: boolean): Record<string, string> {
  return {
    'x-github-request-id': randomBytes(8).toString('hex').toUpperCase(),
    'x-github-api-version-selected': '2022-11-28',
    'x-ratelimit-limit': authenticated ? '5000' : '60',
    'x-ratelimit-remaining': authenticated ? '4999' : '59',
    'x-ratelimit-resource': 'core',
  };
}

/** A GitHub JSON answer. */
export function githubJson(request: Request, body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return jsonResponse(body, status, { ...githubHeaders(request.headers.has('authorization')), ...headers });
}

/** A GitHub error answer. */
export function githubError(request: Request, status: number, message: string, documentationUrl = 'https://docs.github.com/rest', extra: Record<string, unknown> = {}): Response {
  return githubJson(request, { message, documentation_url: documentationUrl, ...extra, status: String(status) }, status);
}

/** 404 as GitHub answers an unknown (or hidden) resource. */
export function notFound(request: Request, documentationUrl = 'https://docs.github.com/rest'): Response {
  return githubError(request, 404, 'Not Found', documentationUrl);
}

/** 422 for a missing or invalid field. */
export function validationFailed(request: Request, resource: string, field: string, documentationUrl: string, code = 'missing_field'): Response {
  return githubError(request, 422, 'Validation Failed', documentationUrl, { errors: [{ resource, code, field }] });
}

/** 204 with no body, as GitHub answers a delete. */
export function noContent(request: Request): Response {
  return new Response(null, { status: 204, headers: githubHeaders(request.headers.has('authorization')) });
}
