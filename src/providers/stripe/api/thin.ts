/**
 * The fetches an event notification makes: stripe-node's `notification.fetchEvent()`
 * (`GET /v2/core/events/:id`) and `notification.fetchRelatedObject()` (`related_object.url`).
 * The world records each delivered notification; on the next request to the mock, the object it
 * points at is drawn from it (consistent ids, account, times) and stored, unless the world already
 * holds one under that id (a seeded object, or one a snapshot event recorded), which then answers.
 */
import type { JsonObject } from '../../../core/index.js';
import type { ApiRoute, Obj, RouteHandler, World } from '../../shared/api/index.js';
import { relatedUrls as stripeThinRelatedUrls } from '../generated/thin-types.js';
import { loadStripeThinFetch } from '../thin/load.js';
import { resourceMissing, stripeJson } from './errors.js';

/** The world kind delivered notifications are recorded under. */
export const NOTIFICATION_KIND = 'v2.core.event';
/** Notifications recorded whose related object is not drawn yet. */
const PENDING_KIND = 'v2.core.event.pending';

/** Records a delivered notification (its related object is drawn on the mock's next request). */
export function recordNotification(world: World, notification: Obj): void {
  world.put('stripe', NOTIFICATION_KIND, notification);
  world.put('stripe', PENDING_KIND, { id: notification.id });
}

/** Stores the related object of every notification recorded since the last call. */
export async function drawRelatedObjects(world: World): Promise<void> {
  const pending = world.list('stripe', PENDING_KIND);
  if (pending.length === 0) return;
  const { relatedThinObject } = await loadStripeThinFetch();
  for (const { id } of pending) {
    const notification = world.get('stripe', NOTIFICATION_KIND, String(id));
    // A concurrent request may have drawn it while the module loaded.
    if (!world.delete('stripe', PENDING_KIND, String(id)) || !notification) continue;
    const related = relatedThinObject(notification as JsonObject);
    if (related && !world.get('stripe', related.tag, related.key)) world.put('stripe', related.tag, related.object, { id: related.key });
  }
}

/** `GET /v2/core/events/:id`: the full event of a delivered notification. */
function retrieveEvent(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const notification = world.get('stripe', NOTIFICATION_KIND, id);
    if (!notification) return resourceMissing('event', id);
    const { fetchedThinEvent } = await loadStripeThinFetch();
    return stripeJson(fetchedThinEvent(notification as JsonObject));
  };
}

/** `GET <related url>`: the object stored under its id (a singleton under its path). */
function retrieveRelated(tag: string, singleton: boolean): RouteHandler {
  return (request, params, world) => {
    const path = new URL(request.url).pathname;
    const key = singleton ? path : String(params.id);
    const object = world.get('stripe', tag, key);
    return object ? stripeJson(object) : resourceMissing(tag, key);
  };
}

/** msw's `:param` form of a url template (`/v1/accounts/{accountId}/persons/{id}` → `…/:accountId/persons/:id`). */
function routePath(template: string): string {
  return template.replace(/\{(\w+)\}/g, ':$1');
}

/**
 * The routes notifications need besides those `taken` (method and path of the mock's other
 * routes, which answer from the same world kinds).
 */
export function thinRoutes(taken: ReadonlySet<string>, r: (method: 'GET', path: string, resolver: RouteHandler) => ApiRoute): ApiRoute[] {
  const routes = [r('GET', '/v2/core/events/:id', retrieveEvent())];
  for (const [tag, template] of Object.entries(stripeThinRelatedUrls)) {
    const path = routePath(template);
    if (taken.has(`GET ${path.replace(/:\w+/g, ':')}`)) continue;
    routes.push(r('GET', path, retrieveRelated(tag, !template.endsWith('{id}'))));
  }
  return routes;
}
