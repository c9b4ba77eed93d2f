/**
 * Fitting the scene's hand-built objects (the repository, users, the organization, an installation)
 * to the shape an event's schema gives them at a given place. GitHub sends several forms of one
 * object (a repository with or without merge settings, a user with or without `user_view_type`):
 * the form is the schema's, the values are the scene's, so ids, names and URLs agree across the body.
 */
import { isPlainObject, type JsonValue } from '../../core/index.js';
import { objectOf, type Assemble } from '../shared/literal.js';
import { resolve, type Shape, type ShapeDefs } from '../shared/shape.js';

/** Draws a value of a shape the template has no fitting value for. */
export type Draw = (shape: Shape) => JsonValue;

type Conformer = (template: JsonValue, draw: Draw) => JsonValue;
type Check = (value: JsonValue) => boolean;

/**
 * Each form's conformer and check, made once per shape: a body fits the scene's objects to the same
 * forms every time, so the keys, optional sets and leaf checks are read from the schema once.
 */
const compiled = new WeakMap<ShapeDefs, { conformers: Map<Shape, Conformer>; checks: Map<Shape, Check> }>();

function cacheOf(defs: ShapeDefs) {
  let cache = compiled.get(defs);
  if (!cache) compiled.set(defs, (cache = { conformers: new Map(), checks: new Map() }));
  return cache;
}

/**
 * `template` in the form of `shape`: an object keeps the shape's keys in the shape's order, takes the
 * template's value where it fits, drops optional keys the template lacks and draws required ones.
 * @example
 * conform({ id: 1, login: 'octocat', extra: true }, { props: { login: 'string', id: 'integer' } }, defs, draw);
 * // { login: 'octocat', id: 1 }
 */
export function conform(template: JsonValue, shape: Shape, defs: ShapeDefs, draw: Draw): JsonValue {
  return conformer(shape, defs)(template, draw);
}

/** Whether `value` has the type `shape` asks for (objects: the shape's required keys, each fitting). */
export function fits(value: JsonValue, shape: Shape, defs: ShapeDefs): boolean {
  return check(shape, defs)(value);
}

const conformer = (shape: Shape, defs: ShapeDefs): Conformer => once(cacheOf(defs).conformers, shape, defs, makeConformer);
const check = (shape: Shape, defs: ShapeDefs): Check => once(cacheOf(defs).checks, shape, defs, makeCheck);

/** What `make` makes of `shape`'s node, made on the first call for that shape. */
function once<T>(made: Map<Shape, T>, shape: Shape, defs: ShapeDefs, make: (node: Exclude<Shape, { ref: string }>, defs: ShapeDefs) => T): T {
  let value = made.get(shape);
  if (value === undefined) made.set(shape, (value = make(resolve(shape, defs), defs)));
  return value;
}

function makeConformer(node: Exclude<Shape, { ref: string }>, defs: ShapeDefs): Conformer {
  if (typeof node === 'object') {
    if ('nullable' in node) {
      const inner = conformer(node.nullable, defs);
      return (template, draw) => (template === null ? null : inner(template, draw));
    }
    if ('anyOf' in node) {
      const branches = node.anyOf;
      // Made on first use, as below: a form may contain itself.
      let made: { fitting: Check; objects: boolean; conform: Conformer }[] | undefined;
      return (template, draw) => {
        made ??= branches.map((b) => ({ fitting: check(b, defs), objects: isObjectShape(b, defs), conform: conformer(b, defs) }));
        const branch = made.find((b) => b.fitting(template)) ?? (isPlainObject(template) ? made.find((b) => b.objects) : undefined);
        return branch === undefined ? draw(node) : branch.conform(template, draw);
      };
    }
    if ('items' in node) {
      let item: Conformer | undefined;
      return (template, draw) => {
        if (!Array.isArray(template)) return draw(node);
        item ??= conformer(node.items, defs);
        return template.map((value) => item!(value, draw));
      };
    }
    if ('props' in node) {
      const keys = Object.keys(node.props);
      const shapes = keys.map((key) => node.props[key]!);
      const optional = new Set(node.optional);
      // Made on first use: a form may contain itself.
      let conformers: Conformer[] | undefined;
      // The output's assembler by which keys it has ('1' per key kept, '0' per optional key dropped).
      const layouts = new Map<string, Assemble>();
      return (template, draw) => {
        if (!isPlainObject(template)) return draw(node);
        conformers ??= shapes.map((shape) => conformer(shape, defs));
        const values: JsonValue[] = [];
        let present = '';
        let same = true;
        let kept = 0;
        for (let i = 0; i < keys.length; i++) {
          const key = keys[i]!;
          const value = template[key];
          if (value !== undefined) {
            const fitted = conformers[i]!(value, draw);
            if (fitted !== value) same = false;
            values.push(fitted);
            present += '1';
            kept++;
          } else if (!optional.has(key)) {
            values.push(draw(shapes[i]!));
            present += '1';
            same = false;
          } else {
            present += '0';
          }
        }
        // The template itself when it already has this form: its key order is GitHub's.
        if (same && kept === Object.keys(template).length) return template;
        let assemble = layouts.get(present);
        if (!assemble) layouts.set(present, (assemble = objectOf(keys.filter((_, i) => present[i] === '1'))));
        return assemble(values);
      };
    }
  }
  const fitting = check(node, defs);
  const uri = typeof node === 'object' && 'format' in node && node.format === 'uri';
  return (template, draw) => {
    if (fitting(template)) return template;
    // A URI template where the schema asks for a URI (`…/following{/other_user}`): the URI it expands to with no arguments.
    if (uri && typeof template === 'string' && template.includes('{')) {
      const expanded = template.replace(/\{[^}]*\}/g, '');
      if (fitting(expanded)) return expanded;
    }
    return draw(node);
  };
}

function isObjectShape(shape: Shape, defs: ShapeDefs): boolean {
  const node = resolve(shape, defs);
  return typeof node === 'object' && 'props' in node;
}

function makeCheck(node: Exclude<Shape, { ref: string }>, defs: ShapeDefs): Check {
  switch (node) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'integer':
      return (value) => Number.isInteger(value);
    case 'number':
      return (value) => typeof value === 'number';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'null':
      return (value) => value === null;
    case 'map':
      return (value) => isPlainObject(value);
    case 'any':
      return () => true;
  }
  if ('const' in node) {
    const { const: constant } = node;
    const json = JSON.stringify(constant);
    return (value) => value === constant || JSON.stringify(value) === json;
  }
  if ('enum' in node) return (value) => node.enum.includes(value);
  if ('format' in node) return (value) => typeof value === 'string' && fitsFormat(value, node.format);
  // Made on first use below: a form may contain itself.
  if ('nullable' in node) {
    let inner: Check | undefined;
    return (value) => value === null || (inner ??= check(node.nullable, defs))(value);
  }
  if ('anyOf' in node) {
    let branches: Check[] | undefined;
    return (value) => (branches ??= node.anyOf.map((branch) => check(branch, defs))).some((fitting) => fitting(value));
  }
  if ('items' in node) {
    let item: Check | undefined;
    return (value) => Array.isArray(value) && value.every((entry) => (item ??= check(node.items, defs))(entry));
  }
  const keys = Object.keys(node.props);
  const optional = new Set(node.optional);
  let checks: Check[] | undefined;
  return (value) => {
    if (!isPlainObject(value)) return false;
    checks ??= keys.map((key) => check(node.props[key]!, defs));
    for (let i = 0; i < keys.length; i++) {
      const item = value[keys[i]!];
      if (item === undefined ? !optional.has(keys[i]!) : !checks[i]!(item)) return false;
    }
    return true;
  };
}

function fitsFormat(value: string, format: string): boolean {
  switch (format) {
    case 'date-time':
      return /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(value);
    case 'date':
      return /^\d{4}-\d\d-\d\d$/.test(value);
    case 'uri':
      // A URI template (`…/events{/privacy}`) is not a URI.
      if (value.startsWith('https://')) return !/[\s{}"<>\\^`|]/.test(value);
      return /^[a-z][a-z0-9+.-]*:/i.test(value) && !/[\s{}"<>\\^`|]/.test(value);
    case 'email':
      return value.includes('@');
    default:
      return true;
  }
}
