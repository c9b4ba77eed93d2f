/**
 * Stripe event notifications ("thin events"): reads stripe-node's V2 core events
 * (`resources/V2/Core/Events.d.ts`) with the TypeScript checker and writes
 * `src/providers/stripe/generated/thin.ts`: per notification type, the object its `related_object`
 * points at (the object tag, the retrieve url stripe-node's resources use for it, whether it is a
 * singleton), the shape of the `data` the fetched event carries, and for the related object either
 * the snapshot event type whose `data.object` is the same resource (the snapshot builder draws it)
 * or its shape read from stripe-node's interface (v2 resources, and v1 ones no snapshot event has).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from 'typescript';
import type { Shape, ShapeDefs } from '../../src/providers/shared/shape.js';
import { generatedHeader, shapeRecord, writeModule } from './shapes.js';

const ROOT = resolve(import.meta.dirname, '../..');
const STRIPE = join(ROOT, 'node_modules/stripe');
/** stripe-node's resource classes (`.d.ts` types beside the `.js` that makes the requests). */
export const RESOURCES = join(STRIPE, 'cjs/resources');
const EVENTS = join(RESOURCES, 'V2/Core/Events.d.ts');
/** stripe-node's `Stripe.Event` union (the snapshot events). */
export const SNAPSHOT_EVENTS = join(RESOURCES, 'Events.d.ts');
const OUT = join(ROOT, 'src/providers/stripe/generated');

/** What the builder needs of one notification type. */
interface ThinFacts {
  /** The related object's tag (its `object` value), when the type has a `related_object`. */
  r?: string;
  /** The `related_object` is a singleton (`{ type, url }`, no id). */
  s?: 1;
  /** The shape of the fetched event's `data`, when the type has one. */
  d?: Shape;
}

/** What the builder and the API mock need of one related object kind. */
interface RelatedFacts {
  /** The retrieve url, `{name}` for each path parameter, the object's own id last. */
  url: string;
  /** A snapshot event type whose `data.object` is this resource; the related object is drawn from it. */
  snap?: string;
  /** Otherwise: the name of its shape in `defs`. */
  shape?: string;
}

function files(dir: string, suffix: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path, suffix);
    return name.endsWith(suffix) ? [path] : [];
  });
}

/** One program over every resource `.d.ts` (shared with `stripe-paths.ts`). */
export const program = ts.createProgram([EVENTS, SNAPSHOT_EVENTS, ...files(RESOURCES, '.d.ts')], {
  noEmit: true,
  skipLibCheck: true,
  types: [],
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
});
/** The program's type checker. */
export const checker = program.getTypeChecker();

/** A stable key for an interface declaration: its file and qualified name. */
function declKey(type: ts.Type): string | undefined {
  const symbol = type.aliasSymbol ?? type.getSymbol();
  const decl = symbol?.declarations?.[0];
  if (!symbol || !decl) return undefined;
  return `${relative(RESOURCES, decl.getSourceFile().fileName)}#${checker.getFullyQualifiedName(symbol).replace(/^".*"\./, '')}`;
}

export function propType(type: ts.Type, name: string, at: ts.Node): ts.Type | undefined {
  const prop = type.getProperty(name);
  return prop ? checker.getTypeOfSymbolAtLocation(prop, at) : undefined;
}

/** The types `T` of a method returning `Promise<T>` (or `Promise<Response<T>>`), a union's members each. */
export function awaited(method: ts.Type): ts.Type[] {
  const signature = method.getCallSignatures()[0];
  const inner = signature && checker.getAwaitedType(signature.getReturnType());
  if (!inner) return [];
  // Response<T> = T & { lastResponse: … }: keep the member that is not the response info.
  const strip = (t: ts.Type): ts.Type | undefined => (t.isIntersection() ? t.types.find((m) => !m.getProperty('lastResponse')) : t);
  const members = inner.isUnion() ? inner.types : [inner];
  return members.map(strip).filter((t): t is ts.Type => t !== undefined);
}

/** The `object` tag of a resource interface. */
export function objectTag(type: ts.Type, at: ts.Node): string | undefined {
  const object = propType(type, 'object', at);
  return object?.isStringLiteral() ? object.value : undefined;
}

// ---- retrieve urls: every `retrieve*` method of every resource class, with its path from the .js ----

/** A method of one of stripe-node's resource classes, with the compiled JS of its file. */
export interface ResourceMethod {
  readonly file: ts.SourceFile;
  readonly member: ts.MethodDeclaration;
  readonly name: string;
  readonly js: string;
}

/** Every method of every resource class under `resources/` (the events union's file aside), with its file's JS. */
export function* resourceMethods(): Generator<ResourceMethod> {
  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(RESOURCES) || file.fileName === SNAPSHOT_EVENTS) continue;
    let js: string;
    try {
      js = readFileSync(file.fileName.replace(/\.d\.ts$/, '.js'), 'utf8');
    } catch {
      continue;
    }
    for (const statement of file.statements) {
      if (!ts.isClassDeclaration(statement)) continue;
      for (const member of statement.members) {
        if (ts.isMethodDeclaration(member) && member.name && ts.isIdentifier(member.name)) yield { file, member, name: member.name.text, js };
      }
    }
  }
}

/** The GET path a method of `js` requests (`/v1/accounts/{account}/persons/{person}`) and its parameters, in order. */
export function getPath(js: string, method: string): { path: string; params: string[] } | undefined {
  const body = new RegExp(`\\n    ${method}\\(([^)]*)\\) \\{\\n([\\s\\S]*?)\\n    \\}\\n`).exec(js);
  const raw = body && /_makeRequest\('GET', [`']([^`']+)[`']/.exec(body[2]!)?.[1];
  if (!raw) return undefined;
  const params: string[] = [];
  const path = raw.replace(/\$\{encodeURIComponent\((\w+)\)\}/g, (_m, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path, params };
}

const retrieveUrls = new Map<string, string[]>();
for (const { member, name, js } of resourceMethods()) {
  if (!name.startsWith('retrieve')) continue;
  // The method's first GET request: an account's is `/v1/accounts/{id}` (its `retrieve` asks for
  // `/v1/account`, the platform's own, only without an id).
  const url = getPath(js, name)?.path;
  if (!url) continue;
  for (const result of awaited(checker.getTypeAtLocation(member))) {
    const key = declKey(result);
    if (!key) continue;
    retrieveUrls.set(key, [...(retrieveUrls.get(key) ?? []), url]);
  }
}

/**
 * The url of a related object: the fewest path parameters win (`/v1/tax_ids/{id}` over
 * `/v1/customers/{customerId}/tax_ids/{id}`), but an object with an id needs one for it
 * (`/v1/accounts/{id}`, not the platform's own `/v1/account`).
 */
function urlFor(key: string, singleton: boolean): string | undefined {
  const params = (url: string): number => url.split('{').length - 1;
  const usable = (retrieveUrls.get(key) ?? []).filter((url) => singleton || url.endsWith('}'));
  return usable.sort((a, b) => params(a) - params(b) || a.length - b.length)[0];
}

/** Urls no `retrieve*` method states: the customer's discount is read through its customer. */
const KNOWN_URLS: Readonly<Record<string, string>> = { discount: '/v1/customers/{customer}/discount' };

// ---- snapshot events: which event types carry which resource in `data.object` ----

const snapshotsOf = new Map<string, string[]>();
const snapshotFile = program.getSourceFile(SNAPSHOT_EVENTS)!;
for (const statement of snapshotFile.statements) {
  if (!ts.isInterfaceDeclaration(statement) || !statement.name.text.endsWith('Event')) continue;
  const type = checker.getTypeAtLocation(statement);
  const literal = propType(type, 'type', statement);
  const data = propType(type, 'data', statement);
  const object = data && propType(data, 'object', statement);
  const key = object && declKey(object);
  if (!literal?.isStringLiteral() || !key) continue;
  snapshotsOf.set(key, [...(snapshotsOf.get(key) ?? []), literal.value]);
}

/** The snapshot type to draw a thin type's related object from: its own name when that carries the resource. */
function snapshotFor(thinType: string, key: string): string | undefined {
  const candidates = snapshotsOf.get(key);
  if (!candidates) return undefined;
  const own = thinType.replace(/^v1\./, '');
  if (candidates.includes(own)) return own;
  return candidates.find((t) => t.endsWith('.updated')) ?? candidates[0];
}

// ---- shapes of TypeScript types ----

const defs: Record<string, Shape> = {};
const naming = new Map<string, string>();

/** Keys whose strings are times in API v2 (ISO 8601), by name. */
const TIME_KEY = /(^|_)(created|updated|validation_start|validation_end|expires_at|at)$|_at$/;

function shapeOf(type: ts.Type, at: ts.Node, key: string, depth: number): Shape {
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const nullable = members.length < type.types.length && type.types.some((t) => t.flags & ts.TypeFlags.Null);
    const literals = members.filter((t) => t.isStringLiteral()).map((t) => (t as ts.StringLiteralType).value);
    let inner: Shape;
    if (literals.length > 0 && members.every((t) => t.isStringLiteral() || t.flags & ts.TypeFlags.String || t.isIntersection())) {
      inner = literals.length === 1 ? { const: literals[0]! } : { enum: literals };
    } else if (members.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) {
      inner = 'boolean';
    } else {
      // Expandable<T> = string | T: the id string is what an unexpanded field holds.
      const preferred = members.find((t) => t.flags & ts.TypeFlags.String) ?? members[0]!;
      inner = shapeOf(preferred, at, key, depth);
    }
    return nullable ? { nullable: inner } : inner;
  }
  if (type.flags & ts.TypeFlags.Null) return 'null';
  if (type.isStringLiteral()) return { const: type.value };
  if (type.isNumberLiteral()) return { const: type.value };
  if (type.flags & ts.TypeFlags.BooleanLiteral) return 'boolean';
  if (type.flags & ts.TypeFlags.String || type.isIntersection()) return TIME_KEY.test(key) ? { format: 'date-time' } : 'string';
  if (type.flags & ts.TypeFlags.Number) return 'integer';
  if (type.flags & ts.TypeFlags.Boolean) return 'boolean';
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
  if (checker.isArrayType(type)) {
    const item = checker.getTypeArguments(type as ts.TypeReference)[0]!;
    return { items: shapeOf(item, at, key, depth + 1) };
  }
  if (type.flags & ts.TypeFlags.Object) {
    if (checker.getIndexInfosOfType(type).length > 0 && type.getProperties().length === 0) return 'map';
    const name = declKey(type);
    if (name && depth > 0) return { ref: defName(type, at, name) };
    return objectShape(type, at, depth);
  }
  return 'any';
}

function objectShape(type: ts.Type, at: ts.Node, depth: number): Shape {
  const props: Record<string, Shape> = {};
  const optional: string[] = [];
  for (const prop of type.getProperties()) {
    const decl = prop.valueDeclaration;
    if (decl && (ts.isMethodSignature(decl) || ts.isMethodDeclaration(decl))) continue;
    const propType = checker.getTypeOfSymbolAtLocation(prop, at);
    if (propType.getCallSignatures().length > 0) continue;
    props[prop.name] = shapeOf(propType, at, prop.name, depth + 1);
    if (prop.flags & ts.SymbolFlags.Optional) optional.push(prop.name);
  }
  return optional.length > 0 ? { props, optional } : { props };
}

/** The def name of an interface: its qualified name without the file, made unique. */
function defName(type: ts.Type, at: ts.Node, key: string): string {
  const known = naming.get(key);
  if (known) return known;
  const base = key.split('#')[1]!.replace(/^Stripe\./, '');
  let name = base;
  for (let i = 2; Object.values(Object.fromEntries(naming)).includes(name); i++) name = `${base}${i}`;
  naming.set(key, name);
  defs[name] = 'any';
  defs[name] = objectShape(type, at, 1);
  return name;
}

/**
 * `defs` with structurally identical defs merged into one (an account's `requirements` and
 * `future_requirements` share every nested type), refs in `thin` and `related` renamed to match.
 */
function dedupe(all: Record<string, Shape>, thin: Record<string, ThinFacts>, related: Record<string, RelatedFacts>): ShapeDefs {
  let current = all;
  for (;;) {
    const byText = new Map<string, string>();
    const rename = new Map<string, string>();
    for (const name of Object.keys(current).sort((a, b) => a.length - b.length || a.localeCompare(b))) {
      const text = JSON.stringify(current[name]);
      const same = byText.get(text);
      if (same) rename.set(name, same);
      else byText.set(text, name);
    }
    if (rename.size === 0) return current;
    const swap = (text: string): string => text.replace(/\{"ref":"([^"]+)"\}/g, (ref, name: string) => (rename.has(name) ? JSON.stringify({ ref: rename.get(name) }) : ref));
    const next: Record<string, Shape> = {};
    for (const [name, shape] of Object.entries(current)) if (!rename.has(name)) next[name] = JSON.parse(swap(JSON.stringify(shape))) as Shape;
    for (const facts of Object.values(thin)) if (facts.d) facts.d = JSON.parse(swap(JSON.stringify(facts.d))) as Shape;
    for (const facts of Object.values(related)) if (facts.shape && rename.has(facts.shape)) facts.shape = rename.get(facts.shape);
    current = next;
  }
}

/** A record of plain data as TypeScript source, one entry a line, in the given order. */
function record(name: string, type: string, entries: Readonly<Record<string, unknown>>): string {
  const lines = Object.entries(entries).map(([key, value]) => `  ${JSON.stringify(key)}: ${JSON.stringify(value)},`);
  return `export const ${name}: ${type} = {\n${lines.join('\n')}\n};\n`;
}

// ---- the notification types ----

const eventsFile = program.getSourceFile(EVENTS)!;
const interfaces = new Map<string, ts.InterfaceDeclaration>();
for (const statement of eventsFile.statements) if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);

/** The members of the `EventNotification` union, in stripe-node's order. */
function notificationNames(): string[] {
  for (const statement of eventsFile.statements) {
    if (ts.isTypeAliasDeclaration(statement) && statement.name.text === 'EventNotification' && ts.isUnionTypeNode(statement.type)) {
      return statement.type.types.map((node) => node.getText(eventsFile));
    }
  }
  throw new Error('stripe-thin: no EventNotification union in ' + EVENTS);
}

/**
 * Writes `thin-types.ts` (the list the catalog reads) and `thin.ts` (what the builder and the API
 * mock read, loaded lazily) into `src/providers/stripe/generated/` (or `outDir`); returns the number of types.
 * @example
 * generateThin(); // 326
 */
export function generateThin(outDir = OUT): number {
  const thin: Record<string, ThinFacts> = {};
  const related: Record<string, RelatedFacts> = {};
  for (const name of notificationNames()) {
    const decl = interfaces.get(name);
    if (!decl) throw new Error(`stripe-thin: ${name} is not declared`);
    const type = checker.getTypeAtLocation(decl);
    const literal = propType(type, 'type', decl);
    if (!literal?.isStringLiteral()) throw new Error(`stripe-thin: ${name} has no literal type`);
    const facts: ThinFacts = {};
    const relatedObject = propType(type, 'related_object', decl);
    if (relatedObject) {
      const fetch = propType(type, 'fetchRelatedObject', decl);
      const target = fetch && awaited(fetch)[0];
      const key = target && declKey(target);
      const tag = target && objectTag(target, decl);
      if (!key || !tag) throw new Error(`stripe-thin: ${name}'s related object has no resource`);
      facts.r = tag;
      if (!relatedObject.getProperty('id')) facts.s = 1;
      const url = urlFor(key, facts.s === 1) ?? KNOWN_URLS[tag];
      if (!url) throw new Error(`stripe-thin: no retrieve url for ${key}`);
      const entry: RelatedFacts = (related[tag] ??= { url });
      const snap = snapshotFor(literal.value, key);
      if (snap) entry.snap ??= snap;
      else entry.shape ??= defName(target, decl, key);
    }
    const event = interfaces.get(name.replace(/Notification$/, ''));
    const data = event && propType(checker.getTypeAtLocation(event), 'data', event);
    if (data) facts.d = objectShape(data, event, 0);
    thin[literal.value] = facts;
  }
  const types = Object.keys(thin);
  const shapes = dedupe(defs, thin, related);
  const facts = Object.fromEntries(types.map((type) => [type, { r: thin[type]!.r, s: thin[type]!.s }]));
  const urls = Object.fromEntries(Object.entries(related).map(([tag, r]) => [tag, r.url]));
  const data = Object.fromEntries(types.filter((type) => thin[type]!.d).map((type) => [type, thin[type]!.d!]));
  const sources = Object.fromEntries(Object.entries(related).map(([tag, r]) => [tag, r.snap !== undefined ? { snap: r.snap } : { shape: r.shape! }]));
  const source = 'stripe-node 23.1 (resources/V2/Core/Events.d.ts, the resources it fetches)';
  writeModule(
    join(outDir, 'thin-types.ts'),
    [
      generatedHeader(source),
      `/** The ${types.length} notification types of stripe-node's \`V2.EventNotification\` union, in its order. */`,
      `export const thinEventTypes = ${JSON.stringify(types, null, 2).replace(/"/g, "'")} as const;\n`,
      '/** Each related object tag\'s retrieve url: `{param}`s, the object\'s own id last (`{id}`). */',
      record('relatedUrls', '{ readonly [tag: string]: string }', urls),
    ].join('\n'),
  );
  writeModule(
    join(outDir, 'thin.ts'),
    [
      generatedHeader(source),
      '/** One notification type: `r` its related object tag, `s` when that object is a singleton (`{ type, url }`, no id). */',
      'export interface ThinFacts {\n  readonly r?: string;\n  readonly s?: 1;\n}\n',
      record('thin', '{ readonly [type: string]: ThinFacts }', facts),
    ].join('\n'),
  );
  writeModule(
    join(outDir, 'thin-fetch.ts'),
    [
      generatedHeader(source),
      "import type { Shape, ShapeDefs } from '../../shared/shape.js';\n",
      '/** The shape of the fetched event\'s `data`, for the types that have one. */',
      shapeRecord('eventData', '{ readonly [type: string]: Shape }', data),
      '/** Where each related object is drawn from: a snapshot event type whose `data.object` it is, or a def. */',
      record('relatedSources', '{ readonly [tag: string]: { readonly snap: string } | { readonly shape: string } }', sources),
      shapeRecord('defs', 'ShapeDefs', shapes),
    ].join('\n'),
  );
  writeModule(join(outDir, 'thin-data-types.ts'), dataTypesModule(source, thin));
  return types.length;
}

/**
 * The type of what a notification's `data` override merges into (the notification itself), per
 * type, for `buildDelivery`'s typed `data`: `StripeThinEventData`.
 */
function dataTypesModule(source: string, thin: Readonly<Record<string, ThinFacts>>): string {
  const variant = (facts: ThinFacts): string => (facts.r === undefined ? 'StripeThinNotification' : facts.s ? 'StripeThinNotificationOfSingleton' : 'StripeThinNotificationOfObject');
  const lines = Object.keys(thin).map((type) => `  ${JSON.stringify(type)}: ${variant(thin[type]!)};`);
  return [
    generatedHeader(source),
    '/** An event notification as delivered (what a `data` override of one merges into). */',
    'export interface StripeThinNotification {',
    '  id: string;',
    "  object: 'v2.core.event';",
    '  type: string;',
    '  livemode: boolean;',
    '  created: string;',
    '  context?: string;',
    "  reason?: { type: 'request' | (string & Record<never, never>); request?: { id: string; idempotency_key: string } };",
    '}\n',
    '/** A notification pointing at an object with an id. */',
    'export interface StripeThinNotificationOfObject extends StripeThinNotification {',
    '  related_object: { id: string; type: string; url: string };',
    '}\n',
    '/** A notification pointing at a singleton (a balance, a customer\'s discount): no id. */',
    'export interface StripeThinNotificationOfSingleton extends StripeThinNotification {',
    '  related_object: { type: string; url: string };',
    '}\n',
    '/** Each notification type\'s `data` target. */',
    `export interface StripeThinEventData {\n${lines.join('\n')}\n}\n`,
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  console.log(`stripe-thin: ${generateThin()} notification types`);
}
