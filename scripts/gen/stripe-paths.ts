/**
 * Where the Stripe API serves each resource a snapshot event carries: reads stripe-node's resource
 * classes (the `retrieve*`, `list*` and `del*` methods' return types from the `.d.ts`, their request
 * paths from the `.js`) and writes `src/providers/stripe/generated/paths.ts`, per `object` tag of a
 * snapshot event's `data.object`: the retrieve url(s), which have a list endpoint, and whether a
 * deleted object still answers with Stripe's deleted stub (`Customer | DeletedCustomer`).
 */
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { generatedHeader, writeModule } from './shapes.js';
import { SNAPSHOT_EVENTS, awaited, checker, getPath, objectTag, program, propType, resourceMethods } from './stripe-thin.js';

const ROOT = resolve(import.meta.dirname, '../..');
const OUT = join(ROOT, 'src/providers/stripe/generated');

/** What the API mock needs of one resource kind. */
export interface StripePathFacts {
  /** Retrieve urls: `{field}` for a parent (the object's field holding its id), `{id}` for the object's own id last, none for a singleton; empty for a kind only listed. */
  readonly urls: readonly string[];
  /** The list endpoints of `urls`' collections (the url without its `/{id}`) that stripe-node calls. */
  readonly lists?: readonly string[];
  /** Retrieving a deleted object answers `{ id, object, deleted: true }` rather than 404. */
  readonly stub?: 1;
}

/**
 * A parent parameter's object field: `customerId` → `customer`; a bare `id` names the collection
 * before it (`/v1/customers/{id}/cash_balance` → `customer`).
 */
function fieldOf(param: string, collection: string): string {
  if (param === 'id') return collection.replace(/s$/, '');
  return param.replace(/Id$/, '').replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/** A url with its parameters named by the object fields they match, the last one `{id}` when it ends the path. */
function normalized(path: string, params: readonly string[]): string {
  let out = path;
  params.forEach((param, i) => {
    const last = i === params.length - 1 && path.endsWith(`{${param}}`);
    const collection = /\/(\w+)\/$/.exec(out.slice(0, out.indexOf(`{${param}}`)))?.[1] ?? '';
    out = out.replace(`{${param}}`, `{${last ? 'id' : fieldOf(param, collection)}}`);
  });
  return out;
}

/** `{…}` for every parameter, to compare urls whatever their parameters are called. */
const bare = (url: string): string => url.replace(/\{\w+\}/g, '{}');

/** The `object` tags of the snapshot events' `data.object`, in stripe-node's order. */
function snapshotTags(): Set<string> {
  const tags = new Set<string>();
  const file = program.getSourceFile(SNAPSHOT_EVENTS)!;
  for (const statement of file.statements) {
    if (!ts.isInterfaceDeclaration(statement) || !statement.name.text.endsWith('Event')) continue;
    const data = propType(checker.getTypeAtLocation(statement), 'data', statement);
    const object = data && propType(data, 'object', statement);
    // `customer.source.*` carries a union (`CustomerSource`): each member is a kind.
    for (const member of object?.isUnion() ? object.types : object ? [object] : []) {
      const tag = objectTag(member, statement);
      if (tag) tags.add(tag);
    }
  }
  return tags;
}

/**
 * Reads stripe-node's resource classes: each snapshot resource kind's retrieve urls (the fewest
 * parameters first), list endpoints and deleted stub.
 * @example
 * stripePaths()['person']; // { urls: ['/v1/accounts/{account}/persons/{id}'], lists: [...] }
 */
export function stripePaths(): Record<string, StripePathFacts> {
  const wanted = snapshotTags();
  const urls = new Map<string, Set<string>>();
  const stubs = new Set<string>();
  const listed = new Set<string>();
  const listOnly = new Map<string, string[]>();
  for (const { member, name, js } of resourceMethods()) {
    const found = /^(retrieve|list)/.test(name) ? getPath(js, name) : undefined;
    if (!found) continue;
    if (name.startsWith('list')) {
      listed.add(bare(found.path));
      // `ApiListPromise<SourceTransaction>`: a kind read only by listing it under its parent.
      const item = member.type && ts.isTypeReferenceNode(member.type) ? member.type.typeArguments?.[0] : undefined;
      const tag = item && objectTag(checker.getTypeFromTypeNode(item), member);
      if (tag && wanted.has(tag)) listOnly.set(tag, [...(listOnly.get(tag) ?? []), normalized(found.path, found.params)]);
      continue;
    }
    for (const result of awaited(checker.getTypeAtLocation(member))) {
      const tag = objectTag(result, member);
      if (!tag || !wanted.has(tag)) continue;
      const deleted = result.getProperty('deleted');
      if (deleted && !(deleted.flags & ts.SymbolFlags.Optional)) stubs.add(tag);
      else urls.set(tag, (urls.get(tag) ?? new Set()).add(normalized(found.path, found.params)));
    }
  }
  const params = (url: string): number => url.split('{').length - 1;
  const out: Record<string, StripePathFacts> = {};
  for (const tag of [...urls.keys()].sort()) {
    // An object with an id is read by it (`/v1/accounts/{id}`, not the platform's own `/v1/account`).
    const all = [...urls.get(tag)!].sort((a, b) => params(a) - params(b) || a.localeCompare(b));
    const own = all.filter((url) => url.endsWith('{id}'));
    const chosen = own.length > 0 ? own : all;
    const lists = chosen.filter((url) => url.endsWith('{id}')).map((url) => url.slice(0, url.lastIndexOf('/'))).filter((url) => listed.has(bare(url)));
    out[tag] = { urls: chosen, ...(lists.length > 0 ? { lists } : {}), ...(stubs.has(tag) ? { stub: 1 as const } : {}) };
  }
  for (const [tag, lists] of listOnly) if (!out[tag]) out[tag] = { urls: [], lists };
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
}

/** The text of `src/providers/stripe/generated/paths.ts`. */
export function stripePathsModule(): string {
  const facts = stripePaths();
  const lines = Object.entries(facts).map(([tag, f]) => `  ${JSON.stringify(tag)}: ${JSON.stringify(f)},`);
  return [
    generatedHeader('stripe-node 23.1 (its resource classes: retrieve, list and delete methods)'),
    '/** One resource kind: its retrieve urls (`{field}` a parent id the object holds in `field`, `{id}` its own), list endpoints, deleted stub. */',
    'export interface StripePathFacts {\n  readonly urls: readonly string[];\n  readonly lists?: readonly string[];\n  readonly stub?: 1;\n}\n',
    '/** Each kind (`object` tag) a snapshot event carries in `data.object`, where the API serves it. */',
    `export const STRIPE_PATHS: { readonly [object: string]: StripePathFacts } = {\n${lines.join('\n')}\n};\n`,
  ].join('\n');
}

/**
 * Writes `src/providers/stripe/generated/paths.ts` (or into `outDir`); returns the number of kinds.
 * @example
 * generatePaths(); // 80
 */
export function generatePaths(outDir = OUT): number {
  writeModule(join(outDir, 'paths.ts'), stripePathsModule());
  return Object.keys(stripePaths()).length;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  console.log(`stripe-paths: ${generatePaths()} resource kinds`);
}
