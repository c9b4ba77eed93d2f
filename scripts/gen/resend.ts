/**
 * `npm run gen resend`: reads the webhook event types the `resend` package declares
 * (`WebhookEventPayload`, a union of one interface per event type) with the TypeScript compiler
 * API, and writes what each event's `data` holds as shapes (`generated/shapes.ts`, walked by the
 * builder for the types it has no hand-written scene for) and as types (`generated/data-types.ts`,
 * `ResendEventData`, the target of a typed `data` override).
 *
 * Named object types (interfaces and aliases such as `InboxThreadSummary`) become `defs`; an
 * intersection (`BaseEmailEventData & { bounce: EmailBounce }`) is flattened into one object.
 * TypeScript says `string` and `number` only: ids (`id`, `*_id`) are written as `uuid` strings and
 * times (`*_at`) as `date-time`, as Resend sends them, and numbers as integers (counts and sizes).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';
import type { Shape } from '../../src/providers/shared/shape.js';
import { shapesModule, typesModule, writeModule } from './shapes.js';

const require = createRequire(import.meta.url);
const OUT = resolve(import.meta.dirname, '../../src/providers/resend/generated');

/** The resend package's version and the path of its type declarations. */
function resendSource(): { version: string; declarations: string } {
  // The package exports no `./package.json`: find it from the entry point.
  const root = dirname(dirname(require.resolve('resend')));
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string };
  return { version, declarations: join(root, 'dist/index.d.mts') };
}

/** What the generator reads from the SDK: each event's `data` shape, and the named shapes they use. */
export interface ResendShapes {
  readonly source: string;
  readonly defs: Record<string, Shape>;
  readonly events: Record<string, Shape>;
}

/**
 * Reads `WebhookEventPayload` from the installed resend package.
 * @example
 * Object.keys(readResendShapes().events).length; // 37 with resend 6.38.0
 */
export function readResendShapes(): ResendShapes {
  const { version, declarations } = resendSource();
  const program = ts.createProgram([declarations], { strict: true, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const file = program.getSourceFile(declarations);
  if (!file) throw new Error(`gen resend: cannot read ${declarations}.`);
  const union = file.statements.find((s): s is ts.TypeAliasDeclaration => ts.isTypeAliasDeclaration(s) && s.name.text === 'WebhookEventPayload');
  if (!union) throw new Error('gen resend: WebhookEventPayload is not declared in the resend package.');

  const defs: Record<string, Shape> = {};
  const events: Record<string, Shape> = {};
  const payload = checker.getTypeFromTypeNode(union.type);
  for (const member of payload.isUnion() ? payload.types : [payload]) {
    const typeSymbol = member.getProperty('type');
    const dataSymbol = member.getProperty('data');
    if (!typeSymbol || !dataSymbol) throw new Error(`gen resend: ${checker.typeToString(member)} has no type or data.`);
    const literal = checker.getTypeOfSymbol(typeSymbol);
    if (!literal.isStringLiteral()) throw new Error(`gen resend: ${checker.typeToString(member)}'s type is not a string literal.`);
    events[literal.value] = shapeOf(checker, checker.getTypeOfSymbol(dataSymbol), defs, '', new Set());
  }
  return { source: `the resend ${version} package's WebhookEventPayload (dist/index.d.mts)`, defs, events };
}

/** The shape of `type`, found at `key` of its parent (the key decides the string formats). */
function shapeOf(checker: ts.TypeChecker, type: ts.Type, defs: Record<string, Shape>, key: string, seen: Set<string>): Shape {
  if (type.isUnion()) {
    const members = type.types.filter((t) => !(t.flags & ts.TypeFlags.Undefined));
    const nullable = members.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = members.filter((t) => !(t.flags & ts.TypeFlags.Null));
    let inner: Shape;
    if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLiteral)) inner = 'boolean';
    else if (rest.every((t) => t.isStringLiteral())) inner = rest.length === 1 ? { const: (rest[0] as ts.StringLiteralType).value } : { enum: rest.map((t) => (t as ts.StringLiteralType).value) };
    else if (rest.length === 1) inner = shapeOf(checker, rest[0]!, defs, key, seen);
    else inner = { anyOf: rest.map((t) => shapeOf(checker, t, defs, key, seen)) };
    return nullable ? { nullable: inner } : inner;
  }
  if (type.flags & ts.TypeFlags.String) return stringShape(key);
  if (type.flags & ts.TypeFlags.Number) return 'integer';
  if (type.flags & ts.TypeFlags.Boolean) return 'boolean';
  if (type.flags & ts.TypeFlags.Null) return 'null';
  if (type.isStringLiteral()) return { const: type.value };
  if (checker.isArrayType(type)) return { items: shapeOf(checker, checker.getTypeArguments(type as ts.TypeReference)[0]!, defs, key, seen) };
  if (type.flags & ts.TypeFlags.Object || type.isIntersection()) {
    const properties = checker.getPropertiesOfType(type);
    if (properties.length === 0 && checker.getIndexInfosOfType(type).length > 0) return 'map';
    const name = type.isIntersection() ? undefined : (type.aliasSymbol?.name ?? (type.symbol?.flags & ts.SymbolFlags.Interface ? type.symbol.name : undefined));
    if (name && (defs[name] !== undefined || seen.has(name))) return { ref: name };
    if (name) seen.add(name);
    const props: Record<string, Shape> = {};
    const optional: string[] = [];
    for (const property of properties) {
      props[property.name] = shapeOf(checker, checker.getTypeOfSymbol(property), defs, property.name, seen);
      if (property.flags & ts.SymbolFlags.Optional) optional.push(property.name);
    }
    const shape: Shape = optional.length > 0 ? { props, optional } : { props };
    if (!name) return shape;
    defs[name] = shape;
    return { ref: name };
  }
  throw new Error(`gen resend: no shape for ${checker.typeToString(type)} at "${key}".`);
}

/** Keys ending in `_id` that hold no Resend id: RFC 5322 `Message-ID`s and MIME `Content-ID`s. */
const FOREIGN_IDS = new Set(['message_id', 'content_id']);

/** A string at `key`: Resend's ids are UUIDs, its times ISO 8601. */
function stringShape(key: string): Shape {
  if (key === 'id' || (key.endsWith('_id') && !FOREIGN_IDS.has(key))) return { format: 'uuid' };
  if (key.endsWith('_at') || key === 'last_received') return { format: 'date-time' };
  return 'string';
}

/** The two generated modules' text, without writing them (the up-to-date test compares these). */
export function render(): { shapes: string; types: string } {
  const { source, defs, events } = readResendShapes();
  return { shapes: shapesModule(source, defs, events), types: typesModule(source, 'ResendEventData', defs, events) };
}

/** Rewrites `src/providers/resend/generated/`. */
export function generate(): void {
  const { shapes, types } = render();
  writeModule(join(OUT, 'shapes.ts'), shapes);
  writeModule(join(OUT, 'data-types.ts'), types);
}
