/** Resend writes that change later reads: sending (one or a batch), rescheduling and cancelling emails. */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, readJson, readJsonObject, uuid, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { resendError, resendNotFound } from './errors.js';

/** A timestamp as Resend writes them: microseconds and an offset. */
export function resendTime(date = new Date()): string {
  return date.toISOString().replace(/\.(\d{3})Z$/, '.$1000+00:00');
}

function list(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  return (Array.isArray(value) ? value : [value]).map(String);
}

/** The stored email for a send request, or the 422 Resend gives when a required field is missing. */
function emailOf(fields: Obj): Obj | Response {
  for (const field of ['from', 'to', 'subject'] as const) {
    if (fields[field] === undefined || fields[field] === null || fields[field] === '') {
      return resendError(422, 'missing_required_field', `Missing \`${field}\` field.`);
    }
  }
  if (fields.html === undefined && fields.text === undefined && fields.react === undefined && fields.template === undefined) {
    return resendError(422, 'validation_error', 'Missing `html` or `text` field.');
  }
  const scheduled = typeof fields.scheduled_at === 'string' ? fields.scheduled_at : null;
  return {
    object: 'email',
    id: uuid(),
    to: list(fields.to),
    from: String(fields.from),
    created_at: resendTime(),
    subject: String(fields.subject),
    html: typeof fields.html === 'string' ? fields.html : null,
    text: typeof fields.text === 'string' ? fields.text : null,
    bcc: list(fields.bcc),
    cc: list(fields.cc),
    reply_to: list(fields.reply_to),
    last_event: scheduled ? 'scheduled' : 'sent',
    scheduled_at: scheduled,
    tags: Array.isArray(fields.tags) ? fields.tags : [],
  };
}

/** Stores a sent email and appends what Resend reports of it: `email.sent`, or `email.scheduled` for a later send. */
function send(world: World, email: Obj): void {
  const stored = world.put('resend', 'email', email);
  world.outbox.append({ provider: 'resend', type: stored.last_event === 'scheduled' ? 'email.scheduled' : 'email.sent', data: stored });
}

/** `POST /emails`: `{ id }`; the email is then readable with `GET /emails/:id`. */
export const sendEmail: RouteHandler = async (request, params, world) => {
  const fields = await readJsonObject(request);
  if (!fields) return resendError(400, 'validation_error', 'Invalid JSON body.');
  const email = emailOf(fields);
  if (email instanceof Response) return email;
  send(world, email);
  return jsonResponse({ id: email.id });
};

/** `POST /emails/batch`: `{ data: [{ id }…] }`; nothing is stored when any email is invalid. */
export const sendBatch: RouteHandler = async (request, params, world) => {
  const items = await readJson(request);
  if (!Array.isArray(items) || items.length === 0 || items.length > 100) {
    return resendError(422, 'validation_error', 'The body must be a list of 1 to 100 emails.');
  }
  const emails: Obj[] = [];
  for (const item of items) {
    const email = isPlainObject(item) ? emailOf(item) : resendError(422, 'validation_error', 'Each email must be an object.');
    if (email instanceof Response) return email;
    emails.push(email);
  }
  for (const email of emails) send(world, email);
  return jsonResponse({ data: emails.map((e) => ({ id: e.id })) });
};

/** `PATCH /emails/:id` (`scheduled_at`) and `POST /emails/:id/cancel` of a scheduled email. */
export function changeScheduled(action: 'update' | 'cancel'): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('resend', 'email', id);
    if (!current) return resendNotFound('Email');
    if (current.last_event !== 'scheduled') return resendError(422, 'validation_error', 'Only scheduled emails can be updated or cancelled.');
    const body = action === 'update' ? await readJsonObject(request) : {};
    if (action === 'update' && typeof body?.scheduled_at !== 'string') return resendError(422, 'validation_error', 'Missing `scheduled_at` field.');
    const next = action === 'cancel' ? { ...current, last_event: 'canceled' } : { ...current, scheduled_at: body!.scheduled_at };
    world.put('resend', 'email', next);
    return jsonResponse({ object: 'email', id });
  };
}
