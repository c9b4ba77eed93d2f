/**
 * The URL-like store specs `openStore` knows, scheme by scheme. A store kept elsewhere (a PostgreSQL server)
 * comes as one new file exporting a `StoreScheme`, listed here: nothing else changes.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { RelayError } from '../../core/index.js';
import { MemoryStore } from './memory.js';
import { PostgresStore } from './postgres.js';
import { SqliteStore } from './sqlite.js';
import type { SqliteDriverName } from './sqlite-driver.js';
import type { Store } from './types.js';

/** What an opener is given besides the spec. */
export interface SchemeOptions {
  /** The SQLite driver, for the schemes that open SQLite. Default: `RELAY_SQLITE_DRIVER`, else chosen automatically. */
  readonly driver?: SqliteDriverName;
  /** The directory a relative file path is resolved from. Default: kept relative, as SQLite reads it (the working directory). */
  readonly dir?: string;
}

/**
 * How the stores of one URL scheme are opened. Synchronous: a store that connects over the network connects on
 * its first call (every `Store` method is async).
 */
export interface StoreScheme {
  /** The scheme without its colon, lower case: `sqlite`. */
  readonly scheme: string;
  /** An example spec, for the error that lists the schemes: `sqlite:.relay/relay.db`. */
  readonly example: string;
  /** The store `spec` names; `spec` is whole (`sqlite:///tmp/relay.db`). */
  open(spec: string, options: SchemeOptions): Store;
}

/** A SQLite file (or SQLite in memory: `sqlite::memory:`) at the path after `sqlite:` (`sqlite:///abs/path` too). */
const sqlite: StoreScheme = {
  scheme: 'sqlite',
  example: 'sqlite:.relay/relay.db',
  open: (spec, options) => sqliteFile(spec.slice('sqlite:'.length).replace(/^\/\//, ''), options, spec),
};

/** A SQLite file named by a `file:` URL (`file:///abs/relay.db`) or `file:` and a path. */
const file: StoreScheme = {
  scheme: 'file',
  example: 'file:///srv/app/.relay/relay.db',
  open: (spec, options) => sqliteFile(spec.startsWith('file://') ? fileURLToPath(spec) : spec.slice('file:'.length), options, spec),
};

/** The in-memory store (`memory:`), as `:memory:`: nothing is kept after the process ends. */
const memory: StoreScheme = {
  scheme: 'memory',
  example: 'memory:',
  open: () => new MemoryStore(),
};

/** A PostgreSQL database (`postgres://user:password@host:port/database`), shared by every instance on it. */
const postgres: StoreScheme = {
  scheme: 'postgres',
  example: 'postgres://relay@127.0.0.1:5432/relay',
  open: (spec) => new PostgresStore({ url: spec }),
};

/** `postgresql://…`, the other scheme PostgreSQL's own tools accept. */
const postgresql: StoreScheme = { ...postgres, scheme: 'postgresql', example: 'postgresql://…' };

/** Every scheme `openStore` accepts, by name. */
export const STORE_SCHEMES: ReadonlyMap<string, StoreScheme> = new Map([sqlite, file, memory, postgres, postgresql].map((s) => [s.scheme, s]));

/**
 * A `SqliteStore` at `file` (`:memory:`: SQLite in memory), resolved from `options.dir` when relative. `spec` is
 * what the caller wrote, for the error when it names no file.
 */
export function sqliteFile(file: string, options: SchemeOptions, spec: string = file): Store {
  if (file.trim() === '') throw new RelayError('INVALID_OPTION', `The store spec ${JSON.stringify(spec)} names no file: write sqlite:<path>, e.g. ${sqlite.example}.`);
  const at = file === ':memory:' || options.dir === undefined ? file : path.resolve(options.dir, file);
  return new SqliteStore({ path: at, ...(options.driver ? { driver: options.driver } : {}) });
}
