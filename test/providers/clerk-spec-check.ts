/**
 * Checks a Clerk payload against Clerk's webhooks OpenAPI, through the facts `npm run gen clerk` drew
 * from it: the key paths of Clerk's example for the type (test/providers/generated/clerk-examples.ts)
 * and the spec's shapes (src/providers/clerk/generated/shapes.ts). Each check returns the problems
 * it found, as readable lines; none means the payload passes.
 */
import { defs, events } from '../../src/providers/clerk/generated/shapes.js';
import { resolve, type Shape } from '../../src/providers/shared/shape.js';
import { clerkExampleKeys } from './generated/clerk-examples.js';

const jsonType = (value: unknown): string =>
  value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'number' : typeof value;

/** The values at `segments` under `value`, arrays expanded at `[]`; an empty array is reported. */
function valuesAt(value: unknown, segments: readonly string[], where: string, problems: string[]): unknown[] {
  let current: unknown[] = [value];
  let path = '';
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const item of current) {
      if (segment === '[]') {
        if (!Array.isArray(item)) continue;
        if (item.length === 0) problems.push(`${where}: ${path} is empty where Clerk's example has items`);
        next.push(...item);
      } else if (item !== null && typeof item === 'object' && !Array.isArray(item)) {
        next.push((item as Record<string, unknown>)[segment]);
      }
    }
    path += segment === '[]' ? '[]' : path === '' ? segment : `.${segment}`;
    current = next;
  }
  return current;
}

/** Every key of Clerk's example for `eventType` present in `event` (a whole parsed body), with the example's JSON type unless it is null. */
export function exampleKeyProblems(eventType: string, event: unknown): string[] {
  const keys = clerkExampleKeys[eventType];
  if (!keys) return [`${eventType}: no example facts`];
  const problems: string[] = [];
  for (const fact of keys) {
    const colon = fact.lastIndexOf(':');
    const path = fact.slice(0, colon);
    const type = fact.slice(colon + 1);
    const segments = path.replace(/\[\]/g, '.[]').split('.');
    const key = segments.pop()!;
    for (const parent of valuesAt(event, segments, eventType, problems)) {
      if (parent === null || typeof parent !== 'object' || Array.isArray(parent)) continue;
      if (!(key in parent)) problems.push(`${eventType}: ${path} missing`);
      else if (type !== 'null' && jsonType((parent as Record<string, unknown>)[key]) !== type) {
        problems.push(`${eventType}: ${path} is ${jsonType((parent as Record<string, unknown>)[key])}, Clerk's example has ${type}`);
      }
    }
  }
  return [...new Set(problems)];
}

export interface SchemaProblems {
  /** A key the spec requires is absent, or a value is not of the spec's type. */
  readonly invalid: string[];
  /** Keys the spec does not declare. */
  readonly undeclared: string[];
}

/** `data` checked against the spec's shape for `eventType`: required keys, types, consts, enums, undeclared keys. */
export function schemaProblems(eventType: string, data: unknown): SchemaProblems {
  const shape = events[eventType];
  const out: SchemaProblems = { invalid: [], undeclared: [] };
  if (!shape) {
    out.invalid.push(`${eventType}: not in the spec`);
    return out;
  }
  check(shape, data, 'data', out);
  return out;
}

function check(node: Shape, value: unknown, path: string, out: SchemaProblems): void {
  const shape = resolve(node, defs);
  const bad = (what: string): void => {
    out.invalid.push(`${path}: ${what} (got ${JSON.stringify(value)?.slice(0, 60)})`);
  };
  if (typeof shape === 'string') {
    const ok =
      shape === 'any' ||
      (shape === 'string' && typeof value === 'string') ||
      (shape === 'integer' && Number.isInteger(value)) ||
      (shape === 'number' && typeof value === 'number') ||
      (shape === 'boolean' && typeof value === 'boolean') ||
      (shape === 'null' && value === null) ||
      (shape === 'map' && value !== null && typeof value === 'object' && !Array.isArray(value));
    if (!ok) bad(`expected ${shape}`);
    return;
  }
  if ('const' in shape) return void (value === shape.const || bad(`expected ${JSON.stringify(shape.const)}`));
  if ('enum' in shape) return void (shape.enum.includes(value as never) || bad(`expected one of ${shape.enum.join(', ')}`));
  if ('format' in shape) return void (typeof value === 'string' || bad('expected a string'));
  if ('nullable' in shape) return value === null ? undefined : check(shape.nullable, value, path, out);
  if ('anyOf' in shape) {
    const tries = shape.anyOf.map((branch) => {
      const attempt: SchemaProblems = { invalid: [], undeclared: [] };
      check(branch, value, path, attempt);
      return attempt;
    });
    const best = tries.find((t) => t.invalid.length === 0 && t.undeclared.length === 0) ?? tries.find((t) => t.invalid.length === 0) ?? tries[0]!;
    out.invalid.push(...best.invalid);
    out.undeclared.push(...best.undeclared);
    return;
  }
  if ('items' in shape) {
    if (!Array.isArray(value)) return bad('expected an array');
    value.forEach((item, i) => check(shape.items, item, `${path}[${i}]`, out));
    return;
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return bad('expected an object');
  const object = value as Record<string, unknown>;
  const optional = new Set(shape.optional ?? []);
  for (const key of Object.keys(shape.props)) {
    if (key in object) check(shape.props[key]!, object[key], `${path}.${key}`, out);
    else if (!optional.has(key)) out.invalid.push(`${path}.${key}: required, missing`);
  }
  for (const key of Object.keys(object)) if (!(key in shape.props)) out.undeclared.push(`${path}.${key}`);
}
