/**
 * A small parser of the GraphQL that Shopify's Admin API clients send: one operation (`query` or
 * `mutation`, named or not, with variable definitions), its selection sets with aliases, arguments
 * (literals and `$variables`), inline fragments and named fragments. Directives are read and ignored.
 * Enough to answer each selected field; not a validator of Shopify's schema.
 */

/** A value as written in the document, variables still unresolved. */
export type GraphqlValue =
  | { readonly kind: 'variable'; readonly name: string }
  | { readonly kind: 'literal'; readonly value: unknown }
  | { readonly kind: 'list'; readonly items: readonly GraphqlValue[] }
  | { readonly kind: 'object'; readonly fields: Readonly<Record<string, GraphqlValue>> };

/** One selected field. */
export interface GraphqlField {
  /** The key in the answer: the alias, else the name. */
  readonly key: string;
  readonly name: string;
  readonly args: Readonly<Record<string, GraphqlValue>>;
  /** The sub-selection; empty for a leaf. */
  readonly selections: readonly GraphqlField[];
  /** Where the field is written, as GraphQL errors give it. */
  readonly line: number;
  readonly column: number;
}

/** A parsed operation. */
export interface GraphqlOperation {
  readonly type: 'query' | 'mutation';
  readonly name: string | undefined;
  readonly variables: readonly string[];
  readonly selections: readonly GraphqlField[];
}

/** A syntax error, with where it is. */
export class GraphqlSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

interface Token {
  readonly kind: 'punct' | 'name' | 'string' | 'number';
  readonly text: string;
  readonly line: number;
  readonly column: number;
}

const PUNCT = new Set(['{', '}', '(', ')', '[', ']', ':', '=', '!', '$', '@', ',', '|', '&']);

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let lineStart = 0;
  let i = 0;
  const at = (start: number) => ({ line, column: start - lineStart + 1 });
  while (i < source.length) {
    const c = source[i]!;
    if (c === '\n') {
      line++;
      lineStart = ++i;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === ',' || c === '\ufeff') i++;
    else if (c === '#') while (i < source.length && source[i] !== '\n') i++;
    else if (source.startsWith('...', i)) {
      tokens.push({ kind: 'punct', text: '...', ...at(i) });
      i += 3;
    } else if (PUNCT.has(c)) tokens.push({ kind: 'punct', text: c, ...at(i++) });
    else if (/[A-Za-z_]/.test(c)) {
      const start = i;
      while (i < source.length && /\w/.test(source[i]!)) i++;
      tokens.push({ kind: 'name', text: source.slice(start, i), ...at(start) });
    } else if (/[-\d]/.test(c)) {
      const match = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(source.slice(i));
      if (!match) throw new GraphqlSyntaxError(`Unexpected character "${c}"`, line, i - lineStart + 1);
      tokens.push({ kind: 'number', text: match[0], ...at(i) });
      i += match[0].length;
    } else if (c === '"') {
      const start = i;
      if (source.startsWith('"""', i)) {
        const end = source.indexOf('"""', i + 3);
        if (end < 0) throw new GraphqlSyntaxError('Unterminated string', line, i - lineStart + 1);
        const text = source.slice(i + 3, end);
        tokens.push({ kind: 'string', text: JSON.stringify(text.trim()), ...at(start) });
        for (const ch of text) if (ch === '\n') line++;
        i = end + 3;
        continue;
      }
      i++;
      while (i < source.length && source[i] !== '"') i += source[i] === '\\' ? 2 : 1;
      if (i >= source.length) throw new GraphqlSyntaxError('Unterminated string', line, start - lineStart + 1);
      tokens.push({ kind: 'string', text: source.slice(start, ++i), ...at(start) });
    } else throw new GraphqlSyntaxError(`Unexpected character "${c}"`, line, i - lineStart + 1);
  }
  return tokens;
}

class Parser {
  #i = 0;
  readonly fragments = new Map<string, number>();

  constructor(readonly tokens: readonly Token[]) {}

  peek(offset = 0): Token | undefined {
    return this.tokens[this.#i + offset];
  }

  next(): Token {
    const token = this.tokens[this.#i++];
    if (!token) {
      const last = this.tokens[this.tokens.length - 1];
      throw new GraphqlSyntaxError('Unexpected end of document', last?.line ?? 1, last?.column ?? 1);
    }
    return token;
  }

  is(text: string): boolean {
    return this.peek()?.text === text && this.peek()?.kind !== 'string';
  }

  expect(text: string): Token {
    const token = this.next();
    if (token.text !== text || token.kind === 'string') throw new GraphqlSyntaxError(`Expected "${text}", got "${token.text}"`, token.line, token.column);
    return token;
  }

  name(): Token {
    const token = this.next();
    if (token.kind !== 'name') throw new GraphqlSyntaxError(`Expected a name, got "${token.text}"`, token.line, token.column);
    return token;
  }

  get position(): number {
    return this.#i;
  }

  set position(value: number) {
    this.#i = value;
  }

  value(): GraphqlValue {
    const token = this.next();
    if (token.text === '$' && token.kind === 'punct') return { kind: 'variable', name: this.name().text };
    if (token.text === '[' && token.kind === 'punct') {
      const items: GraphqlValue[] = [];
      while (!this.is(']')) items.push(this.value());
      this.expect(']');
      return { kind: 'list', items };
    }
    if (token.text === '{' && token.kind === 'punct') {
      const fields: Record<string, GraphqlValue> = {};
      while (!this.is('}')) {
        const key = this.name().text;
        this.expect(':');
        fields[key] = this.value();
      }
      this.expect('}');
      return { kind: 'object', fields };
    }
    if (token.kind === 'string') return { kind: 'literal', value: JSON.parse(token.text) as unknown };
    if (token.kind === 'number') return { kind: 'literal', value: Number(token.text) };
    if (token.kind === 'name') return { kind: 'literal', value: token.text === 'true' ? true : token.text === 'false' ? false : token.text === 'null' ? null : token.text };
    throw new GraphqlSyntaxError(`Unexpected "${token.text}"`, token.line, token.column);
  }

  directives(): void {
    while (this.is('@')) {
      this.next();
      this.name();
      this.args();
    }
  }

  args(): Record<string, GraphqlValue> {
    const args: Record<string, GraphqlValue> = {};
    if (!this.is('(')) return args;
    this.next();
    while (!this.is(')')) {
      const key = this.name().text;
      this.expect(':');
      args[key] = this.value();
    }
    this.expect(')');
    return args;
  }

  /** Skips a type reference: `String!`, `[ID!]!`. */
  type(): void {
    if (this.is('[')) {
      this.next();
      this.type();
      this.expect(']');
    } else this.name();
    if (this.is('!')) this.next();
  }

  selectionSet(): GraphqlField[] {
    this.expect('{');
    const fields: GraphqlField[] = [];
    while (!this.is('}')) {
      if (this.is('...')) {
        this.next();
        if (this.is('on')) {
          this.next();
          this.name();
          this.directives();
          fields.push(...this.selectionSet());
        } else if (this.is('{') || this.is('@')) {
          this.directives();
          fields.push(...this.selectionSet());
        } else {
          const spread = this.name();
          this.directives();
          const start = this.fragments.get(spread.text);
          if (start === undefined) throw new GraphqlSyntaxError(`Fragment ${spread.text} was used, but not defined`, spread.line, spread.column);
          const back = this.position;
          this.position = start;
          fields.push(...this.selectionSet());
          this.position = back;
        }
        continue;
      }
      const first = this.name();
      const key = first.text;
      let name = first.text;
      if (this.is(':')) {
        this.next();
        name = this.name().text;
      }
      const args = this.args();
      this.directives();
      const selections = this.is('{') ? this.selectionSet() : [];
      fields.push({ key, name, args, selections, line: first.line, column: first.column });
    }
    this.expect('}');
    return fields;
  }

  /** Skips a selection set, nested ones included. */
  skipSet(): void {
    let depth = 0;
    do {
      const token = this.next();
      if (token.kind === 'punct' && token.text === '{') depth++;
      else if (token.kind === 'punct' && token.text === '}') depth--;
    } while (depth > 0);
  }
}

/**
 * The operation of `document` to run: the one named `operationName`, else the only one.
 * @example
 * parseGraphql('mutation Make($input: ProductInput!) { productCreate(input: $input) { product { id } } }').selections[0].name; // 'productCreate'
 */
export function parseGraphql(document: string, operationName?: string): GraphqlOperation {
  const parser = new Parser(tokenize(document));
  // First pass: where each fragment's selection set starts, and where each operation is.
  const operations: { type: 'query' | 'mutation'; name: string | undefined; start: number; line: number; column: number }[] = [];
  while (parser.peek()) {
    const token = parser.peek()!;
    if (token.kind === 'name' && token.text === 'fragment') {
      parser.next();
      const name = parser.name().text;
      parser.expect('on');
      parser.name();
      parser.directives();
      parser.fragments.set(name, parser.position);
      parser.skipSet();
    } else if (token.text === '{' && token.kind === 'punct') {
      operations.push({ type: 'query', name: undefined, start: parser.position, ...token });
      parser.skipSet();
    } else if (token.kind === 'name' && (token.text === 'query' || token.text === 'mutation')) {
      const start = parser.position;
      parser.next();
      const name = parser.peek()?.kind === 'name' ? parser.name().text : undefined;
      operations.push({ type: token.text, name, start, line: token.line, column: token.column });
      while (!parser.is('{')) parser.next();
      parser.skipSet();
    } else throw new GraphqlSyntaxError(`Unexpected "${token.text}": expected a query, a mutation or a fragment`, token.line, token.column);
  }
  if (operations.length === 0) throw new GraphqlSyntaxError('The document has no operation', 1, 1);
  const chosen = operationName ? operations.find((o) => o.name === operationName) : operations.length === 1 ? operations[0] : undefined;
  if (!chosen) {
    const message = operationName ? `No operation named "${operationName}"` : 'An operationName is required when the document has several operations';
    throw new GraphqlSyntaxError(message, operations[0]!.line, operations[0]!.column);
  }
  parser.position = chosen.start;
  const variables: string[] = [];
  if (!parser.is('{')) {
    parser.next();
    if (parser.peek()?.kind === 'name') parser.next();
    if (parser.is('(')) {
      parser.next();
      while (!parser.is(')')) {
        parser.expect('$');
        variables.push(parser.name().text);
        parser.expect(':');
        parser.type();
        if (parser.is('=')) {
          parser.next();
          parser.value();
        }
        parser.directives();
      }
      parser.expect(')');
    }
    parser.directives();
  }
  return { type: chosen.type, name: chosen.name, variables, selections: parser.selectionSet() };
}

/** `value` with its variables replaced by theirs (an unset variable is `null`). */
export function resolveValue(value: GraphqlValue, variables: Readonly<Record<string, unknown>>): unknown {
  switch (value.kind) {
    case 'variable':
      return variables[value.name] ?? null;
    case 'literal':
      return value.value;
    case 'list':
      return value.items.map((item) => resolveValue(item, variables));
    case 'object':
      return Object.fromEntries(Object.entries(value.fields).map(([k, v]) => [k, resolveValue(v, variables)]));
  }
}
