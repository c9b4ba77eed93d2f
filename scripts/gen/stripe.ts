/**
 * `npm run gen stripe`: reads stripe-node's `Stripe.Event` union (`stripe/cjs/resources/Events.d.ts`)
 * with the TypeScript compiler and writes, for each of its snapshot event types, the shape of the
 * resource in `data.object`:
 *
 * - `src/providers/stripe/generated/shapes.ts`: the shapes the payload builder walks (keys a webhook
 *   carries: required keys, plus the optional keys Stripe's fixtures show at the resource's top level);
 * - `src/providers/stripe/generated/data-types.ts`: `StripeEventData`, every key as stripe-node types it;
 * - `src/providers/stripe/generated/ids.ts`: id prefixes per `object` name (from Stripe's OpenAPI
 *   fixtures) and the resource each expandable key (`customer`, `latest_charge`) names.
 * - `test/providers/generated/stripe-fixture-keys.ts`: per `object` name, the keys of its fixture, for tests.
 *
 * Stripe's fixtures are not on npm: they are read from a local git snapshot of `stripe/openapi`
 * (`STRIPE_OPENAPI_REPO`, or the first argument after `stripe`), at `STRIPE_OPENAPI_REF` (default
 * `master`). Without a snapshot, the committed `ids.ts` and fixture keys are kept as they are.
 * stripe-node 23.1 was generated from OpenAPI `v2596`; the snapshot these modules were made from
 * ends at tag `v2436` (commit f6c2a48f, 2026-08-21, fixtures last changed 2026-07-29), so its
 * fixtures stand in for the pinned version's: the one key they have that stripe-node no longer
 * types (`invoice.subscription`) is listed in `NOT_IN_STRIPE_NODE`.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import type { Shape } from '../../src/providers/shared/shape.js';
import { generatedHeader, shapesModule, typesModule, writeModule } from './shapes.js';
import { fixtureDepth, keyTree, type FixtureDepth, type KeyTree } from './stripe-fixtures.js';
import { generatePaths } from './stripe-paths.js';
import { generateThin } from './stripe-thin.js';

const root = path.resolve(import.meta.dirname, '../..');
const DEFAULT_SNAPSHOT = '/work/.mirror/stripe+openapi/repo';

type Props = Record<string, Shape>;
interface ObjectShape {
  props: Props;
  optional?: string[];
}

/** What the walk over stripe-node's types collects. */
interface Collected {
  readonly defs: Record<string, ObjectShape>;
  readonly events: Record<string, Shape>;
  /** Expandable key → the `object` names of the resources it may name, in declaration order. */
  readonly expandable: Map<string, string[]>;
  /** `Def.key` → the `object` name of the resource that expandable field names. */
  readonly fieldTargets: Map<string, string>;
  /** `Def.key` of every property stripe-node types as its `Decimal` (decimal strings on the wire). */
  readonly decimals: Set<string>;
}

/** Reads stripe-node's types into shapes. Exported for the up-to-date test. */
export function readStripeTypes(): Collected & { version: string } {
  const stripeDir = path.join(root, 'node_modules/stripe');
  const version = (JSON.parse(readFileSync(path.join(stripeDir, 'package.json'), 'utf8')) as { version: string }).version;
  const resources = path.join(stripeDir, 'cjs/resources');
  const eventsFile = path.join(resources, 'Events.d.ts');
  const program = ts.createProgram([eventsFile], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    types: [],
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(eventsFile)!;
  let union: ts.Type | undefined;
  ts.forEachChild(source, (node) => {
    if (ts.isTypeAliasDeclaration(node) && node.name.text === 'Event') union = checker.getTypeAtLocation(node.name);
  });
  if (!union?.isUnion()) throw new Error('gen stripe: no `Event` union in stripe/cjs/resources/Events.d.ts');

  const defs: Record<string, ObjectShape> = {};
  const names = new Map<ts.Type, string>();
  const taken = new Map<string, ts.Type>();
  const expandable = new Map<string, string[]>();
  const fieldTargets = new Map<string, string>();
  const decimals = new Set<string>();

  const propType = (type: ts.Type, key: string): ts.Type | undefined => {
    const symbol = type.getProperty(key);
    return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
  };
  const objectName = (type: ts.Type): string | undefined => {
    const object = propType(type, 'object');
    return object?.isStringLiteral() ? object.value : undefined;
  };

  /** `Checkout.Session.AutomaticTax` for `Session.AutomaticTax` declared in `resources/Checkout/Sessions.d.ts`. */
  const defName = (type: ts.Type): string => {
    const symbol = type.getSymbol()!;
    const declaration = symbol.declarations![0]!;
    const dir = path.relative(resources, path.dirname(declaration.getSourceFile().fileName));
    const qualified = checker.getFullyQualifiedName(symbol).replace(/^"[^"]*"\./, '');
    const base = dir && !dir.startsWith('..') ? `${dir.split(path.sep).join('.')}.${qualified}` : qualified;
    let name = base;
    for (let i = 2; taken.has(name) && taken.get(name) !== type; i++) name = `${base}${i}`;
    taken.set(name, type);
    return name;
  };

  const isNamed = (type: ts.Type, name: string): boolean => {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    return symbol?.getName() === name;
  };

  const shapeOf = (type: ts.Type, key: string): Shape => {
    if (isNamed(type, 'Decimal')) return 'string';
    if (type.isUnion()) {
      const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
      const nullable = members.length < type.types.length && type.types.some((t) => t.flags & ts.TypeFlags.Null);
      const inner = unionShape(members, key);
      return nullable ? { nullable: inner } : inner;
    }
    return single(type, key);
  };

  const unionShape = (members: ts.Type[], key: string): Shape => {
    if (members.length === 1) return single(members[0]!, key);
    if (members.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) return 'boolean';
    if (members.every((t) => t.isStringLiteral())) return { enum: members.map((t) => (t as ts.StringLiteralType).value) };
    // `'a' | 'b' | OtherString`: Stripe's open enums, values the SDK lists first.
    const open = members.filter((t) => isNamed(t, 'OtherString'));
    const literals = members.filter((t) => t.isStringLiteral());
    if (open.length > 0 && literals.length + open.length === members.length) {
      return { anyOf: [{ enum: literals.map((t) => (t as ts.StringLiteralType).value) }, 'string'] };
    }
    const objects = members.filter((t) => t.flags & ts.TypeFlags.Object && !checker.isArrayType(t));
    if (members.some((t) => t.flags & ts.TypeFlags.String) && objects.length > 0) {
      // An expandable field: webhooks carry the id; remember which resource it names.
      const targets = expandable.get(key) ?? [];
      for (const target of objects) {
        const object = objectName(target);
        if (object !== undefined && !object.startsWith('deleted') && !targets.includes(object)) targets.push(object);
      }
      expandable.set(key, targets);
      return 'string';
    }
    const branches = members.filter((t) => !(t.flags & ts.TypeFlags.BooleanLiteral)).map((t) => single(t, key));
    if (members.some((t) => t.flags & ts.TypeFlags.BooleanLiteral)) branches.push('boolean');
    const unique = [...new Map(branches.map((b) => [JSON.stringify(b), b])).values()];
    return unique.length === 1 ? unique[0]! : { anyOf: unique };
  };

  const single = (type: ts.Type, key: string): Shape => {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
    if (type.flags & ts.TypeFlags.String || isNamed(type, 'OtherString')) return 'string';
    if (type.flags & ts.TypeFlags.Number) return /percent|rate|ratio|latitude|longitude|_off$|score/.test(key) ? 'number' : 'integer';
    if (type.flags & ts.TypeFlags.Boolean || type.flags & ts.TypeFlags.BooleanLiteral) return 'boolean';
    if (type.isStringLiteral()) return { const: type.value };
    if (type.isNumberLiteral()) return { const: type.value };
    if (type.flags & ts.TypeFlags.Null) return 'null';
    if (isNamed(type, 'Decimal')) return 'string';
    if (isNamed(type, 'Metadata')) return 'map';
    if (checker.isArrayType(type)) return { items: shapeOf(checker.getTypeArguments(type as ts.TypeReference)[0]!, key) };
    if (type.flags & ts.TypeFlags.Object) {
      const properties = checker.getPropertiesOfType(type);
      if (properties.length === 0) return 'map';
      // Generic instantiations (`ApiList<Refund>`) are written inline; named interfaces become defs.
      const generic = (type as ts.TypeReference).typeArguments?.length ?? 0;
      if (generic > 0 || (type.getSymbol()?.getName() ?? '__type') === '__type') return objectShape(type, '*');
      let name = names.get(type);
      if (name === undefined) {
        name = defName(type);
        names.set(type, name);
        defs[name] = { props: {} };
        defs[name] = objectShape(type, name);
      }
      return { ref: name };
    }
    throw new Error(`gen stripe: no shape for type ${checker.typeToString(type)} at ${key}`);
  };

  const objectShape = (type: ts.Type, owner: string): ObjectShape => {
    const props: Props = {};
    const optional: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const key = property.getName();
      const declared = checker.getTypeOfSymbol(property);
      // `deleted?: void`: stripe-node's marker that the live resource never has the key.
      if ((declared.isUnion() ? declared.types : [declared]).every((t) => t.flags & (ts.TypeFlags.Void | ts.TypeFlags.Undefined))) continue;
      props[key] = documentedValues(shapeOf(declared, key), key, ts.displayPartsToString(property.getDocumentationComment(checker)));
      const members = declared.isUnion() ? declared.types : [declared];
      if (members.some((t) => isNamed(t, 'Decimal'))) decimals.add(`${owner}.${key}`);
      if (members.some((t) => t.flags & ts.TypeFlags.String)) {
        const target = members.map(objectName).find((name) => name !== undefined && !name.startsWith('deleted'));
        if (target !== undefined) fieldTargets.set(`${owner}.${key}`, target);
      }
      if (property.flags & ts.SymbolFlags.Optional) optional.push(key);
    }
    return optional.length > 0 ? { props, optional } : { props };
  };

  const events: Record<string, Shape> = {};
  for (const member of union.types) {
    const type = propType(member, 'type');
    const data = propType(member, 'data');
    const object = data && propType(data, 'object');
    if (!type?.isStringLiteral() || !object) throw new Error(`gen stripe: ${checker.typeToString(member)} has no type literal or data.object`);
    events[type.value] = shapeOf(object, 'object');
  }
  return { defs, events, expandable, fieldTargets, decimals, version };
}

/** The phrases that open a closed list of values in stripe-node's property docs (from the OpenAPI descriptions). */
const LISTING = /\b(?:possible values(?: [a-z ]+?)? are|one of|either|can (?:only )?be|may be|must be|values? (?:are|is)|examples include)\b|[a-z]: (?=`)/i;

/**
 * The values a property's doc lists as its closed set (`Possible values are \`unverified\`,
 * \`pending\`, or \`verified\`.`), read from the sentence that lists them, parentheticals and the
 * key itself left out; `undefined` unless at least two are listed.
 */
export function listedValues(doc: string, key: string): string[] | undefined {
  for (const sentence of doc.replace(/\([^()]*\)/g, '').split(/(?<=\.)\s+(?=[A-Z])/)) {
    const opened = LISTING.exec(sentence);
    if (!opened) continue;
    const values = [...sentence.slice(opened.index).matchAll(/`([a-z][a-z0-9_]*)`/g)].map((match) => match[1]!).filter((value) => value !== key);
    const unique = [...new Set(values)];
    if (unique.length >= 2) return unique;
  }
  // Else examples the doc gives in a parenthetical: `(for example, \`csv\`, \`pdf\`, …)`.
  const examples = /\((?:for example|e\.g\.),? ([^()]*)\)/i.exec(doc)?.[1] ?? '';
  const listed = [...new Set([...examples.matchAll(/`([a-z][a-z0-9_]*)`/g)].map((match) => match[1]!))];
  return listed.length >= 2 ? listed : undefined;
}

/**
 * A plain `string` property whose doc lists its values becomes an open enum of them, as stripe-node
 * types its other open enums (`'a' | 'b' | OtherString`): the types module keeps `string`, the
 * builder draws from the listed values.
 */
function documentedValues(shape: Shape, key: string, doc: string): Shape {
  const inner = typeof shape === 'object' && 'nullable' in shape ? shape.nullable : shape;
  if (inner !== 'string') return shape;
  const values = listedValues(doc, key);
  if (values === undefined) return shape;
  const open: Shape = { anyOf: [{ enum: values }, 'string'] };
  return inner === shape ? open : { nullable: open };
}

/** Per fixture resource: its `object` name, id prefix (when its id has one) and top-level keys. */
export interface FixtureFacts {
  readonly object: string;
  readonly prefix?: string;
  /** The id has a 14-character random body (`cus_QXg1o8vcGmoR32`) rather than the 24-character timed form. */
  readonly short?: boolean;
  readonly keys: readonly string[];
  /** The fixture's keys at every depth. */
  readonly tree?: KeyTree;
}

/** The facts of Stripe's OpenAPI fixtures (`openapi/fixtures3.json`) at `ref` in the `repo` snapshot. */
export function readFixtures(repo: string, ref: string): { commit: string; facts: Record<string, FixtureFacts> } {
  const git = (...args: string[]) => execFileSync('git', ['-C', repo, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const commit = git('rev-parse', ref).trim();
  const fixtures = JSON.parse(git('show', `${commit}:openapi/fixtures3.json`)) as { resources: Record<string, Record<string, unknown>> };
  const facts: Record<string, FixtureFacts> = {};
  // A resource's own fixture first (`price`), then others of the same object; deleted stubs are not the resource.
  const entries = Object.entries(fixtures.resources).sort(([a, x], [b, y]) => Number(b === y.object) - Number(a === x.object));
  for (const [, resource] of entries) {
    const object = resource.object;
    if (typeof object !== 'string' || object in facts || resource.deleted === true) continue;
    const id = typeof resource.id === 'string' ? resource.id : '';
    // `pi_1Pgaf…`, `cs_test_a1…`, `sub_sched_1…`; placeholders (`obj_123`) and names (`card_payments`) have none.
    const match = /^([a-z][a-z_]*)_[0-9A-Za-z]{12,}$/.exec(id);
    const short = match !== null && id.length - match[1]!.length - 1 === 14;
    facts[object] = { object, ...(match ? { prefix: match[1]! } : {}), ...(short ? { short } : {}), keys: Object.keys(resource).sort(), tree: keyTree(resource) ?? {} };
  }
  return { commit, facts };
}

/**
 * The shapes the builder walks: each def keeps its required keys, and its optional keys only where
 * the fixture of the resource it describes shows them (stripe-node marks includable and preview
 * fields optional; Stripe leaves them out of webhooks).
 */
export function runtimeDefs(defs: Record<string, ObjectShape>, facts: Record<string, FixtureFacts>, depth?: FixtureDepth): Record<string, ObjectShape> {
  const out: Record<string, ObjectShape> = {};
  for (const [name, def] of Object.entries(defs)) {
    const object = def.props.object;
    const fixture = object && typeof object === 'object' && 'const' in object ? facts[String(object.const)] : undefined;
    // The keys the resource's fixture shows, and those any fixture shows wherever the def is nested:
    // the walk draws both, but the second stay optional in the shape (another variant or state of the
    // object, an emulator's say, may leave them out).
    const nested = new Set([...(depth?.kept.get(name) ?? [])].filter((key) => !fixture?.keys.includes(key)));
    const keep = new Set([...(fixture?.keys ?? []), ...nested]);
    const named = namedSubObject(def.props);
    if (named !== undefined) keep.add(named);
    const optional = (def.optional ?? []).filter((key) => !keep.has(key));
    const props: Props = {};
    for (const key of Object.keys(def.props)) if (!optional.includes(key)) props[key] = stripOptional(def.props[key]!, depth?.inline);
    if (named !== undefined) {
      // A polymorphic object: the walk takes the first branch, a `type` that names the one sub-object
      // it fills; the other branch and the sub-object's optional mark keep every other type a valid
      // value of the shape (the emulator's objects are checked against these shapes).
      props.type = { anyOf: [{ const: named }, props.type!] };
      const sub = props[named]!;
      // Filled by the walk, which takes the first branch, though other types send it null.
      props[named] = typeof sub === 'object' && 'nullable' in sub ? { anyOf: [sub.nullable, 'null'] } : sub;
      nested.add(named);
    }
    const marked = Object.keys(props).filter((key) => nested.has(key) && (key === named || def.optional?.includes(key)));
    out[name] = marked.length > 0 ? { props, optional: marked } : { props };
  }
  return out;
}

/** Sub-objects a polymorphic object most often carries, tried first. */
const LIKELIEST_SUB_OBJECTS = ['card', 'us_bank_account', 'financial_account', 'balance', 'credit', 'cash'];

/**
 * The key of the sub-object a polymorphic object's `type` names (`{ type: 'us_bank_account',
 * us_bank_account: {…} }`): the likeliest of the values `type` lists that are also object-valued
 * keys of the object, or `undefined` when the object is not polymorphic.
 */
function namedSubObject(props: Props): string | undefined {
  const type = props.type;
  if (type === undefined) return undefined;
  let node: Shape = type;
  if (typeof node === 'object' && 'nullable' in node) node = node.nullable;
  if (typeof node === 'object' && 'anyOf' in node && typeof node.anyOf[0] === 'object') node = node.anyOf[0];
  if (typeof node === 'object' && 'const' in node) node = { enum: [node.const] };
  if (typeof node !== 'object' || !('enum' in node)) return undefined;
  const isObject = (shape: Shape | undefined): boolean =>
    typeof shape === 'object' && ('ref' in shape || 'props' in shape || ('nullable' in shape && isObject(shape.nullable)));
  const named = node.enum.filter((value): value is string => typeof value === 'string' && isObject(props[value]));
  return LIKELIEST_SUB_OBJECTS.find((key) => named.includes(key)) ?? named[0];
}

/** Inline objects lose their optional keys too, but those a fixture shows there (`inline`). */
function stripOptional(shape: Shape, inline?: WeakMap<object, Set<string>>): Shape {
  if (typeof shape !== 'object') return shape;
  if ('nullable' in shape) return { nullable: stripOptional(shape.nullable, inline) };
  if ('anyOf' in shape) {
    // An open enum draws from its listed values.
    if (shape.anyOf.length === 2 && shape.anyOf[1] === 'string' && typeof shape.anyOf[0] === 'object' && 'enum' in shape.anyOf[0]) return shape.anyOf[0];
    return { anyOf: shape.anyOf.map((branch) => stripOptional(branch, inline)) };
  }
  if ('items' in shape) return { ...shape, items: stripOptional(shape.items, inline) };
  if ('props' in shape) {
    const shown = inline?.get(shape);
    const optional = new Set((shape.optional ?? []).filter((key) => !shown?.has(key)));
    const props: Props = {};
    for (const key of Object.keys(shape.props)) if (!optional.has(key)) props[key] = stripOptional(shape.props[key]!, inline);
    const marked = (shape.optional ?? []).filter((key) => key in props);
    return marked.length > 0 ? { props, optional: marked } : { props };
  }
  return shape;
}

/** Shapes for the types module: an open enum (`'a' | 'b' | OtherString`) is a `string` there, as TypeScript reads it. */
function typeShape(shape: Shape): Shape {
  if (typeof shape !== 'object') return shape;
  if ('nullable' in shape) return { nullable: typeShape(shape.nullable) };
  if ('anyOf' in shape) {
    if (shape.anyOf.includes('string') && shape.anyOf.every((b) => b === 'string' || (typeof b === 'object' && 'enum' in b))) return 'string';
    return { anyOf: shape.anyOf.map(typeShape) };
  }
  if ('items' in shape) return { ...shape, items: typeShape(shape.items) };
  if ('props' in shape) {
    const props: Props = {};
    for (const key of Object.keys(shape.props)) props[key] = typeShape(shape.props[key]!);
    return shape.optional ? { props, optional: [...shape.optional] } : { props };
  }
  return shape;
}

/** `shape` with each `ref` renamed by `rename`. */
function renameRefs(shape: Shape, rename: (name: string) => string): Shape {
  if (typeof shape !== 'object') return shape;
  if ('ref' in shape) return { ref: rename(shape.ref) };
  if ('nullable' in shape) return { nullable: renameRefs(shape.nullable, rename) };
  if ('anyOf' in shape) return { anyOf: shape.anyOf.map((branch) => renameRefs(branch, rename)) };
  if ('items' in shape) return { ...shape, items: renameRefs(shape.items, rename) };
  if ('props' in shape) {
    const props: Props = {};
    for (const key of Object.keys(shape.props)) props[key] = renameRefs(shape.props[key]!, rename);
    return shape.optional ? { props, optional: [...shape.optional] } : { props };
  }
  return shape;
}

/**
 * Defs and events with structurally identical defs merged into one (the first name in order), until
 * none are left: stripe-node repeats many nested types per resource (a card's checks on a
 * PaymentMethod and on a SetupAttempt). `aliases` maps each merged name to the one kept.
 */
function dedupe(
  defs: Record<string, ObjectShape>,
  events: Record<string, Shape>,
): { defs: Record<string, ObjectShape>; events: Record<string, Shape>; aliases: Map<string, string> } {
  const aliases = new Map<string, string>();
  let current = defs;
  for (;;) {
    const seen = new Map<string, string>();
    const merged = new Map<string, string>();
    for (const name of Object.keys(current).sort()) {
      const key = JSON.stringify(current[name]);
      const kept = seen.get(key);
      if (kept === undefined) seen.set(key, name);
      else merged.set(name, kept);
    }
    if (merged.size === 0) break;
    for (const [from, to] of merged) aliases.set(from, to);
    for (const [from, to] of aliases) if (merged.has(to)) aliases.set(from, merged.get(to)!);
    const rename = (name: string) => merged.get(name) ?? name;
    current = Object.fromEntries(
      Object.entries(current)
        .filter(([name]) => !merged.has(name))
        .map(([name, def]) => [name, renameRefs(def, rename) as ObjectShape]),
    );
  }
  const rename = (name: string) => aliases.get(name) ?? name;
  return { defs: current, events: Object.fromEntries(Object.entries(events).map(([type, shape]) => [type, renameRefs(shape, rename)])), aliases };
}

/** Only the defs the events reach. */
function reachable(defs: Record<string, ObjectShape>, events: Record<string, Shape>): Record<string, ObjectShape> {
  const seen = new Set<string>();
  const visit = (shape: Shape): void => {
    if (typeof shape !== 'object') return;
    if ('ref' in shape) {
      if (seen.has(shape.ref)) return;
      seen.add(shape.ref);
      visit(defs[shape.ref]!);
    } else if ('nullable' in shape) visit(shape.nullable);
    else if ('anyOf' in shape) shape.anyOf.forEach(visit);
    else if ('items' in shape) visit(shape.items);
    else if ('props' in shape) Object.values(shape.props).forEach(visit);
  };
  Object.values(events).forEach(visit);
  return Object.fromEntries([...seen].sort().map((name) => [name, defs[name]!]));
}

function idsModule(
  source: string,
  facts: Record<string, FixtureFacts>,
  expandable: Map<string, string[]>,
  fieldTargets: Map<string, string>,
  decimals: Set<string>,
): string {
  // Fields whose resource is not the one their key names elsewhere (`Treasury.ReceivedCredit.transaction`).
  const fields = [...fieldTargets.entries()]
    .filter(([field, target]) => expandable.get(field.slice(field.lastIndexOf('.') + 1))?.[0] !== target)
    .map(([field, target]) => `  ${JSON.stringify(field)}: ${JSON.stringify(target)},`)
    .sort();
  const prefixes = Object.values(facts)
    .filter((f) => f.prefix !== undefined)
    .map((f) => `  ${JSON.stringify(f.object)}: ${JSON.stringify(f.prefix)},`)
    .sort();
  const keys = [...expandable.entries()]
    .filter(([, objects]) => objects.length > 0)
    .map(([key, objects]) => `  ${JSON.stringify(key)}: ${JSON.stringify(objects[0])},`)
    .sort();
  const short = Object.values(facts)
    .filter((f) => f.short === true)
    .map((f) => JSON.stringify(f.object))
    .sort();
  return [
    generatedHeader(source),
    '/** The id prefix of each resource, by its `object` name (`payment_intent` → `pi`). */',
    `export const ID_PREFIXES: { readonly [object: string]: string } = {\n${prefixes.join('\n')}\n};\n`,
    '/** The resource an expandable key names, by `object` name (`latest_charge` → `charge`); webhooks carry its id. */',
    `export const EXPANDABLE: { readonly [key: string]: string } = {\n${keys.join('\n')}\n};\n`,
    '/** `Def.key` of expandable fields that name another resource than `EXPANDABLE` gives for their key. */',
    `export const EXPANDABLE_FIELDS: { readonly [field: string]: string } = {\n${fields.join('\n')}\n};\n`,
    '/** Resources whose ids have a 14-character random body (`cus_QXg1o8vcGmoR32`) rather than the 24-character timed form. */',
    `export const SHORT_IDS: ReadonlySet<string> = new Set([${short.join(', ')}]);\n`,
    "/** `Def.key` of the fields stripe-node types as its `Decimal`: decimal strings on the wire (`\"12.5\"`). */",
    `export const DECIMAL_FIELDS: ReadonlySet<string> = new Set([\n${[...decimals].sort().map((key) => `  ${JSON.stringify(key)},`).join('\n')}\n]);\n`,
  ].join('\n');
}

function eventTypesModule(source: string, types: readonly string[]): string {
  const lines = [...types].sort().map((type) => `  ${JSON.stringify(type)},`);
  return [
    generatedHeader(source),
    "/** Every snapshot event type of stripe-node's `Stripe.Event` union. */",
    `export const STRIPE_EVENT_TYPES = [\n${lines.join('\n')}\n] as const;\n`,
  ].join('\n');
}

function fixtureKeysModule(source: string, facts: Record<string, FixtureFacts>, sdkOnly: Record<string, string[]>, trees: Record<string, KeyTree>): string {
  const record = (entries: Record<string, readonly string[]>) =>
    Object.keys(entries)
      .sort()
      .map((object) => `  ${JSON.stringify(object)}: ${JSON.stringify(entries[object])},`)
      .join('\n');
  const keys = Object.fromEntries(Object.values(facts).map((f) => [f.object, f.keys]));
  return [
    generatedHeader(source),
    "/** The top-level keys of each resource's fixture, by `object` name. */",
    `export const FIXTURE_KEYS: { readonly [object: string]: readonly string[] } = {\n${record(keys)}\n};\n`,
    "/** Fixture keys stripe-node's type of the resource no longer has (the fixtures predate the pinned API version). */",
    `export const NOT_IN_STRIPE_NODE: { readonly [object: string]: readonly string[] } = {\n${record(sdkOnly)}\n};\n`,
    '/** The keys of a fixture tree: each with the tree of its value when that is an object (arrays: their items\' keys), else null. */',
    'export type KeyTree = { readonly [key: string]: KeyTree | null };\n',
    "/** Each resource's fixture keys at every depth, by `object` name, as far as stripe-node types them (`metadata` not looked into). */",
    `export const FIXTURE_TREES: { readonly [object: string]: KeyTree } = {\n${Object.keys(trees)
      .sort()
      .map((object) => `  ${JSON.stringify(object)}: ${JSON.stringify(trees[object])},`)
      .join('\n')}\n};\n`,
  ].join('\n');
}

/** Per `object` name, the fixture keys the stripe-node def of that resource lacks. */
function fixtureOnlyKeys(defs: Record<string, ObjectShape>, facts: Record<string, FixtureFacts>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const def of Object.values(defs)) {
    const object = def.props.object;
    if (!object || typeof object !== 'object' || !('const' in object)) continue;
    const fixture = facts[String(object.const)];
    const missing = fixture?.keys.filter((key) => !(key in def.props)) ?? [];
    if (missing.length > 0) out[String(object.const)] = missing;
  }
  return out;
}

/** Where the stripe/openapi snapshot is, if anywhere. */
function snapshotPath(): string | undefined {
  const argument = process.argv.slice(2).find((arg) => arg.includes('/'));
  const candidate = process.env.STRIPE_OPENAPI_REPO ?? argument ?? DEFAULT_SNAPSHOT;
  return existsSync(candidate) ? candidate : undefined;
}

/** The committed fixture facts, when no snapshot is at hand. */
async function committedFacts(): Promise<Record<string, FixtureFacts> | undefined> {
  const file = path.join(root, 'test/providers/generated/stripe-fixture-keys.ts');
  if (!existsSync(file)) return undefined;
  const { FIXTURE_KEYS, FIXTURE_TREES = {} } = (await import(file)) as { FIXTURE_KEYS: Record<string, readonly string[]>; FIXTURE_TREES?: Record<string, KeyTree> };
  const { ID_PREFIXES, SHORT_IDS } = (await import(path.join(root, 'src/providers/stripe/generated/ids.ts'))) as {
    ID_PREFIXES: Record<string, string>;
    SHORT_IDS: ReadonlySet<string>;
  };
  return Object.fromEntries(
    Object.entries(FIXTURE_KEYS).map(([object, keys]) => [
      object,
      {
        object,
        keys,
        ...(ID_PREFIXES[object] ? { prefix: ID_PREFIXES[object] } : {}),
        ...(SHORT_IDS.has(object) ? { short: true } : {}),
        ...(FIXTURE_TREES[object] ? { tree: FIXTURE_TREES[object] } : {}),
      },
    ]),
  );
}

/** The generated modules' text, by path relative to the project root. */
export async function stripeModules(): Promise<Record<string, string>> {
  const { defs, events, expandable, fieldTargets, decimals, version } = readStripeTypes();
  const snapshot = snapshotPath();
  let facts: Record<string, FixtureFacts> | undefined;
  let fixtureSource = 'openapi/fixtures3.json';
  if (snapshot !== undefined) {
    const read = readFixtures(snapshot, process.env.STRIPE_OPENAPI_REF ?? 'master');
    facts = read.facts;
    fixtureSource = `stripe/openapi ${read.commit.slice(0, 8)} openapi/fixtures3.json`;
  } else {
    facts = await committedFacts();
    if (facts === undefined) throw new Error('gen stripe: no stripe/openapi snapshot (STRIPE_OPENAPI_REPO) and no committed fixture facts.');
    const header = readFileSync(path.join(root, 'test/providers/generated/stripe-fixture-keys.ts'), 'utf8').split('\n')[0]!;
    fixtureSource = /from (.*)\. Do not edit/.exec(header)?.[1] ?? fixtureSource;
  }
  const types = `stripe ${version} (cjs/resources/*.d.ts)`;
  const depth = fixtureDepth(defs, Object.fromEntries(Object.values(facts).flatMap((f) => (f.tree ? [[f.object, f.tree]] : []))));
  const lean = dedupe(
    reachable(runtimeDefs(defs, facts, depth), events),
    Object.fromEntries(Object.entries(events).map(([type, shape]) => [type, stripOptional(shape, depth.inline)])),
  );
  const typed = dedupe(
    Object.fromEntries(Object.entries(reachable(defs, events)).map(([name, def]) => [name, typeShape(def) as ObjectShape])),
    events,
  );
  // Fields by the name their def keeps in the runtime shapes.
  const kept = (field: string) => {
    const owner = field.slice(0, field.lastIndexOf('.'));
    return `${lean.aliases.get(owner) ?? owner}${field.slice(field.lastIndexOf('.'))}`;
  };
  const leanDecimals = new Set([...decimals].map(kept));
  const leanTargets = new Map([...fieldTargets].map(([field, target]) => [kept(field), target]));
  return {
    'src/providers/stripe/generated/shapes.ts': shapesModule(`${types} and ${fixtureSource}`, reachable(lean.defs, lean.events), lean.events),
    'src/providers/stripe/generated/data-types.ts': typesModule(types, 'StripeEventData', reachable(typed.defs, typed.events), typed.events),
    'src/providers/stripe/generated/event-types.ts': eventTypesModule(types, Object.keys(events)),
    'src/providers/stripe/generated/ids.ts': idsModule(`${types} and ${fixtureSource}`, facts, expandable, leanTargets, leanDecimals),
    'test/providers/generated/stripe-fixture-keys.ts': fixtureKeysModule(fixtureSource, facts, fixtureOnlyKeys(reachable(defs, events), facts), depth.trees),
  };
}

/** Rewrites the generated modules. */
export async function generate(): Promise<void> {
  const modules = await stripeModules();
  for (const [file, text] of Object.entries(modules)) {
    writeModule(path.join(root, file), text);
    console.log(`  ${file}: ${(text.length / 1024).toFixed(1)} KB`);
  }
  // Event notifications ("thin events"): their own generator, over stripe-node's V2 core events.
  console.log(`  thin event types: ${generateThin()}`);
  // relaykit/msw's table of where stripe-node reads each resource a snapshot event carries.
  generatePaths();
}
