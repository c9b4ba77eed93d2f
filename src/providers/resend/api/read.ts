/** Resend reads: emails, received emails, contacts, domains by id, and `{ object: 'list', data, has_more }` lists with `limit`/`after`/`before`. */
import { cursorPage, intParam, jsonResponse, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { resendError, resendNotFound } from './errors.js';

/** Newest first, as Resend lists. */
function newestFirst(items: Obj[]): Obj[] {
  return items.map((item, index) => ({ item, index })).sort((a, b) => String(b.item.created_at ?? '').localeCompare(String(a.item.created_at ?? '')) || b.index - a.index).map((x) => x.item);
}

/** A Resend list cut by `limit` (1–100, default 20) and an `after`/`before` id; newest first unless told `oldest`. */
export function resendList(request: Request, items: Obj[], order: 'newest' | 'oldest' = 'newest'): Response {
  const url = new URL(request.url);
  const limit = intParam(url, 'limit', 20, 1, 100);
  if (limit === undefined) return resendError(422, 'validation_error', 'The `limit` parameter must be an integer between 1 and 100.');
  const after = url.searchParams.get('after');
  const before = url.searchParams.get('before');
  if (after && before) return resendError(422, 'validation_error', 'You can only use `after` or `before`, not both.');
  const page = cursorPage(order === 'newest' ? newestFirst(items) : items, (o) => String(o.id), { limit, after, before });
  if (!page) return resendError(422, 'validation_error', `The cursor ${after ?? before} does not name an item of this list.`);
  return jsonResponse({ object: 'list', has_more: page.hasMore, data: page.data });
}

/** `GET /<kind>s/:id`. */
export function retrieve(kind: string, label: string): RouteHandler {
  return (request, params, world) => {
    const found = world.get('resend', kind, String(params.id));
    return found ? jsonResponse(found) : resendNotFound(label);
  };
}

/** `GET /<kind>s`. */
export function list(kind: string): RouteHandler {
  return (request, params, world) => resendList(request, world.list('resend', kind));
}

function findContact(world: World, idOrEmail: string, audience?: string): Obj | undefined {
  const found = world.get('resend', 'contact', idOrEmail) ?? world.list('resend', 'contact').find((c) => String(c.email).toLowerCase() === idOrEmail.toLowerCase());
  return found && (audience === undefined || found.audience_id === audience) ? found : undefined;
}

/** `GET /contacts/:id` and `GET /audiences/:audience_id/contacts/:id` (an id or an email address). */
export const getContact: RouteHandler = (request, params, world) => {
  const found = findContact(world, String(params.id), params.audience_id === undefined ? undefined : String(params.audience_id));
  return found ? jsonResponse(found) : resendNotFound('Contact');
};

/** `GET /contacts` and `GET /audiences/:audience_id/contacts`. */
export const listContacts: RouteHandler = (request, params, world) => {
  const audience = params.audience_id === undefined ? undefined : String(params.audience_id);
  return resendList(request, world.list('resend', 'contact').filter((c) => audience === undefined || c.audience_id === audience));
};

/** `GET /contacts/:id/topics`: the topic subscriptions the last `contact.topics.updated` reported. */
export const contactTopics: RouteHandler = (request, params, world) => {
  const key = String(params.id);
  const contact = findContact(world, key);
  const topics = world.get('resend', 'contact_topics', String(contact?.email ?? key));
  if (!contact && !topics) return resendNotFound('Contact');
  const list = Array.isArray(topics?.topics) ? (topics.topics as Obj[]) : [];
  return resendList(
    request,
    list.map((t) => {
      const topic = world.get('resend', 'topic', String(t.id));
      return { name: topic?.name ?? null, description: topic?.description ?? null, ...t };
    }),
  );
};

/** `GET /contacts/:id/segments`: the segments the contact's `segment_ids` name. */
export const contactSegments: RouteHandler = (request, params, world) => {
  const contact = findContact(world, String(params.id));
  if (!contact) return resendNotFound('Contact');
  const ids = Array.isArray(contact.segment_ids) ? contact.segment_ids.map(String) : [];
  return resendList(request, world.list('resend', 'segment').filter((s) => ids.includes(String(s.id))));
};

/** `GET /suppressions/:id` (an id or the suppressed address). */
export const getSuppression: RouteHandler = (request, params, world) => {
  const key = String(params.id);
  const found = world.get('resend', 'suppression', key) ?? world.list('resend', 'suppression').find((s) => String(s.email).toLowerCase() === key.toLowerCase());
  return found ? jsonResponse(found) : resendNotFound('Suppression');
};

/** `GET /suppressions` (filtered by `origin`): entries without their `object`. */
export const listSuppressions: RouteHandler = (request, params, world) => {
  const origin = new URL(request.url).searchParams.get('origin');
  const entries = world.list('resend', 'suppression').filter((s) => origin === null || s.origin === origin);
  return resendList(request, entries.map(({ object: _object, ...entry }) => entry));
};
