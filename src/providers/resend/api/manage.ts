/** Resend writes to suppressions and topics: adding and removing a suppression, creating, updating and removing a topic. */
import { jsonResponse, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { emit, resendTime, withoutObject, worldUuid } from './clock.js';
import { resendError, resendNotFound } from './errors.js';

function findSuppression(world: World, key: string): Obj | undefined {
  return world.get('resend', 'suppression', key) ?? world.list('resend', 'suppression').find((s) => String(s.email).toLowerCase() === key.trim().toLowerCase());
}

/** `POST /suppressions` `{ email }`: a manual suppression; adding an address already suppressed returns that one. */
export const addSuppression: RouteHandler = async (request, params, world) => {
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  if (typeof body.email !== 'string' || !body.email.includes('@')) return resendError(422, 'validation_error', 'The `email` field must be an email address.');
  const existing = findSuppression(world, body.email);
  if (existing) return jsonResponse({ object: 'suppression', id: existing.id });
  const id = worldUuid(world);
  const added = world.put('resend', 'suppression', { object: 'suppression', id, email: body.email.trim().toLowerCase(), origin: 'manual', source_id: null, created_at: resendTime(world) });
  emit(world, 'suppression.added', withoutObject(added));
  return jsonResponse({ object: 'suppression', id });
};

/** `DELETE /suppressions/:id` (an id or the address). */
export const removeSuppression: RouteHandler = (request, params, world) => {
  const found = findSuppression(world, String(params.id));
  if (!found) return resendNotFound('Suppression');
  world.delete('resend', 'suppression', String(found.id));
  emit(world, 'suppression.removed', withoutObject(found));
  return jsonResponse({ object: 'suppression', id: found.id, deleted: true });
};

/** `POST /topics` `{ name, default_subscription, description? }`. */
export const createTopic: RouteHandler = async (request, params, world) => {
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  if (typeof body.name !== 'string' || body.name === '') return resendError(422, 'missing_required_field', 'Missing `name` field.');
  if (body.default_subscription !== 'opt_in' && body.default_subscription !== 'opt_out') {
    return resendError(422, 'validation_error', 'The `default_subscription` field must be `opt_in` or `opt_out`.');
  }
  const id = worldUuid(world);
  const at = resendTime(world);
  const description = typeof body.description === 'string' ? body.description : null;
  const topic = world.put('resend', 'topic', { object: 'topic', id, name: body.name, description, default_subscription: body.default_subscription, created_at: at, updated_at: at });
  emit(world, 'topic.created', { ...withoutObject(topic), deleted: false });
  return jsonResponse({ object: 'topic', id });
};

/** `PATCH /topics/:id` `{ name?, description? }` (the default subscription cannot change after creation). */
export const updateTopic: RouteHandler = async (request, params, world) => {
  const id = String(params.id);
  const current = world.get('resend', 'topic', id);
  if (!current) return resendNotFound('Topic');
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  if ('default_subscription' in body && body.default_subscription !== undefined && body.default_subscription !== current.default_subscription) {
    return resendError(422, 'validation_error', 'The `default_subscription` of a topic cannot be changed after it is created.');
  }
  const next: Obj = { ...current, updated_at: resendTime(world) };
  for (const field of ['name', 'description'] as const) if (typeof body[field] === 'string') next[field] = body[field];
  emit(world, 'topic.updated', { ...withoutObject(world.put('resend', 'topic', next)), deleted: false });
  return jsonResponse({ object: 'topic', id });
};

/** `DELETE /topics/:id`. */
export const removeTopic: RouteHandler = (request, params, world) => {
  const id = String(params.id);
  const topic = world.get('resend', 'topic', id);
  if (!topic || !world.delete('resend', 'topic', id)) return resendNotFound('Topic');
  emit(world, 'topic.deleted', { ...withoutObject(topic), deleted: true });
  return jsonResponse({ object: 'topic', id, deleted: true });
};
