/** Clerk writes that change later reads: user and organization metadata, user fields, user delete. */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, readJsonObject, type Obj, type RouteHandler } from '../../shared/api/index.js';
import { clerkError, clerkNotFound, unknownParam } from './errors.js';
import { refreshMemberships } from './refresh.js';

const USER_METADATA = ['public_metadata', 'private_metadata', 'unsafe_metadata'] as const;
const ORG_METADATA = ['public_metadata', 'private_metadata'] as const;

/** Fields `PATCH /v1/users/:id` takes that the user object shows. */
const USER_FIELDS = [
  'first_name',
  'last_name',
  'username',
  'external_id',
  'primary_email_address_id',
  'primary_phone_number_id',
  'primary_web3_wallet_id',
  'delete_self_enabled',
  'create_organization_enabled',
  'create_organizations_limit',
  'legal_accepted_at',
  'locale',
  'public_metadata',
  'private_metadata',
  'unsafe_metadata',
];
/** Fields `PATCH /v1/organizations/:id` takes. */
const ORG_FIELDS = ['name', 'slug', 'max_allowed_memberships', 'admin_delete_enabled', 'public_metadata', 'private_metadata'];
/** Fields the user PATCH takes that change nothing the user object shows. */
const USER_WRITE_ONLY = ['password', 'skip_password_checks', 'sign_out_of_other_sessions', 'totp_secret', 'backup_codes', 'profile_image_id', 'skip_legal_checks', 'bypass_client_trust', 'notify_primary_email_address_changed', 'created_at'];

/** Deep merge where `null` removes a key at any level, as Clerk's metadata merge does. */
export function mergeMetadata(current: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const out: Obj = isPlainObject(current) ? { ...current } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = isPlainObject(value) ? mergeMetadata(out[key], value) : value;
  }
  return out;
}

/** The request's JSON object body, or Clerk's 400 for one that is not. */
export async function jsonBody(request: Request): Promise<Obj | Response> {
  return (
    (await readJsonObject(request)) ??
    clerkError(400, { message: 'Malformed request', long_message: 'The request body is not a valid JSON object.', code: 'malformed_request' })
  );
}

/** Applies a metadata body to `current` (merge or replace), or answers 422 for an unknown key. */
function applyMetadata(current: Obj, body: Obj, fields: readonly string[], replace: boolean, now: number): Obj | Response {
  const next: Obj = { ...current };
  for (const [key, value] of Object.entries(body)) {
    if (!fields.includes(key)) return unknownParam(key);
    if (value !== undefined && value !== null && !isPlainObject(value)) {
      return clerkError(422, { message: 'is invalid', long_message: `${key} must be a JSON object.`, code: 'form_param_format_invalid', meta: { param_name: key } });
    }
    next[key] = replace ? (value ?? {}) : mergeMetadata(current[key], value ?? {});
  }
  next.updated_at = now;
  return next;
}

/** `PATCH` (deep merge) or `PUT` (replace) `/v1/{users|organizations}/:id/metadata`. */
export function updateMetadata(kind: 'user' | 'organization', replace: boolean): RouteHandler {
  return writeStored(kind, (current, body, now) => applyMetadata(current, body, kind === 'user' ? USER_METADATA : ORG_METADATA, replace, now));
}

/** `PATCH /v1/users/:id`. */
export const updateUser: RouteHandler = patchFields('user', USER_FIELDS, USER_WRITE_ONLY);

/** `PATCH /v1/organizations/:id`: name, slug, max_allowed_memberships, admin_delete_enabled. */
export const updateOrganization: RouteHandler = patchFields('organization', ORG_FIELDS, []);

/** A PATCH that sets `fields` on the stored object, accepts `writeOnly` without showing them, and refuses any other field. */
function patchFields(kind: 'user' | 'organization', fields: readonly string[], writeOnly: readonly string[]): RouteHandler {
  return writeStored(kind, (current, body, now) => {
    const next: Obj = { ...current, updated_at: now };
    for (const [key, value] of Object.entries(body)) {
      if (fields.includes(key)) next[key] = value;
      else if (!writeOnly.includes(key)) return unknownParam(key);
    }
    return next;
  });
}

/**
 * A write to the stored `kind` that `:id` names, with a JSON object body: a 404 when it is not stored,
 * a 400 when the body is not an object; `apply` gives the object to store, or the error to answer.
 */
function writeStored(kind: 'user' | 'organization', apply: (current: Obj, body: Obj, now: number) => Obj | Response): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('clerk', kind, id);
    if (!current) return clerkNotFound(kind, id);
    const body = await jsonBody(request);
    if (body instanceof Response) return body;
    const next = apply(current, body, world.now());
    if (next instanceof Response) return next;
    const stored = world.put('clerk', kind, next);
    // Memberships show their organization and their user's public data as they are now.
    refreshMemberships(world, kind === 'user' ? { userId: id } : { organizationId: id });
    world.outbox.append({ provider: 'clerk', type: `${kind}.updated`, data: stored });
    return jsonResponse(stored);
  };
}

/** `DELETE /v1/users/:id`: `{ deleted: true, external_id?, id, object }` (external_id when the user had one); later reads are 404. */
export const deleteUser: RouteHandler = (request, params, world) => {
  const id = String(params.id);
  const user = world.get('clerk', 'user', id);
  if (!user || !world.delete('clerk', 'user', id)) return clerkNotFound('user', id);
  const deleted = { deleted: true, ...(typeof user.external_id === 'string' ? { external_id: user.external_id } : {}), id, object: 'user' };
  world.outbox.append({ provider: 'clerk', type: 'user.deleted', data: deleted });
  return jsonResponse(deleted);
};
