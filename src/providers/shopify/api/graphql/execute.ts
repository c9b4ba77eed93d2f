/**
 * `POST /admin/api/:version/graphql.json`: Shopify's Admin GraphQL endpoint over the emulated shop.
 * Each top-level field of the operation is answered by its resolver and cut to what was selected;
 * the answer is `{ data, extensions: { cost } }` as Shopify's, and an unknown field, a syntax error
 * or a missing argument is Shopify's `{ errors: [{ message, locations, path, extensions: { code } }] }`.
 */
import { isPlainObject } from '../../../../core/index.js';
import { readJsonObject, type Obj, type RouteHandler, type World } from '../../../shared/api/index.js';
import { shopifyJson } from '../errors.js';
import { shopOf } from '../read.js';
import { select } from './nodes.js';
import { GraphqlSyntaxError, parseGraphql, resolveValue, type GraphqlField } from './parse.js';

/** What a resolver is handed besides its arguments. */
export interface ResolverContext {
  readonly world: World;
  /** The shop domain the request is for: `acme.myshopify.com`. */
  readonly shop: string;
  /** The API version of the request's path: `2025-10`. */
  readonly version: string;
}

/** A field's resolver: its arguments (variables resolved) to its value, in GraphQL shape. */
export type Resolver = (args: Obj, context: ResolverContext) => unknown;

/** An error of the whole field, said as Shopify's GraphQL errors are (`code` in `extensions`). */
export class FieldError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
  }
}

/** The root fields served, by operation type. */
export interface GraphqlSchema {
  readonly query: Readonly<Record<string, Resolver>>;
  readonly mutation: Readonly<Record<string, Resolver>>;
}

/** A userErrors entry: `{ field, message }`, as each mutation payload lists them. */
export function userError(field: readonly string[] | null, message: string, code?: string): Obj {
  return { field, message, ...(code ? { code } : {}) };
}

function graphqlErrors(errors: readonly Obj[]): Response {
  return shopifyJson({ errors });
}

/** Shopify's cost report: a mutation costs 10, each other selected object 1. */
function cost(fields: readonly GraphqlField[], mutation: boolean): Obj {
  const objects = (list: readonly GraphqlField[]): number => list.reduce((n, f) => n + (f.selections.length > 0 ? 1 + objects(f.selections) : 0), 0);
  const spent = (mutation ? 10 * fields.length : 0) + objects(fields);
  return { requestedQueryCost: spent, actualQueryCost: spent, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 2000 - spent, restoreRate: 100 } };
}

/**
 * The GraphQL endpoint's handler for `schema`.
 * @example
 * r('POST', '/graphql.json', graphqlHandler({ query: { shop: … }, mutation: { productCreate: … } }));
 */
export function graphqlHandler(schema: GraphqlSchema): RouteHandler {
  return async (request, params, world) => {
    const body = await readJsonObject(request);
    if (!body || typeof body.query !== 'string' || body.query.trim() === '') {
      return shopifyJson({ errors: { query: 'Required parameter missing or invalid' } }, 400);
    }
    const variables = isPlainObject(body.variables) ? body.variables : {};
    let operation;
    try {
      operation = parseGraphql(body.query, typeof body.operationName === 'string' ? body.operationName : undefined);
    } catch (caught) {
      if (!(caught instanceof GraphqlSyntaxError)) throw caught;
      return graphqlErrors([{ message: `Parse error: ${caught.message}`, locations: [{ line: caught.line, column: caught.column }], extensions: { code: 'parseError' } }]);
    }
    const root = operation.type === 'mutation' ? schema.mutation : schema.query;
    const typeName = operation.type === 'mutation' ? 'Mutation' : 'QueryRoot';
    const unknown = operation.selections.filter((f) => f.name !== '__typename' && !Object.hasOwn(root, f.name));
    if (unknown.length > 0) {
      return graphqlErrors(
        unknown.map((f) => ({
          message:
            `Field '${f.name}' doesn't exist on type '${typeName}'. The relaykit emulator serves these ${operation.type} fields: ` +
            `${Object.keys(root).join(', ')}; for anything else, mock it in your test.`,
          locations: [{ line: f.line, column: f.column }],
          path: [operation.type, f.name],
          extensions: { code: 'undefinedField', typeName, fieldName: f.name },
        })),
      );
    }
    const missing = operation.variables.filter((name) => !(name in variables));
    const context: ResolverContext = { world, shop: shopOf(params), version: String(params.version) };
    const data: Obj = {};
    const errors: Obj[] = [];
    for (const field of operation.selections) {
      if (field.name === '__typename') {
        data[field.key] = typeName;
        continue;
      }
      const args = Object.fromEntries(Object.entries(field.args).map(([k, v]) => [k, resolveValue(v, variables)]));
      try {
        data[field.key] = select(root[field.name]!(args, context), field.selections);
      } catch (caught) {
        if (!(caught instanceof FieldError)) throw caught;
        data[field.key] = null;
        const hint = missing.length > 0 ? ` (variables not given: ${missing.map((n) => `$${n}`).join(', ')})` : '';
        errors.push({ message: `${caught.message}${hint}`, locations: [{ line: field.line, column: field.column }], path: [field.key], extensions: { code: caught.code } });
      }
    }
    return shopifyJson({ ...(errors.length > 0 ? { errors } : {}), data, extensions: { cost: cost(operation.selections, operation.type === 'mutation') } });
  };
}

/** The argument `name` as an object, or the error Shopify gives when a required argument is missing. */
export function requiredObject(args: Obj, field: string, ...names: string[]): Obj {
  for (const name of names) if (isPlainObject(args[name])) return args[name];
  throw new FieldError(`Field '${field}' is missing required arguments: ${names[0]}`, 'missingRequiredArguments');
}

/** The argument `name` as a string, or the missing-argument error. */
export function requiredString(args: Obj, field: string, name: string): string {
  const value = args[name];
  if (typeof value === 'string' && value !== '') return value;
  throw new FieldError(`Field '${field}' is missing required arguments: ${name}`, 'missingRequiredArguments');
}
