/**
 * `npm run gen github`: reads GitHub's official webhooks OpenAPI (`@octokit/openapi-webhooks`,
 * `generated/api.github.com.json`) and writes, under `src/providers/github/generated/`:
 *
 * - `shapes.ts`: each event-action's request body as a `Shape` (`events`), the component schemas
 *   and the inline objects several events repeat as shared `defs`;
 * - `data-types.ts`: `GitHubEventData`, the type of each event's whole body (what `data` merges into).
 *
 * Event types are named as deliveries name them: the `X-GitHub-Event` header (the operation id's
 * event, `-` as `_`) plus the body's `action`: `pull_request.opened`, `push`.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { JsonValue } from '../../src/core/index.js';
import type { Shape, ShapeDefs } from '../../src/providers/shared/shape.js';
import { generatedHeader, shapesModule, typesModule, writeModule } from './shapes.js';

/** A JSON Schema node as the spec writes it (OpenAPI 3.1). */
interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  enum?: JsonValue[];
  const?: JsonValue;
  format?: string;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  title?: string;
}

interface Spec {
  webhooks: Record<
    string,
    {
      post: {
        operationId: string;
        requestBody: { content: { 'application/json': { schema: Schema } } };
        'x-github'?: { 'supported-webhook-types'?: string[] };
      };
    }
  >;
  components: { schemas: Record<string, Schema> };
}

const SOURCE = '@octokit/openapi-webhooks (generated/api.github.com.json)';
const OUT = fileURLToPath(new URL('../../src/providers/github/generated/', import.meta.url));
/** Inline objects that occur at least this often and serialize to at least this many characters become defs. */
const HOIST_MIN_COUNT = 2;
const HOIST_MIN_SIZE = 40;

/** The spec as the devDependency ships it. */
export function readSpec(): Spec {
  const require = createRequire(import.meta.url);
  return require('@octokit/openapi-webhooks/generated/api.github.com.json') as Spec;
}

/** One webhook of the spec: its relaykit event type and its body schema's component name. */
export interface Webhook {
  readonly eventType: string;
  readonly event: string;
  readonly action: string | undefined;
  readonly schemaName: string;
  /** The kinds of webhook GitHub delivers it to (`x-github.supported-webhook-types`): `repository`, `organization`, `app`, … */
  readonly hookTypes: readonly string[];
}

/**
 * Every webhook of the spec as an event type: `X-GitHub-Event` (the operation id's first part, `-`
 * as `_`) plus the action the body's schema fixes (a free-form action, as `repository_dispatch`'s,
 * takes the operation id's second part).
 */
export function webhooks(spec: Spec): Webhook[] {
  const out: Webhook[] = [];
  for (const hook of Object.values(spec.webhooks)) {
    const [eventPart, actionPart] = hook.post.operationId.split('/') as [string, string | undefined];
    const ref = hook.post.requestBody.content['application/json'].schema.$ref!;
    const schemaName = ref.slice(ref.lastIndexOf('/') + 1);
    const schema = spec.components.schemas[schemaName]!;
    const actions = new Set<string>();
    for (const branch of schema.oneOf ?? [schema]) {
      const action = branch.properties?.action;
      if (action?.enum) for (const value of action.enum) actions.add(String(value));
      else if (action?.const !== undefined) actions.add(String(action.const));
      else if (action) actions.add(actionPart!);
    }
    if (actions.size > 1) throw new Error(`gen github: ${schemaName} allows several actions (${[...actions].join(', ')}).`);
    const event = eventPart.replace(/-/g, '_');
    const action = actions.size === 1 ? [...actions][0]! : undefined;
    const hookTypes = hook.post['x-github']?.['supported-webhook-types'] ?? [];
    out.push({ eventType: action === undefined ? event : `${event}.${action}`, event, action, schemaName, hookTypes });
  }
  return out.sort((a, b) => (a.eventType < b.eventType ? -1 : a.eventType > b.eventType ? 1 : 0));
}

/** Converts the spec's schemas to shapes; component schemas a `$ref` names become defs of that name. */
class Converter {
  readonly defs: Record<string, Shape> = {};
  private readonly pending = new Set<string>();

  constructor(private readonly schemas: Record<string, Schema>) {}

  shape(node: Schema): Shape {
    if (node.$ref) return { ref: this.def(refName(node.$ref)) };
    if (node.allOf) return this.shape(this.merged(node));
    const variants = node.oneOf ?? node.anyOf;
    if (variants) return this.variants(node, variants);
    if (node.const !== undefined) return { const: node.const };
    if (node.enum) return { enum: node.enum };
    const types = typesOf(node);
    const nullable = types.includes('null');
    const shapes = types.filter((type) => type !== 'null').map((type) => this.typed(node, type));
    if (shapes.length === 0) return 'null';
    const shape = shapes.length === 1 ? shapes[0]! : { anyOf: shapes };
    return nullable ? { nullable: shape } : shape;
  }

  private def(name: string): string {
    if (!(name in this.defs) && !this.pending.has(name)) {
      this.pending.add(name);
      const schema = this.schemas[name];
      if (!schema) throw new Error(`gen github: $ref to a missing schema ${name}.`);
      this.defs[name] = this.shape(schema);
      this.pending.delete(name);
    }
    return name;
  }

  /** `oneOf` / `anyOf`: a `null` branch makes the rest nullable; a date-time string goes before an integer time. */
  private variants(node: Schema, variants: Schema[]): Shape {
    const { oneOf: _one, anyOf: _any, ...base } = node;
    const hasBase = base.properties !== undefined || base.required !== undefined;
    let nullable = false;
    const shapes: Shape[] = [];
    for (const variant of variants) {
      const resolved = variant.$ref ? variant : hasBase ? this.mergeTwo(base, variant) : variant;
      if (isNullOnly(resolved)) {
        nullable = true;
        continue;
      }
      const shape = this.shape(resolved);
      if (!shapes.some((s) => JSON.stringify(s) === JSON.stringify(shape))) shapes.push(shape);
    }
    if (!hasBase && typesOf(base).includes('null')) nullable = true;
    shapes.sort((a, b) => rank(a) - rank(b));
    const shape: Shape = shapes.length === 0 ? 'null' : shapes.length === 1 ? shapes[0]! : { anyOf: shapes };
    return nullable && shape !== 'null' ? { nullable: shape } : shape;
  }

  private typed(node: Schema, type: string): Shape {
    switch (type) {
      case 'string':
        return formatShape(node.format);
      case 'integer':
        return 'integer';
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array': {
        const items = node.items ? this.shape(node.items) : 'any';
        return node.minItems !== undefined && node.minItems !== 1 ? { items, min: node.minItems } : { items };
      }
      case 'object': {
        if (!node.properties || Object.keys(node.properties).length === 0) return 'map';
        const required = new Set(node.required ?? []);
        const props: Record<string, Shape> = {};
        for (const [key, value] of Object.entries(node.properties)) props[key] = this.shape(value);
        const optional = Object.keys(props).filter((key) => !required.has(key));
        return optional.length > 0 ? { props, optional } : { props };
      }
      default:
        return 'any';
    }
  }

  /** The branches of an `allOf` as one schema: properties merged, `required` joined, types intersected. */
  private merged(node: Schema): Schema {
    const { allOf, ...rest } = node;
    let out: Schema = rest;
    for (const branch of allOf!) out = this.mergeTwo(out, branch);
    return out;
  }

  private mergeTwo(a: Schema, b: Schema): Schema {
    const left = this.deref(a);
    const right = this.deref(b);
    const out: Schema = { ...left, ...right };
    delete out.$ref;
    const types = intersectTypes(left, right);
    if (types) out.type = types;
    if (left.properties || right.properties) {
      const properties: Record<string, Schema> = { ...left.properties };
      for (const [key, value] of Object.entries(right.properties ?? {})) {
        properties[key] = properties[key] ? this.mergeTwo(properties[key]!, value) : value;
      }
      out.properties = properties;
    }
    if (left.items && right.items) out.items = this.mergeTwo(left.items, right.items);
    if (left.required || right.required) out.required = [...new Set([...(left.required ?? []), ...(right.required ?? [])])];
    return out;
  }

  private deref(node: Schema): Schema {
    let current = node;
    while (current.$ref) current = this.schemas[refName(current.$ref)]!;
    return current.allOf ? this.merged(current) : current;
  }
}

function refName(ref: string): string {
  return ref.slice(ref.lastIndexOf('/') + 1);
}

function typesOf(node: Schema): string[] {
  if (Array.isArray(node.type)) return node.type;
  if (typeof node.type === 'string') return [node.type];
  if (node.properties) return ['object'];
  if (node.items) return ['array'];
  return ['any'];
}

function intersectTypes(a: Schema, b: Schema): string[] | undefined {
  if (a.type === undefined) return b.type === undefined ? undefined : typesOf(b);
  if (b.type === undefined) return typesOf(a);
  const right = typesOf(b);
  const both = new Set<string>();
  for (const type of typesOf(a)) {
    if (right.includes(type)) both.add(type);
    // An integer is a number: integer ∩ number is integer.
    else if ((type === 'integer' && right.includes('number')) || (type === 'number' && right.includes('integer'))) both.add('integer');
  }
  // An impossible intersection (`type: null` over an object `allOf`) keeps the object: it is what GitHub sends.
  return both.size > 0 ? [...both] : typesOf(b);
}

function isNullOnly(node: Schema): boolean {
  const types = node.$ref ? [] : typesOf(node);
  return types.length === 1 && types[0] === 'null' && !node.properties;
}

/** The walker takes an `anyOf`'s first branch: objects and ISO times first, loose leaves last. */
function rank(shape: Shape): number {
  if (shape === 'map' || (typeof shape === 'object' && ('props' in shape || 'ref' in shape))) return 0;
  if (typeof shape === 'object' && 'format' in shape) return 1;
  if (shape === 'string') return 2;
  return 3;
}

function formatShape(format: string | undefined): Shape {
  switch (format) {
    case 'date-time':
    case 'date':
    case 'email':
    case 'uri':
      return { format };
    case 'uri-template':
      return { format: 'uri' };
    default:
      return 'string';
  }
}

/**
 * Objects that several shapes repeat, moved into `defs` under a name from their title or key, so
 * that the module holds each once. Repeated until no new def appears (inner objects first).
 */
function hoist(defs: Record<string, Shape>, events: Record<string, Shape>): void {
  const counts = new Map<string, { count: number; key: string }>();
  const visit = (shape: Shape, key: string, count: boolean): void => {
    if (typeof shape !== 'object' || 'ref' in shape || 'const' in shape || 'format' in shape) return;
    if ('nullable' in shape) visit(shape.nullable, key, true);
    else if ('anyOf' in shape) shape.anyOf.forEach((branch) => visit(branch, key, true));
    else if ('items' in shape) visit(shape.items, singular(key), true);
    else if ('props' in shape) for (const [name, value] of Object.entries(shape.props)) visit(value, name, true);
    if (!count) return;
    const text = JSON.stringify(shape);
    if (text.length < HOIST_MIN_SIZE) return;
    const seen = counts.get(text);
    if (seen) seen.count++;
    else counts.set(text, { count: 1, key });
  };
  for (const shape of Object.values(defs)) visit(shape, '', false);
  for (const shape of Object.values(events)) visit(shape, '', false);

  const names = new Map<string, string>();
  const taken = new Set(Object.keys(defs));
  for (const [text, { count, key }] of counts) {
    if (count < HOIST_MIN_COUNT) continue;
    let name = key.replace(/_/g, '-') || 'object';
    for (let n = 2; taken.has(name); n++) name = `${key.replace(/_/g, '-') || 'object'}-${n}`;
    taken.add(name);
    names.set(text, name);
  }
  if (names.size === 0) return;

  const replace = (shape: Shape, top: boolean): Shape => {
    if (typeof shape !== 'object' || 'ref' in shape || 'const' in shape || 'format' in shape) return shape;
    const name = top ? undefined : names.get(JSON.stringify(shape));
    if (name) return { ref: name };
    if ('nullable' in shape) return { nullable: replace(shape.nullable, false) };
    if ('anyOf' in shape) return { anyOf: shape.anyOf.map((branch) => replace(branch, false)) };
    if ('items' in shape) return { ...shape, items: replace(shape.items, false) };
    if (!('props' in shape)) return shape;
    const props: Record<string, Shape> = {};
    for (const [key, value] of Object.entries(shape.props)) props[key] = replace(value, false);
    return { ...shape, props };
  };
  // Inner objects are replaced before their text is compared, so collect every def's new form first.
  for (const [text, name] of names) defs[name] = replace(JSON.parse(text) as Shape, true);
  for (const name of Object.keys(defs)) defs[name] = replace(defs[name]!, true);
  for (const type of Object.keys(events)) events[type] = replace(events[type]!, true);
  hoist(defs, events);
}

function singular(key: string): string {
  return key.endsWith('ies') ? `${key.slice(0, -3)}y` : key.endsWith('s') ? key.slice(0, -1) : key;
}

/** Drops defs nothing refers to any more (inlined once, or replaced by a hoisted twin). */
function prune(defs: Record<string, Shape>, events: Record<string, Shape>): ShapeDefs {
  const used = new Set<string>();
  const visit = (shape: Shape): void => {
    if (typeof shape !== 'object') return;
    if ('ref' in shape) {
      if (used.has(shape.ref)) return;
      used.add(shape.ref);
      return visit(defs[shape.ref]!);
    }
    if ('nullable' in shape) return visit(shape.nullable);
    if ('anyOf' in shape) return shape.anyOf.forEach(visit);
    if ('items' in shape) return visit(shape.items);
    if ('props' in shape) Object.values(shape.props).forEach(visit);
  };
  Object.values(events).forEach(visit);
  const out: Record<string, Shape> = {};
  for (const name of Object.keys(defs).sort()) if (used.has(name)) out[name] = defs[name]!;
  return out;
}

/** The shapes of every webhook: `{ defs, events }`, keyed by relaykit event type. */
export function githubShapes(spec: Spec = readSpec()): { defs: ShapeDefs; events: Record<string, Shape> } {
  const converter = new Converter(spec.components.schemas);
  const events: Record<string, Shape> = {};
  for (const hook of webhooks(spec)) events[hook.eventType] = converter.shape(spec.components.schemas[hook.schemaName]!);
  const defs = { ...converter.defs };
  hoist(defs, events);
  return { defs: prune(defs, events), events };
}

/** The webhook kinds most events go to; `hooksModule` lists the events that differ. */
const USUAL_HOOKS = 'repository,organization,app';

/**
 * The catalog module the plugin loads (small, without shapes): every event type, and those GitHub
 * sends only to Apps (the spec's `supported-webhook-types` is `app` alone, or the schema requires
 * `installation`).
 */
export function catalogModule(spec: Spec): string {
  const hooks = webhooks(spec);
  const appOnly = hooks.filter(
    (hook) => hook.hookTypes.join() === 'app' || spec.components.schemas[hook.schemaName]!.required?.includes('installation'),
  );
  const list = (items: readonly Webhook[]) => items.map((hook) => `  ${JSON.stringify(hook.eventType)},`).join('\n');
  return [
    generatedHeader(SOURCE),
    `/** Every event type of GitHub's webhooks schema: \`<X-GitHub-Event>\` or \`<X-GitHub-Event>.<action>\`. */`,
    `export const githubEventTypes = [\n${list(hooks)}\n] as const;\n`,
    '/** The types GitHub sends only to GitHub Apps: delivered to the `app` webhook alone, or requiring `installation`. */',
    `export const appOnlyInSchema: readonly string[] = [\n${list(appOnly)}\n];\n`,
  ].join('\n');
}

/** The builder's module of the webhook kinds each event goes to, for the events that differ from repository, organization and App. */
export function hooksModule(spec: Spec): string {
  const lines = webhooks(spec)
    .filter((hook) => hook.hookTypes.join() !== USUAL_HOOKS)
    .map((hook) => `  ${JSON.stringify(hook.eventType)}: ${JSON.stringify(hook.hookTypes)},`);
  return [
    generatedHeader(SOURCE),
    "/** The webhooks (`x-github.supported-webhook-types`) of the events not delivered to repository, organization and App hooks alike. */",
    `export const hookTypes: { readonly [eventType: string]: readonly string[] } = {\n${lines.join('\n')}\n};\n`,
  ].join('\n');
}

/** The generated modules' text, by file name under `src/providers/github/generated/`. */
export function generatedModules(spec: Spec = readSpec()): Record<string, string> {
  const { defs, events } = githubShapes(spec);
  return {
    'event-types.ts': catalogModule(spec),
    'hooks.ts': hooksModule(spec),
    'shapes.ts': shapesModule(SOURCE, defs, events),
    'data-types.ts': typesModule(SOURCE, 'GitHubEventData', defs, events),
  };
}

/** Writes `generated/event-types.ts`, `hooks.ts`, `shapes.ts` and `data-types.ts`. */
export function generate(): void {
  for (const [file, text] of Object.entries(generatedModules())) writeModule(`${OUT}${file}`, text);
}
