/**
 * Clerk reads: each resource by id, and lists in the shape each Backend API endpoint uses (a bare
 * array for `/users`, `{ data, total_count }` for organizations, memberships, roles, waitlist…).
 */
import { isPlainObject } from '../../../core/index.js';
import { intParam, jsonResponse, type Obj, type RouteHandler } from '../../shared/api/index.js';
import { clerkError, clerkNotFound } from './errors.js';
import { newestFirst } from './resources.js';

/** A page cut by `limit` (1–500, default 10) and `offset`, or the 422 Clerk gives for bad values. */
function cut(request: Request, items: Obj[]): Obj[] | Response {
  const url = new URL(request.url);
  const limit = intParam(url, 'limit', 10, 1, 500);
  const offset = intParam(url, 'offset', 0, 0, Number.MAX_SAFE_INTEGER);
  if (limit === undefined || offset === undefined) {
    const name = limit === undefined ? 'limit' : 'offset';
    return clerkError(422, { message: 'is invalid', long_message: `${name} must be an integer (limit 1 to 500, offset 0 or more).`, code: 'form_param_value_invalid', meta: { param_name: name } });
  }
  return items.slice(offset, offset + limit);
}

/** `{ data, total_count }`, the paginated list shape. */
export function paginated(request: Request, items: Obj[]): Response {
  const page = cut(request, newestFirst(items));
  return page instanceof Response ? page : jsonResponse({ data: page, total_count: items.length });
}

/** A bare JSON array, the shape of `/users` (and of `/sessions`, `/invitations` without `paginated=true`). */
export function arrayList(request: Request, items: Obj[]): Response {
  const page = cut(request, newestFirst(items));
  return page instanceof Response ? page : jsonResponse(page);
}

/** Whether a query parameter (given once or repeated) allows `value`. */
function allowed(url: URL, name: string, value: unknown): boolean {
  const wanted = url.searchParams.getAll(name);
  return wanted.length === 0 || wanted.includes(String(value));
}

/** `GET /v1/<collection>/:id`. */
export function retrieve(kind: string, label = kind.replace(/_/g, ' ')): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const found = world.get('clerk', kind, id);
    return found ? jsonResponse(found) : clerkNotFound(label, id);
  };
}

/** `GET /v1/organizations/:id` (an id or a slug). */
export const getOrganization: RouteHandler = (request, params, world) => {
  const key = String(params.id);
  const found = world.get('clerk', 'organization', key) ?? world.list('clerk', 'organization').find((o) => o.slug === key);
  return found ? jsonResponse(found) : clerkNotFound('organization', key);
};

function emailsOf(user: Obj): string[] {
  return Array.isArray(user.email_addresses) ? user.email_addresses.map((e) => (isPlainObject(e) ? String(e.email_address) : '')) : [];
}

function filterUsers(request: Request, users: Obj[]): Obj[] {
  const url = new URL(request.url);
  const emails = url.searchParams.getAll('email_address').map((e) => e.toLowerCase());
  return users.filter(
    (u) =>
      allowed(url, 'user_id', u.id) &&
      allowed(url, 'external_id', u.external_id) &&
      allowed(url, 'username', u.username) &&
      (emails.length === 0 || emailsOf(u).some((e) => emails.includes(e.toLowerCase()))),
  );
}

/** `GET /v1/users`: a bare array, newest first, filtered by `user_id`, `email_address`, `external_id`, `username`. */
export const listUsers: RouteHandler = (request, params, world) => arrayList(request, filterUsers(request, world.list('clerk', 'user')));

/** `GET /v1/users/count`. */
export const countUsers: RouteHandler = (request, params, world) => jsonResponse({ object: 'total_count', total_count: filterUsers(request, world.list('clerk', 'user')).length });

/** `GET /v1/sessions` by `user_id`/`client_id`/`status`: an array, or `{ data, total_count }` with `paginated=true`. */
export const listSessions: RouteHandler = (request, params, world) => {
  const url = new URL(request.url);
  if (!url.searchParams.has('user_id') && !url.searchParams.has('client_id')) {
    return clerkError(422, { message: 'missing query parameter', long_message: 'Either user_id or client_id must be provided.', code: 'form_param_missing' });
  }
  const sessions = world.list('clerk', 'session').filter((s) => allowed(url, 'user_id', s.user_id) && allowed(url, 'client_id', s.client_id) && allowed(url, 'status', s.status));
  return url.searchParams.get('paginated') === 'true' ? paginated(request, sessions) : arrayList(request, sessions);
};

/** `GET /v1/invitations`: an array, or `{ data, total_count }` with `paginated=true`. */
export const listInvitations: RouteHandler = (request, params, world) => {
  const url = new URL(request.url);
  const invitations = world.list('clerk', 'invitation').filter((i) => allowed(url, 'status', i.status));
  return url.searchParams.get('paginated') === 'true' ? paginated(request, invitations) : arrayList(request, invitations);
};

/** A `{ data, total_count }` list of every object of `kind` that `keep` accepts. */
export function paginatedKind(kind: string, keep: (o: Obj, params: Record<string, unknown>, url: URL) => boolean = () => true): RouteHandler {
  return (request, params, world) => {
    const url = new URL(request.url);
    return paginated(request, world.list('clerk', kind).filter((o) => keep(o, params, url)));
  };
}

/**
 * Runs `list` when the organization is known, or when objects of `kind` name it (a delivery may
 * report a domain or an invitation without its organization); else 404.
 */
export function inOrganization(kind: string, list: RouteHandler): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const known =
      world.get('clerk', 'organization', id) !== undefined ||
      world.list('clerk', kind).some((o) => o.organization_id === id || membershipOrganization(o) === id);
    return known ? list(request, params, world) : clerkNotFound('organization', id);
  };
}

/** The organization id of a membership. */
export function membershipOrganization(m: Obj): unknown {
  return isPlainObject(m.organization) ? m.organization.id : m.organization_id;
}

/** The user id of a membership. */
export function membershipUser(m: Obj): unknown {
  return isPlainObject(m.public_user_data) ? m.public_user_data.user_id : m.user_id;
}

/** `GET /v1/organizations/:id/invitations/:invitation_id`. */
export const getOrganizationInvitation: RouteHandler = (request, params, world) => {
  const id = String(params.invitation_id);
  const found = world.get('clerk', 'organization_invitation', id);
  return found && found.organization_id === params.id ? jsonResponse(found) : clerkNotFound('organization invitation', id);
};

/** `GET /v1/{users|organizations}/:id/billing/subscription`: the payer's newest subscription. */
export function billingSubscription(payer: 'user_id' | 'organization_id'): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const found = newestFirst(world.list('clerk', 'commerce_subscription')).find((s) => isPlainObject(s.payer) && s.payer[payer] === id);
    return found ? jsonResponse(found) : clerkNotFound('billing subscription', id);
  };
}
