/**
 * Fitting the scene's hand-built objects (the repository, users, the organization, an installation)
 * to the shape an event's schema gives them at a given place. GitHub sends several forms of one
 * object (a repository with or without merge settings, a user with or without `user_view_type`):
 * the form is the schema's, the values are the scene's, so ids, names and URLs agree across the body.
 */
import { isPlainObject, type JsonValue } from '../../core/index.js';
import { resolve, type Shape, type ShapeDefs } from '../shared/shape.js';

/** Draws a value of a shape the template has no fitting value for. */
export type Draw = (shape: Shape) => JsonValue;

/**
 * `template` in the form of `shape`: an object keeps the shape's keys in the shape's order, takes the
 * template's value where it fits, drops optional keys the template lacks and draws required ones.
 * @example
 * conform({ id: 1, login: 'octocat', extra: true }, { props: { login: 'string', id: 'integer' } }, defs, draw);
 * // { login: 'octocat', id: 1 }
 */
export function conform(template: JsonValue, shape: Shape, defs: ShapeDefs, draw: Draw): JsonValue {
  const node = resolve(shape, defs);
  if (typeof node === 'object') {
    if ('nullable' in node) return template === null ? null : conform(template, node.nullable, defs, draw);
    if ('anyOf' in node) {
      const branch = node.anyOf.find((b) => fits(template, b, defs)) ?? node.anyOf.find((b) => isPlainObject(template) && isObjectShape(b, defs));
      return branch === undefined ? draw(node) : conform(template, branch, defs, draw);
    }
    if ('items' in node) return Array.isArray(template) ? template.map((item) => conform(item, node.items, defs, draw)) : draw(node);
    if ('props' in node) {
      if (!isPlainObject(template)) return draw(node);
      const optional = node.optional;
      const out: Record<string, JsonValue> = {};
      let same = true;
      let kept = 0;
      for (const key in node.props) {
        const value = template[key];
        if (value !== undefined) {
          const fitted = conform(value, node.props[key]!, defs, draw);
          if (fitted !== value) same = false;
          out[key] = fitted;
          kept++;
        } else if (!optional?.includes(key)) {
          out[key] = draw(node.props[key]!);
          same = false;
        }
      }
      // The template itself when it already has this form: its key order is GitHub's, and a literal
      // object serializes faster than one grown key by key.
      return same && kept === Object.keys(template).length ? template : out;
    }
  }
  if (fits(template, node, defs)) return template;
  // A URI template where the schema asks for a URI (`…/following{/other_user}`): the URI it expands to with no arguments.
  if (typeof template === 'string' && typeof node === 'object' && 'format' in node && node.format === 'uri' && template.includes('{')) {
    const expanded = template.replace(/\{[^}]*\}/g, '');
    if (fits(expanded, node, defs)) return expanded;
  }
  return draw(node);
}

function isObjectShape(shape: Shape, defs: ShapeDefs): boolean {
  const node = resolve(shape, defs);
  return typeof node === 'object' && 'props' in node;
}

/** Whether `value` has the type `shape` asks for (objects: the shape's required keys, each fitting). */
export function fits(value: JsonValue, shape: Shape, defs: ShapeDefs): boolean {
  const node = resolve(shape, defs);
  switch (node) {
    case 'string':
      return typeof value === 'string';
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    case 'map':
      return isPlainObject(value);
    case 'any':
      return true;
  }
  if ('const' in node) return value === node.const || JSON.stringify(value) === JSON.stringify(node.const);
  if ('enum' in node) return node.enum.includes(value);
  if ('format' in node) return typeof value === 'string' && fitsFormat(value, node.format);
  if ('nullable' in node) return value === null || fits(value, node.nullable, defs);
  if ('anyOf' in node) return node.anyOf.some((branch) => fits(value, branch, defs));
  if ('items' in node) return Array.isArray(value) && value.every((item) => fits(item, node.items, defs));
  if (!isPlainObject(value)) return false;
  const optional = node.optional;
  for (const key in node.props) {
    const item = value[key];
    if (item === undefined ? !optional?.includes(key) : !fits(item, node.props[key]!, defs)) return false;
  }
  return true;
}

function fitsFormat(value: string, format: string): boolean {
  switch (format) {
    case 'date-time':
      return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value);
    case 'date':
      return /^\d{4}-\d\d-\d\d$/.test(value);
    case 'uri':
      // A URI template (`…/events{/privacy}`) is not a URI.
      if (value.startsWith('https://')) return !value.includes('{') && !/[\s}"<>\\^`|]/.test(value);
      return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/[\s{}"<>\\^`|]/.test(value);
    case 'email':
      return value.includes('@');
    default:
      return true;
  }
}
