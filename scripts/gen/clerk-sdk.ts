/**
 * The second source of `npm run gen clerk`: @clerk/backend's `WebhookEvent` union (a devDependency),
 * read with the TypeScript compiler. Clerk's spec and its SDK each declare keys the other lacks (the
 * SDK's `UserJSON.timezone`, its billing items' `amount`, `credit`, `lifetime_paid`, …); the builder
 * sends both, so the shapes read from the spec gain the SDK's extra keys as optional ones. Where the
 * two disagree, the spec wins: a key the spec already has keeps the spec's shape, and the SDK keys
 * that Clerk's spec renamed or dropped (`OMIT`) are not added. An optional SDK key may be null, as
 * Clerk's examples send `canceled_at: null` where the SDK declares `canceled_at?: number`.
 */
import path from 'node:path';
import ts from 'typescript';
import { resolve, type Shape, type ShapeDefs } from '../../src/providers/shared/shape.js';

/** SDK keys Clerk's spec replaces, by the def they would be added to (`expire_at` is the spec's name). */
const OMIT: Readonly<Record<string, readonly string[]>> = {
  OrganizationDomainVerification: ['expires_at'],
  verification_otp: ['id'],
};

const MAX_DEPTH = 8;

/** Each `WebhookEvent` type's `data` type, by event type. */
function sdkDataTypes(root: string): { checker: ts.TypeChecker; data: Map<string, ts.Type> } {
  const file = path.join(root, 'scripts/gen/.clerk-sdk-probe.ts');
  const source = "import type { WebhookEvent } from '@clerk/backend/webhooks';\nexport declare const event: WebhookEvent;\n";
  const options: ts.CompilerOptions = { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, strict: true, noEmit: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version, onError, create) =>
    path.resolve(name) === file ? ts.createSourceFile(name, source, version, true) : getSourceFile(name, version, onError, create);
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  const checker = program.getTypeChecker();
  const probe = program.getSourceFile(file)!;
  const symbol = checker.getExportsOfModule(checker.getSymbolAtLocation(probe)!).find((s) => s.name === 'event')!;
  const union = checker.getTypeOfSymbol(symbol);
  const data = new Map<string, ts.Type>();
  for (const member of union.isUnion() ? union.types : [union]) {
    const typeProp = member.getProperty('type');
    const dataProp = member.getProperty('data');
    if (!typeProp || !dataProp) continue;
    const typeType = checker.getTypeOfSymbol(typeProp);
    for (const literal of typeType.isUnion() ? typeType.types : [typeType]) {
      if (literal.isStringLiteral()) data.set(literal.value, checker.getTypeOfSymbol(dataProp));
    }
  }
  return { checker, data };
}

/**
 * Adds to `events` (and the `defs` they reach) every key @clerk/backend declares for the event's
 * `data` that Clerk's spec lacks, as an optional key. Returns the event types the SDK does not know.
 */
export function mergeSdkKeys(root: string, defs: Record<string, Shape>, events: Readonly<Record<string, Shape>>): string[] {
  const { checker, data } = sdkDataTypes(root);
  const merged = new Set<string>();

  const shapeOf = (type: ts.Type, depth: number): Shape => {
    const parts = type.isUnion() ? type.types : [type];
    const nullable = parts.some((t) => t.flags & ts.TypeFlags.Null);
    const rest = parts.filter((t) => !(t.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined)));
    const inner = ((): Shape => {
      if (rest.length === 0) return 'null';
      if (rest.every((t) => t.isStringLiteral())) return { enum: rest.map((t) => (t as ts.StringLiteralType).value) };
      if (rest.every((t) => t.flags & ts.TypeFlags.BooleanLike)) return 'boolean';
      const t = rest[0]!;
      if (t.flags & ts.TypeFlags.StringLike) return 'string';
      if (t.flags & ts.TypeFlags.NumberLike) return 'number';
      if (t.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return 'any';
      if (checker.isArrayType(t)) return { items: shapeOf(checker.getTypeArguments(t as ts.TypeReference)[0]!, depth + 1) };
      if (depth > MAX_DEPTH || checker.getIndexInfosOfType(t).length > 0 || t.getProperties().length === 0) return 'map';
      const props: Record<string, Shape> = {};
      const optional: string[] = [];
      for (const p of t.getProperties().sort((a, b) => (a.name < b.name ? -1 : 1))) {
        props[p.name] = shapeOf(checker.getTypeOfSymbol(p), depth + 1);
        if (p.flags & ts.SymbolFlags.Optional) optional.push(p.name);
      }
      return optional.length > 0 ? { props, optional } : { props };
    })();
    return nullable && inner !== 'null' ? { nullable: inner } : inner;
  };

  /** `shape` (a node of an event or def) with the SDK keys of `type` added; defs are changed in place. */
  const merge = (shape: Shape, type: ts.Type, depth: number, defName?: string): Shape => {
    if (depth > MAX_DEPTH) return shape;
    if (typeof shape === 'object' && 'ref' in shape) {
      const key = `${shape.ref}`;
      if (!merged.has(key)) {
        merged.add(key);
        defs[shape.ref] = merge(defs[shape.ref]!, type, depth, shape.ref);
      }
      return shape;
    }
    const t = checker.getNonNullableType(type);
    if (typeof shape === 'object' && 'nullable' in shape) return { nullable: merge(shape.nullable, t, depth, defName) };
    if (typeof shape === 'object' && 'anyOf' in shape) return { anyOf: shape.anyOf.map((branch) => merge(branch, t, depth)) };
    if (typeof shape === 'object' && 'items' in shape) {
      const item = checker.isArrayType(t) ? checker.getTypeArguments(t as ts.TypeReference)[0] : undefined;
      return item ? { ...shape, items: merge(shape.items, item, depth + 1) } : shape;
    }
    if (typeof shape !== 'object' || !('props' in shape)) return shape;
    const props: Record<string, Shape> = { ...shape.props };
    const optional = [...(shape.optional ?? [])];
    const omit = OMIT[defName ?? ''] ?? [];
    for (const p of t.getProperties()) {
      const pType = checker.getTypeOfSymbol(p);
      if (p.name in props) props[p.name] = merge(props[p.name]!, pType, depth + 1);
      else if (!omit.includes(p.name)) {
        // The SDK's optional keys (`canceled_at?: number`) come as null in Clerk's examples.
        const added = shapeOf(pType, depth + 1);
        const nullable = p.flags & ts.SymbolFlags.Optional && !(typeof added === 'object' && 'nullable' in added);
        props[p.name] = nullable ? { nullable: added } : added;
        optional.push(p.name);
      }
    }
    const keys = Object.keys(props).sort();
    const sorted: Record<string, Shape> = {};
    for (const key of keys) sorted[key] = props[key]!;
    return optional.length > 0 ? { props: sorted, optional: optional.sort() } : { props: sorted };
  };

  const unknown: string[] = [];
  const out = events as Record<string, Shape>;
  for (const type of Object.keys(events)) {
    const sdk = data.get(type);
    if (!sdk) {
      unknown.push(type);
      continue;
    }
    // The SDK types `role.deleted` / `permission.deleted` as the whole resource; Clerk sends a deleted stub.
    const stub = resolve(events[type]!, defs as ShapeDefs);
    if (typeof stub === 'object' && 'props' in stub && 'deleted' in stub.props && !sdk.getProperty('deleted')) continue;
    out[type] = merge(events[type]!, sdk, 0);
  }
  return unknown;
}
