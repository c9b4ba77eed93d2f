/** Resend writes to suppressions and topics: adding and removing a suppression, creating, updating and removing a topic. */
import type { HttpResponseResolver } from 'msw';
import type { MockContext } from '../context.js';
import { jsonResponse, readJsonObject } from '../../providers/internal.js';
import { uuid } from '../../providers/internal.js';
import type { Obj } from '../../emulator/index.js';
import { resendError, resendNotFound } from './errors.js';
import { resendTime } from './write.js';

function findSuppression(ctx: MockContext, key: string): Obj | undefined {
  return ctx.world.get('resend', 'suppression', key) ?? ctx.world.list('resend', 'suppression').find((s) => String(s.email).toLowerCase() === key.trim().toLowerCase());
}

/** `POST /suppressions` `{ email }`: a manual suppression; adding an address already suppressed returns that one. */
export function addSuppression(ctx: MockContext): HttpResponseResolver {
  return async ({ request }) => {
    const body = await readJsonObject(request);
    if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
    if (typeof body.email !== 'string' || !body.email.includes('@')) return resendError(422, 'validation_error', 'The `email` field must be an email address.');
    const existing = findSuppression(ctx, body.email);
    if (existing) return jsonResponse({ object: 'suppression', id: existing.id });
    const id = uuid();
    ctx.world.put('resend', 'suppression', { object: 'suppression', id, email: body.email.trim().toLowerCase(), origin: 'manual', source_id: null, created_at: resendTime() });
    return jsonResponse({ object: 'suppression', id });
  };
}

/** `DELETE /suppressions/:id` (an id or the address). */
export function removeSuppression(ctx: MockContext): HttpResponseResolver {
  return ({ params }) => {
    const found = findSuppression(ctx, String(params.id));
    if (!found) return resendNotFound('Suppression');
    ctx.world.delete('resend', 'suppression', String(found.id));
    return jsonResponse({ object: 'suppression', id: found.id, deleted: true });
  };
}

/** `POST /topics` `{ name, default_subscription, description? }`. */
export function createTopic(ctx: MockContext): HttpResponseResolver {
  return async ({ request }) => {
    const body = await readJsonObject(request);
    if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
    if (typeof body.name !== 'string' || body.name === '') return resendError(422, 'missing_required_field', 'Missing `name` field.');
    if (body.default_subscription !== 'opt_in' && body.default_subscription !== 'opt_out') {
      return resendError(422, 'validation_error', 'The `default_subscription` field must be `opt_in` or `opt_out`.');
    }
    const id = uuid();
    const at = resendTime();
    const description = typeof body.description === 'string' ? body.description : null;
    ctx.world.put('resend', 'topic', { object: 'topic', id, name: body.name, description, default_subscription: body.default_subscription, created_at: at, updated_at: at });
    return jsonResponse({ object: 'topic', id });
  };
}

/** `PATCH /topics/:id` `{ name?, description? }` (the default subscription cannot change after creation). */
export function updateTopic(ctx: MockContext): HttpResponseResolver {
  return async ({ request, params }) => {
    const id = String(params.id);
    const current = ctx.world.get('resend', 'topic', id);
    if (!current) return resendNotFound('Topic');
    const body = await readJsonObject(request);
    if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
    if ('default_subscription' in body && body.default_subscription !== undefined && body.default_subscription !== current.default_subscription) {
      return resendError(422, 'validation_error', 'The `default_subscription` of a topic cannot be changed after it is created.');
    }
    const next: Obj = { ...current, updated_at: resendTime() };
    for (const field of ['name', 'description'] as const) if (typeof body[field] === 'string') next[field] = body[field];
    ctx.world.put('resend', 'topic', next);
    return jsonResponse({ object: 'topic', id });
  };
}

/** `DELETE /topics/:id`. */
export function removeTopic(ctx: MockContext): HttpResponseResolver {
  return ({ params }) => {
    const id = String(params.id);
    if (!ctx.world.delete('resend', 'topic', id)) return resendNotFound('Topic');
    return jsonResponse({ object: 'topic', id, deleted: true });
  };
}
