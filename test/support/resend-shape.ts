/**
 * The catalog's check of a Resend event's `data` against the shapes `npm run gen` read from the resend
 * package's declarations (`WebhookEventPayload`): every declared key there (optional ones may be
 * absent), nothing else, each value of its declared JSON type, ids UUIDs and times ISO 8601. Shared by
 * the catalog's test (resend-shapes.test.ts) and the emulator's (resend-chains.test.ts).
 * @example
 * expect(resendShapeProblems(events[type]!, event.data, '', new Set())).toEqual([]);
 */
import { defs } from '../../src/providers/resend/generated/shapes.js';
import { resolve, type Shape } from '../../src/providers/shared/shape.js';

type Json = Record<string, any>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3,6}(Z|\+00:00)$/;

/** Where `value` breaks `shape` (`[]` when it fits); optional keys seen are added to `seen` as `path.key`. */
export function resendShapeProblems(shape: Shape, value: unknown, path: string, seen: Set<string>): string[] {
  const node = resolve(shape, defs);
  const at = (problem: string) => [`${path || 'data'}: ${problem}, got ${JSON.stringify(value)}`];
  if (typeof node === 'string') {
    switch (node) {
      case 'string':
        return typeof value === 'string' ? [] : at('a string');
      case 'integer':
        return Number.isInteger(value) ? [] : at('an integer');
      case 'number':
        return typeof value === 'number' ? [] : at('a number');
      case 'boolean':
        return typeof value === 'boolean' ? [] : at('a boolean');
      case 'null':
        return value === null ? [] : at('null');
      case 'map':
        return value !== null && typeof value === 'object' && Object.values(value).every((v) => typeof v === 'string') ? [] : at('a map of strings');
      case 'any':
        return [];
    }
  }
  if ('const' in node) return value === node.const ? [] : at(`${JSON.stringify(node.const)}`);
  if ('enum' in node) return node.enum.includes(value as never) ? [] : at(`one of ${node.enum.join(', ')}`);
  if ('format' in node) {
    if (typeof value !== 'string') return at('a string');
    if (node.format === 'uuid') return UUID.test(value) ? [] : at('a UUID');
    if (node.format === 'date-time') return ISO.test(value) ? [] : at('an ISO 8601 time');
    return [];
  }
  if ('nullable' in node) return value === null ? [] : resendShapeProblems(node.nullable, value, path, seen);
  if ('anyOf' in node) return node.anyOf.some((branch) => resendShapeProblems(branch, value, path, new Set()).length === 0) ? [] : at('one of the branches');
  if ('items' in node) return Array.isArray(value) ? value.flatMap((item, i) => resendShapeProblems(node.items, item, `${path}[${i}]`, seen)) : at('an array');
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return at('an object');
  const object = value as Json;
  const optional = new Set(node.optional ?? []);
  const problems: string[] = [];
  for (const key of Object.keys(node.props)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (!(key in object)) {
      if (!optional.has(key)) problems.push(`${keyPath}: missing`);
      continue;
    }
    if (optional.has(key)) seen.add(keyPath.replace(/\[\d+\]/g, '[]'));
    problems.push(...resendShapeProblems(node.props[key]!, object[key], keyPath, seen));
  }
  for (const key of Object.keys(object)) if (!(key in node.props)) problems.push(`${path ? `${path}.` : ''}${key}: not declared by the resend package`);
  return problems;
}
