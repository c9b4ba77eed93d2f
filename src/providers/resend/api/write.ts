/**
 * Resend writes that send email: one or a batch (each then reported as Resend's test addresses say,
 * outcomes.ts), rescheduling and cancelling a scheduled one. Addresses at example.com and test.com are
 * refused with 422, as Resend refuses them; an `Idempotency-Key` makes a repeated send answer the first
 * answer and send nothing.
 */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { resendNow, resendTime, worldUuid } from './clock.js';
import { resendError, resendNotFound } from './errors.js';
import { bareAddress, sendEmail as send } from './outcomes.js';

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;
/** Domains Resend refuses to send to: they reject mail, and bounces hurt the sender's reputation. */
const BLOCKED = new Set(['example.com', 'test.com']);
const DAY = 86_400_000;
/** How far ahead Resend schedules: up to 30 days. */
const MAX_AHEAD = 30 * DAY;
const UNITS: Readonly<Record<string, number>> = { minute: 60_000, hour: 3_600_000, day: DAY };

function addressError(field: string): Response {
  return resendError(422, 'validation_error', `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`);
}

/** A list of addresses (`to`, `cc`, …) as given, or the 422 for a bad one; `null` when absent. */
function addresses(fields: Obj, field: string): string[] | null | Response {
  const value = fields[field];
  if (value === undefined || value === null) return null;
  const list = (Array.isArray(value) ? value : [value]).map(String);
  if (list.some((a) => !ADDRESS.test(bareAddress(a)))) return addressError(field);
  const blocked = list.find((a) => BLOCKED.has(bareAddress(a).split('@')[1]!));
  if (blocked !== undefined) {
    return resendError(
      422,
      'validation_error',
      `Invalid \`${field}\` field: ${bareAddress(blocked)} is at ${bareAddress(blocked).split('@')[1]}, which Resend does not send to (such domains reject mail). Send to a test address such as delivered@resend.dev, bounced@resend.dev or complained@resend.dev.`,
    );
  }
  return list;
}

/**
 * `scheduled_at` as ISO 8601 or Resend's natural language (`in 1 hour`, `in 30 minutes`, `in 2 days`):
 * the time, or the 422 for one that is unreadable, past, or more than 30 days ahead.
 */
export function scheduledTime(world: World, value: unknown): string | Response {
  const now = resendNow(world);
  const relative = typeof value === 'string' ? /^in (\d+) (minute|hour|day)s?$/i.exec(value.trim()) : null;
  const at = relative ? now + Number(relative[1]) * UNITS[relative[2]!.toLowerCase()]! : typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(at)) return resendError(422, 'validation_error', `Invalid \`scheduled_at\` field: ${JSON.stringify(value)} is neither an ISO 8601 time nor "in <n> minutes|hours|days".`);
  if (at <= now || at > now + MAX_AHEAD) return resendError(422, 'validation_error', `Invalid \`scheduled_at\` field: ${new Date(at).toISOString()} must be in the future and at most 30 days ahead.`);
  return new Date(at).toISOString();
}

/** The SES message id Resend reports for an email created at `at`. */
function messageId(world: World, at: number): string {
  return `<0100${at.toString(16).padStart(12, '0')}-${worldUuid(world)}-000000@email.amazonses.com>`;
}

/** The stored email for a send request, or the 422 Resend gives for what is missing or wrong. */
function emailOf(world: World, fields: Obj, batch: boolean): Obj | Response {
  for (const field of ['from', 'to', 'subject'] as const) {
    if (fields[field] === undefined || fields[field] === null || fields[field] === '') {
      return resendError(422, 'missing_required_field', `Missing \`${field}\` field.`);
    }
  }
  if (fields.html === undefined && fields.text === undefined && fields.react === undefined && fields.template === undefined) {
    return resendError(422, 'validation_error', 'Missing `html` or `text` field.');
  }
  if (!ADDRESS.test(bareAddress(String(fields.from)))) return addressError('from');
  const lists: Record<string, string[] | null> = {};
  for (const field of ['to', 'cc', 'bcc', 'reply_to']) {
    const list = addresses(fields, field);
    if (list instanceof Response) return list;
    lists[field] = list;
  }
  if (lists.to!.length > 50) return resendError(422, 'validation_error', 'Invalid `to` field: an email can have at most 50 recipients.');
  let scheduled: string | null = null;
  if (fields.scheduled_at !== undefined && fields.scheduled_at !== null) {
    if (batch) return resendError(422, 'validation_error', 'The `scheduled_at` field is not supported in batch emails: send each scheduled email with POST /emails.');
    const time = scheduledTime(world, fields.scheduled_at);
    if (time instanceof Response) return time;
    scheduled = time;
  }
  const at = resendNow(world);
  return {
    object: 'email',
    id: worldUuid(world),
    to: lists.to,
    from: String(fields.from),
    created_at: resendTime(world, at),
    subject: String(fields.subject),
    html: typeof fields.html === 'string' ? fields.html : null,
    text: typeof fields.text === 'string' ? fields.text : null,
    bcc: lists.bcc,
    cc: lists.cc,
    reply_to: lists.reply_to,
    last_event: scheduled ? 'scheduled' : 'queued',
    scheduled_at: scheduled,
    message_id: messageId(world, at),
    tags: Array.isArray(fields.tags) ? fields.tags.filter(isPlainObject).map((t) => ({ name: String(t.name), value: String(t.value) })) : [],
  };
}

/**
 * A send under an `Idempotency-Key`: the first answer again, sending nothing, for the same key and
 * body; Resend's 409 for the same key with another body; 400 for a key that is not 1 to 256 characters.
 * Without a key, `send` runs as it is.
 */
async function idempotent(request: Request, world: World, send: (body: string) => Response): Promise<Response> {
  const body = await request.text();
  const key = request.headers.get('idempotency-key');
  if (key === null) return send(body);
  if (key.length < 1 || key.length > 256) return resendError(400, 'invalid_idempotency_key', 'The `Idempotency-Key` header must be 1 to 256 characters long.');
  const id = `${request.method} ${new URL(request.url).pathname} ${key}`;
  const seen = world.get('resend', 'idempotency', id);
  if (seen) {
    if (seen.body !== body) return resendError(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload. Change your idempotency key or payload.');
    return jsonResponse(seen.answer, Number(seen.status));
  }
  const answer = send(body);
  if (answer.ok) world.put('resend', 'idempotency', { id, body, status: answer.status, answer: JSON.parse(await answer.clone().text()) as unknown });
  return answer;
}

function parsed(body: string): unknown {
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** `POST /emails`: `{ id }`; the email is then readable with `GET /emails/:id`. */
export const sendEmail: RouteHandler = (request, params, world) =>
  idempotent(request, world, (body) => {
    const fields = parsed(body);
    if (!isPlainObject(fields)) return resendError(400, 'validation_error', 'Invalid JSON body.');
    const email = emailOf(world, fields, false);
    if (email instanceof Response) return email;
    send(world, email);
    return jsonResponse({ id: email.id });
  });

/** `POST /emails/batch`: `{ data: [{ id }…] }`; nothing is stored when any email is invalid. */
export const sendBatch: RouteHandler = (request, params, world) =>
  idempotent(request, world, (body) => {
    const items = parsed(body);
    if (!Array.isArray(items) || items.length === 0 || items.length > 100) {
      return resendError(422, 'validation_error', 'The body must be a list of 1 to 100 emails.');
    }
    const emails: Obj[] = [];
    for (const item of items) {
      const email = isPlainObject(item) ? emailOf(world, item, true) : resendError(422, 'validation_error', 'Each email must be an object.');
      if (email instanceof Response) return email;
      emails.push(email);
    }
    for (const email of emails) send(world, email);
    return jsonResponse({ data: emails.map((e) => ({ id: e.id })) });
  });

/** `PATCH /emails/:id` (`scheduled_at`: reschedules) and `POST /emails/:id/cancel` of a scheduled email; Resend sends no event for either. */
export function changeScheduled(action: 'update' | 'cancel'): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('resend', 'email', id);
    if (!current) return resendNotFound('Email');
    if (current.last_event !== 'scheduled') return resendError(422, 'validation_error', `Only scheduled emails can be ${action === 'update' ? 'updated' : 'cancelled'}; this one is ${String(current.last_event)}.`);
    if (action === 'cancel') {
      world.put('resend', 'email', { ...current, last_event: 'canceled' });
      return jsonResponse({ object: 'email', id });
    }
    const body = await readJsonObject(request);
    if (body?.scheduled_at === undefined || body.scheduled_at === null) return resendError(422, 'missing_required_field', 'Missing `scheduled_at` field.');
    const time = scheduledTime(world, body.scheduled_at);
    if (time instanceof Response) return time;
    world.put('resend', 'email', { ...current, scheduled_at: time });
    return jsonResponse({ object: 'email', id });
  };
}
