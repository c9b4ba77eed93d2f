/**
 * Stripe's webhook endpoints (`/v1/webhook_endpoints`), as the emulator delivers to them: create answers
 * with the `whsec_…` secret (the only answer that carries it), `enabled_events` choose what is sent
 * (`*` is everything), `disabled: true` stops deliveries, delete removes the endpoint.
 */
import type { EmulatedEndpoint, Obj, RouteHandler, World } from '../../shared/api/index.js';
import { STRIPE_EVENT_TYPES } from '../generated/event-types.js';
import { parameterMissing, resourceMissing, stripeError, stripeJson } from './errors.js';
import { listResponse } from './read.js';
import { formBody } from './write.js';

const KIND = 'webhook_endpoint';
/** Where the secrets are kept, apart from the endpoints: a retrieval never shows one. */
const SECRETS = 'webhook_endpoint.secret';
const EVENT_TYPES: ReadonlySet<string> = new Set(STRIPE_EVENT_TYPES);

/** `enabled_events` as a list, or the answer Stripe gives for a bad one. */
function enabledEvents(value: unknown): string[] | Response {
  const list = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? [value] : undefined;
  if (!list || list.length === 0) return parameterMissing('enabled_events');
  const unknown = list.find((type) => type !== '*' && !EVENT_TYPES.has(type));
  if (unknown !== undefined) {
    return stripeError(400, {
      type: 'invalid_request_error',
      code: 'parameter_invalid_string',
      param: 'enabled_events',
      message: `Invalid enabled_events: "${unknown}" is not an event type Stripe sends (see https://docs.stripe.com/api/events/types), or "*" for all.`,
    });
  }
  return list;
}

/** A URL Stripe would post to, or the answer for one it would not. */
function endpointUrl(value: unknown): string | Response {
  if (typeof value !== 'string' || value === '') return parameterMissing('url');
  try {
    const url = new URL(value);
    if (url.protocol === 'http:' || url.protocol === 'https:') return url.toString();
  } catch {
    // Answered below.
  }
  return stripeError(400, { type: 'invalid_request_error', code: 'url_invalid', param: 'url', message: `Invalid URL: ${value}. Give an http(s) URL.` });
}

function stringMap(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)]));
}

/**
 * Stores a new endpoint and its secret; returns the endpoint with its secret, as the create call answers.
 * @example
 * createEndpoint(world, { url: 'http://127.0.0.1:4000/webhooks/stripe', events: ['*'] }).secret; // 'whsec_…'
 */
export function createEndpoint(world: World, input: { url: string; events: readonly string[]; secret?: string; description?: string | null; metadata?: Record<string, string> }): Obj {
  const endpoint: Obj = {
    id: world.id('we', 24),
    object: KIND,
    api_version: null,
    application: null,
    created: Math.floor(world.now() / 1000),
    description: input.description ?? null,
    enabled_events: [...input.events],
    livemode: false,
    metadata: input.metadata ?? {},
    status: 'enabled',
    url: input.url,
  };
  world.put('stripe', KIND, endpoint);
  const secret = input.secret ?? world.id('whsec', 32);
  world.put('stripe', SECRETS, { id: String(endpoint.id), secret });
  return { ...endpoint, secret };
}

/** `POST /v1/webhook_endpoints`. */
function create(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const url = endpointUrl(body.url);
    if (url instanceof Response) return url;
    const events = enabledEvents(body.enabled_events);
    if (events instanceof Response) return events;
    const description = typeof body.description === 'string' ? body.description : null;
    return stripeJson(createEndpoint(world, { url, events, description, metadata: stringMap(body.metadata) }));
  };
}

/** `GET /v1/webhook_endpoints/:id`. */
function retrieve(): RouteHandler {
  return (request, params, world) => {
    const found = world.get('stripe', KIND, String(params.id));
    return found ? stripeJson(found) : resourceMissing(KIND, String(params.id));
  };
}

/** `POST /v1/webhook_endpoints/:id`: `url`, `enabled_events`, `disabled`, `description`, `metadata`. */
function update(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const current = world.get('stripe', KIND, id);
    if (!current) return resourceMissing(KIND, id);
    const body = await formBody(request);
    const next: Obj = { ...current };
    if (body.url !== undefined) {
      const url = endpointUrl(body.url);
      if (url instanceof Response) return url;
      next.url = url;
    }
    if (body.enabled_events !== undefined) {
      const events = enabledEvents(body.enabled_events);
      if (events instanceof Response) return events;
      next.enabled_events = events;
    }
    if (body.disabled !== undefined) next.status = body.disabled === 'true' ? 'disabled' : 'enabled';
    if (body.description !== undefined) next.description = body.description === '' ? null : String(body.description);
    if (body.metadata !== undefined) next.metadata = { ...stringMap(current.metadata), ...stringMap(body.metadata) };
    return stripeJson(world.put('stripe', KIND, next));
  };
}

/** `DELETE /v1/webhook_endpoints/:id`. */
function remove(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    if (!world.delete('stripe', KIND, id)) return resourceMissing(KIND, id);
    world.delete('stripe', SECRETS, id);
    return stripeJson({ id, object: KIND, deleted: true });
  };
}

/** `GET /v1/webhook_endpoints`: newest first. */
function list(): RouteHandler {
  return (request, params, world) => listResponse(world, request, world.list('stripe', KIND).reverse(), '/v1/webhook_endpoints');
}

/** The routes, in the order they are matched. */
export const webhookEndpointRoutes = [
  ['POST', '/v1/webhook_endpoints', create()],
  ['GET', '/v1/webhook_endpoints', list()],
  ['GET', '/v1/webhook_endpoints/:id', retrieve()],
  ['POST', '/v1/webhook_endpoints/:id', update()],
  ['DELETE', '/v1/webhook_endpoints/:id', remove()],
] as const;

/** The enabled endpoints of `world`, with their secrets, oldest first. */
export function enabledEndpoints(world: World): EmulatedEndpoint[] {
  return world
    .list('stripe', KIND)
    .filter((endpoint) => endpoint.status === 'enabled')
    .map((endpoint) => {
      const id = String(endpoint.id);
      const events = new Set((endpoint.enabled_events as string[]) ?? []);
      return {
        id,
        url: String(endpoint.url),
        secret: String(world.get('stripe', SECRETS, id)?.secret ?? ''),
        accepts: (type: string) => events.has('*') || events.has(type),
      };
    });
}
