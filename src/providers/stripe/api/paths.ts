/**
 * Every resource a snapshot event carries, served at the url stripe-node retrieves it from
 * (`generated/paths.ts`, read from stripe-node's resource classes): top-level ones
 * (`/v1/issuing/authorizations/:id`), nested ones (`/v1/accounts/:account/persons/:id`, checked
 * against the object's `account`), singletons (`/v1/customers/:customer/cash_balance`), and the
 * list endpoints of their collections.
 */
import { isPlainObject } from '../../../core/index.js';
import { decodeForm, type Obj, type RouteHandler } from '../../shared/api/index.js';
import { resourceMissing, stripeJson } from './errors.js';
import { STRIPE_PATHS } from '../generated/paths.js';
import { expand, expandParam, listResponse } from './read.js';

/** A url template's parameters (`{account}`), the object's own `{id}` excluded. */
function parentFields(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!).filter((name) => name !== 'id');
}

/** The id a field holds, expanded or not. */
function idOf(value: unknown): unknown {
  return isPlainObject(value) ? value.id : value;
}

/** The object names every parent in the url: a field it has must match (one it lacks does not forbid). */
function underParents(object: Obj, fields: readonly string[], params: Readonly<Record<string, unknown>>): boolean {
  return fields.every((field) => !(field in object) || idOf(object[field]) === params[field]);
}

/** Whether a url is a singleton's (no `{id}` of its own): its objects are keyed by their path. */
export function isSingleton(template: string): boolean {
  return !template.endsWith('{id}');
}

/**
 * The world key of a singleton object: its url with each `{field}` filled from the object
 * (`/v1/customers/{customer}/cash_balance` → `/v1/customers/cus_123/cash_balance`), or
 * `undefined` when the object lacks one.
 * @example
 * singletonKey('cash_balance', { object: 'cash_balance', customer: 'cus_1' }); // '/v1/customers/cus_1/cash_balance'
 */
export function singletonKey(kind: string, object: Obj): string | undefined {
  const template = STRIPE_PATHS[kind]?.urls.find(isSingleton);
  if (!template) return undefined;
  let missing = false;
  const key = template.replace(/\{(\w+)\}/g, (_m, field: string) => {
    const value = idOf(object[field]);
    if (typeof value !== 'string') missing = true;
    return String(value);
  });
  return missing ? undefined : key;
}

/** Kinds whose retrieved deleted objects are Stripe's deleted stub rather than a 404. */
export function answersDeletedStub(kind: string): boolean {
  return STRIPE_PATHS[kind]?.stub === 1;
}

/** Every kind the table serves. */
export const STRIPE_PATH_KINDS: readonly string[] = Object.keys(STRIPE_PATHS);

/** `GET <template>`: the first of `kinds` holding the id (or the singleton's path) under the url's parents. */
function retrieveAt(kinds: readonly string[], template: string): RouteHandler {
  const fields = parentFields(template);
  const singleton = isSingleton(template);
  // "No such source: 'card_…'" where kinds share a url, else the kind.
  const noun = kinds.length === 1 ? kinds[0]! : /(\w+?)s?\/\{id\}$/.exec(template)![1]!;
  return (request, params, world) => {
    const url = new URL(request.url);
    const key = singleton ? url.pathname : String(params.id);
    for (const kind of kinds) {
      const object = world.get('stripe', kind, key);
      if (object && underParents(object, fields, params)) return stripeJson(expand(world, object, expandParam(decodeForm(url.searchParams))));
    }
    return resourceMissing(noun, key);
  };
}

/** `GET <collection>`: the objects of `kinds` under the url's parents, newest first. */
function listAt(kinds: readonly string[], template: string): RouteHandler {
  const fields = parentFields(template);
  return (request, params, world) => {
    const items = kinds
      .flatMap((kind) => world.list('stripe', kind))
      .filter((object) => object.deleted !== true && fields.every((field) => idOf(object[field]) === params[field]))
      .sort((a, b) => Number(b.created ?? 0) - Number(a.created ?? 0));
    return listResponse(world, request, items, new URL(request.url).pathname);
  };
}

/** msw's `:param` form of a url template. */
const routePath = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

/** A route's method and path with its parameters unnamed, to compare routes. */
export const routeKey = (method: string, path: string): string => `${method} ${path.replace(/:\w+/g, ':')}`;

/**
 * The GET routes of every kind in the table (retrieve, and list where stripe-node lists), except
 * those `taken` (`routeKey`s of the mock's hand-written routes, which answer from the same kinds).
 */
export function pathRoutes(taken: ReadonlySet<string>): { path: string; resolver: RouteHandler }[] {
  const retrieves = new Map<string, string[]>();
  const lists = new Map<string, string[]>();
  for (const [kind, facts] of Object.entries(STRIPE_PATHS)) {
    for (const url of facts.urls) retrieves.set(url, [...(retrieves.get(url) ?? []), kind]);
    for (const url of facts.lists ?? []) lists.set(url, [...(lists.get(url) ?? []), kind]);
  }
  const routes: { path: string; resolver: RouteHandler }[] = [];
  const add = (template: string, resolver: RouteHandler): void => {
    const path = routePath(template);
    if (!taken.has(routeKey('GET', path))) routes.push({ path, resolver });
  };
  // Lists first: `/v1/customers/:customer/sources` must not be read as a retrieve of `sources`.
  for (const [url, kinds] of lists) add(url, listAt(kinds, url));
  for (const [url, kinds] of retrieves) add(url, retrieveAt(kinds, url));
  return routes;
}
