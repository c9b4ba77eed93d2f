/** Resend reads: emails, received emails, contacts, domains by id, and `{ object: 'list', data, has_more }` lists with `limit`/`after`/`before`. */
import type { HttpResponseResolver } from 'msw';
import type { MockContext } from '../context.js';
import { intParam, jsonResponse } from '../../providers/internal.js';
import { cursorPage } from '../../providers/internal.js';
import type { Obj } from '../../emulator/index.js';
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
export function retrieve(ctx: MockContext, kind: string, label: string): HttpResponseResolver {
  return ({ params }) => {
    const found = ctx.world.get('resend', kind, String(params.id));
    return found ? jsonResponse(found) : resendNotFound(label);
  };
}

/** `GET /<kind>s`. */
export function list(ctx: MockContext, kind: string): HttpResponseResolver {
  return ({ request }) => resendList(request, ctx.world.list('resend', kind));
}

function findContact(ctx: MockContext, idOrEmail: string, audience?: string): Obj | undefined {
  const found = ctx.world.get('resend', 'contact', idOrEmail) ?? ctx.world.list('resend', 'contact').find((c) => String(c.email).toLowerCase() === idOrEmail.toLowerCase());
  return found && (audience === undefined || found.audience_id === audience) ? found : undefined;
}

/** `GET /contacts/:id` and `GET /audiences/:audience_id/contacts/:id` (an id or an email address). */
export function getContact(ctx: MockContext): HttpResponseResolver {
  return ({ params }) => {
    const found = findContact(ctx, String(params.id), params.audience_id === undefined ? undefined : String(params.audience_id));
    return found ? jsonResponse(found) : resendNotFound('Contact');
  };
}

/** `GET /contacts` and `GET /audiences/:audience_id/contacts`. */
export function listContacts(ctx: MockContext): HttpResponseResolver {
  return ({ request, params }) => {
    const audience = params.audience_id === undefined ? undefined : String(params.audience_id);
    return resendList(request, ctx.world.list('resend', 'contact').filter((c) => audience === undefined || c.audience_id === audience));
  };
}

/** `GET /contacts/:id/topics`: the topic subscriptions the last `contact.topics.updated` reported. */
export function contactTopics(ctx: MockContext): HttpResponseResolver {
  return ({ request, params }) => {
    const key = String(params.id);
    const contact = findContact(ctx, key);
    const topics = ctx.world.get('resend', 'contact_topics', String(contact?.email ?? key));
    if (!contact && !topics) return resendNotFound('Contact');
    const list = Array.isArray(topics?.topics) ? (topics.topics as Obj[]) : [];
    return resendList(
      request,
      list.map((t) => {
        const topic = ctx.world.get('resend', 'topic', String(t.id));
        return { name: topic?.name ?? null, description: topic?.description ?? null, ...t };
      }),
    );
  };
}

/** `GET /contacts/:id/segments`: the segments the contact's `segment_ids` name. */
export function contactSegments(ctx: MockContext): HttpResponseResolver {
  return ({ request, params }) => {
    const contact = findContact(ctx, String(params.id));
    if (!contact) return resendNotFound('Contact');
    const ids = Array.isArray(contact.segment_ids) ? contact.segment_ids.map(String) : [];
    return resendList(request, ctx.world.list('resend', 'segment').filter((s) => ids.includes(String(s.id))));
  };
}

/** `GET /suppressions/:id` (an id or the suppressed address). */
export function getSuppression(ctx: MockContext): HttpResponseResolver {
  return ({ params }) => {
    const key = String(params.id);
    const found = ctx.world.get('resend', 'suppression', key) ?? ctx.world.list('resend', 'suppression').find((s) => String(s.email).toLowerCase() === key.toLowerCase());
    return found ? jsonResponse(found) : resendNotFound('Suppression');
  };
}

/** `GET /suppressions` (filtered by `origin`): entries without their `object`. */
export function listSuppressions(ctx: MockContext): HttpResponseResolver {
  return ({ request }) => {
    const origin = new URL(request.url).searchParams.get('origin');
    const entries = ctx.world.list('resend', 'suppression').filter((s) => origin === null || s.origin === origin);
    return resendList(request, entries.map(({ object: _object, ...entry }) => entry));
  };
}
