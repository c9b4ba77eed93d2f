/**
 * Resend's webhooks (`/webhooks`), as the emulator delivers to them: create answers with the
 * `whsec_…` signing secret, `events` choose what is sent, `status: 'disabled'` stops deliveries,
 * delete removes the webhook.
 */
import type { EmulatedEndpoint, Obj, RouteHandler, World } from '../../shared/api/index.js';
import { jsonResponse, readJsonObject } from '../../shared/api/index.js';
import { resendEventTypes } from '../catalog.js';
import { resendTime, worldUuid } from './clock.js';
import { resendError, resendNotFound } from './errors.js';
import { resendList } from './read.js';

const KIND = 'webhook';
const EVENT_TYPES: ReadonlySet<string> = new Set(resendEventTypes);

/** `events` as a list of Resend event types, or the 422 for a bad one. */
function eventList(value: unknown): string[] | Response {
  if (!Array.isArray(value) || value.length === 0) return resendError(422, 'validation_error', 'The `events` field must be a non-empty list of event types, e.g. ["email.delivered", "email.bounced"].');
  const unknown = value.find((type) => !EVENT_TYPES.has(String(type)));
  if (unknown !== undefined) return resendError(422, 'validation_error', `Invalid \`events\` field: ${JSON.stringify(unknown)} is not an event type Resend sends (see https://resend.com/docs/webhooks/event-types).`);
  return value.map(String);
}

function endpointUrl(value: unknown): string | Response {
  if (typeof value !== 'string' || value === '') return resendError(422, 'missing_required_field', 'Missing `endpoint` field.');
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // Answered below.
  }
  return resendError(422, 'validation_error', `Invalid \`endpoint\` field: ${JSON.stringify(value)} is not an http(s) URL.`);
}

/**
 * Stores a new webhook; returns it with its signing secret (a `whsec_` Svix secret unless one is given).
 * `events` `null` subscribes to every type (the emulator's `webhooks` option).
 * @example
 * createWebhook(world, { endpoint: 'http://127.0.0.1:4000/webhooks/resend', events: ['email.bounced'] }).signing_secret; // 'whsec_…'
 */
export function createWebhook(world: World, input: { endpoint: string; events: readonly string[] | null; secret?: string }): Obj {
  const webhook: Obj = {
    object: 'webhook',
    id: worldUuid(world),
    created_at: resendTime(world),
    status: 'enabled',
    endpoint: input.endpoint,
    events: input.events === null ? null : [...input.events],
    signing_secret: input.secret ?? `whsec_${btoa(world.id('', 24))}`,
  };
  world.put('resend', KIND, webhook);
  return webhook;
}

/** `POST /webhooks` `{ endpoint, events }`: `{ object, id, signing_secret }`. */
export const create: RouteHandler = async (request, params, world) => {
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  const endpoint = endpointUrl(body.endpoint);
  if (endpoint instanceof Response) return endpoint;
  const events = eventList(body.events);
  if (events instanceof Response) return events;
  const webhook = createWebhook(world, { endpoint, events });
  return jsonResponse({ object: 'webhook', id: webhook.id, signing_secret: webhook.signing_secret });
};

/** `GET /webhooks/:id`, with its signing secret. */
export const retrieve: RouteHandler = (request, params, world) => {
  const found = world.get('resend', KIND, String(params.id));
  return found ? jsonResponse(found) : resendNotFound('Webhook');
};

/** `GET /webhooks`: without their secrets or `object`. */
export const list: RouteHandler = (request, params, world) =>
  resendList(
    request,
    world.list('resend', KIND).map(({ object: _object, signing_secret: _secret, ...webhook }) => webhook),
  );

/** `PATCH /webhooks/:id` `{ endpoint?, events?, status? }`: `{ object, id }`. */
export const update: RouteHandler = async (request, params, world) => {
  const current = world.get('resend', KIND, String(params.id));
  if (!current) return resendNotFound('Webhook');
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  const next: Obj = { ...current };
  if (body.endpoint !== undefined) {
    const endpoint = endpointUrl(body.endpoint);
    if (endpoint instanceof Response) return endpoint;
    next.endpoint = endpoint;
  }
  if (body.events !== undefined) {
    const events = eventList(body.events);
    if (events instanceof Response) return events;
    next.events = events;
  }
  if (body.status !== undefined) {
    if (body.status !== 'enabled' && body.status !== 'disabled') return resendError(422, 'validation_error', 'The `status` field must be `enabled` or `disabled`.');
    next.status = body.status;
  }
  world.put('resend', KIND, next);
  return jsonResponse({ object: 'webhook', id: current.id });
};

/** `DELETE /webhooks/:id`: `{ object, id, deleted }`. */
export const remove: RouteHandler = (request, params, world) => {
  const id = String(params.id);
  if (!world.delete('resend', KIND, id)) return resendNotFound('Webhook');
  return jsonResponse({ object: 'webhook', id, deleted: true });
};

/** The enabled webhooks of `world`, with their secrets, oldest first. */
export function enabledWebhooks(world: World): EmulatedEndpoint[] {
  return world
    .list('resend', KIND)
    .filter((webhook) => webhook.status === 'enabled')
    .map((webhook) => {
      const events = Array.isArray(webhook.events) ? new Set(webhook.events.map(String)) : undefined;
      return {
        id: String(webhook.id),
        url: String(webhook.endpoint),
        secret: String(webhook.signing_secret),
        accepts: (type: string) => events === undefined || events.has(type),
      };
    });
}
