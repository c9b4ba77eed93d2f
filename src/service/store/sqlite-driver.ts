/**
 * The two ways relaykit reaches SQLite, behind one small interface: the runtime's own `node:sqlite`
 * (no native build, no install), and better-sqlite3 (a native addon, an optional peer dependency) on
 * runtimes that lack it or still flag it experimental. Both write the same file format, so a database
 * written through one is read through the other.
 *
 * The choice is made once per process: `RELAY_SQLITE_DRIVER` or the store's `driver` option names one;
 * otherwise `node:sqlite` where the runtime has it without an experimental warning (Node 24), else
 * better-sqlite3 when it loads, else `node:sqlite` where it exists at all (Node 22, with its warning
 * said once by relaykit). Nothing is loaded until a store is opened.
 */
import { createRequire } from 'node:module';
import { ENV_NAMES, RelayError } from '../../core/index.js';

/** The SQLite drivers relaykit can use. */
export type SqliteDriverName = 'better-sqlite3' | 'node:sqlite';

/** The names `RELAY_SQLITE_DRIVER` and the `driver` option accept. */
export const SQLITE_DRIVERS: readonly SqliteDriverName[] = ['node:sqlite', 'better-sqlite3'];

/** Bound parameters: positional, or named (`@name` in the SQL, `name` in the object). */
export type SqlParams = readonly unknown[] | Readonly<Record<string, unknown>>;

/** A prepared statement. Rows are plain objects. */
export interface SqlStatement {
  run(params?: SqlParams): { changes: number };
  get<Row = Record<string, unknown>>(params?: SqlParams): Row | undefined;
  all<Row = Record<string, unknown>>(params?: SqlParams): Row[];
}

/** An open connection. */
export interface SqlDatabase {
  readonly driver: SqliteDriverName;
  exec(sql: string): void;
  prepare(sql: string): SqlStatement;
  /** Runs `PRAGMA <text>` and returns the first column of its first row. */
  pragma(text: string): unknown;
  /** Whether a transaction is open (a failed statement may have rolled it back). */
  readonly inTransaction: boolean;
  close(): void;
}

/** How a driver was chosen, for `relay dev`'s start-up line. */
export interface DriverChoice {
  readonly name: SqliteDriverName;
  /** e.g. `experimental on Node 22`; empty when there is nothing to say. */
  readonly note: string;
}

// --- node:sqlite ----------------------------------------------------------------------------------
//
// The two `open…` functions and `loadNodeSqlite` are also run by the store's worker threads, which receive
// their source text (worker-db.ts): each must stay self-contained, using only its arguments and JavaScript's
// and Node's globals, never an import or another name of this module.

interface NodeSqliteStatement {
  run(...params: unknown[]): { changes: number | bigint };
  get(...params: unknown[]): Record<string, unknown> | undefined;
  all(...params: unknown[]): Record<string, unknown>[];
}
interface NodeSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): NodeSqliteStatement;
  close(): void;
  readonly isTransaction: boolean;
}
/** node:sqlite's `DatabaseSync`. */
export type NodeSqliteConstructor = new (path: string, options?: { timeout?: number }) => NodeSqliteDatabase;
interface NodeSqliteModule {
  DatabaseSync: NodeSqliteConstructor;
}

/** node:sqlite, loaded with its experimental warning (if this runtime has one) held back; `undefined` where it does not exist. */
export function loadNodeSqlite(): { module: NodeSqliteModule; experimental: boolean } | undefined {
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  if (!getBuiltin) return undefined;
  const emitWarning = process.emitWarning;
  let experimental = false;
  process.emitWarning = ((warning: string | Error, ...rest: unknown[]) => {
    if (String(warning).includes('SQLite')) experimental = true;
    else (emitWarning as (...args: unknown[]) => void).call(process, warning, ...rest);
  }) as typeof process.emitWarning;
  try {
    const module = getBuiltin('node:sqlite') as NodeSqliteModule | undefined;
    return module ? { module, experimental } : undefined;
  } finally {
    process.emitWarning = emitWarning;
  }
}

/**
 * A connection through node:sqlite. Its failures carry better-sqlite3's `code` (`SQLITE_CONSTRAINT_FOREIGNKEY`,
 * …; node:sqlite reports only the number, as `errcode`), so that the store tells them apart whichever driver threw.
 * Positional parameters are spread, named ones passed as one object, as node:sqlite takes them; rows, which have
 * no prototype there, are copied into plain objects (relaykit hands rows to users as records).
 */
export function openNodeSqlite(DatabaseSync: NodeSqliteConstructor, path: string, busyTimeoutMs: number): SqlDatabase {
  // The result codes relaykit tells apart, by number (extended codes included).
  const codes: Readonly<Record<number, string>> = {
    5: 'SQLITE_BUSY',
    8: 'SQLITE_READONLY',
    11: 'SQLITE_CORRUPT',
    13: 'SQLITE_FULL',
    14: 'SQLITE_CANTOPEN',
    19: 'SQLITE_CONSTRAINT',
    26: 'SQLITE_NOTADB',
    275: 'SQLITE_CONSTRAINT_CHECK',
    787: 'SQLITE_CONSTRAINT_FOREIGNKEY',
    1299: 'SQLITE_CONSTRAINT_NOTNULL',
    1555: 'SQLITE_CONSTRAINT_PRIMARYKEY',
    2067: 'SQLITE_CONSTRAINT_UNIQUE',
  };
  const guard = <T>(run: () => T): T => {
    try {
      return run();
    } catch (error) {
      const { errcode, errstr } = error as { errcode?: unknown; errstr?: unknown };
      if (typeof errcode !== 'number') throw error;
      const failure = new Error((error as Error).message || String(errstr), { cause: error });
      failure.name = 'SqliteFailure';
      throw Object.assign(failure, { code: codes[errcode] ?? codes[errcode & 0xff] ?? `SQLITE_ERROR_${errcode}` });
    }
  };
  const bind = (params: SqlParams | undefined): unknown[] => (params === undefined ? [] : Array.isArray(params) ? params : [params]);
  const plain = (row: Record<string, unknown>): Record<string, unknown> => ({ ...row });
  const db = guard(() => new DatabaseSync(path, { timeout: busyTimeoutMs }));
  return {
    driver: 'node:sqlite',
    exec: (sql) => guard(() => db.exec(sql)),
    prepare(sql) {
      const statement = guard(() => db.prepare(sql));
      return {
        run: (params) => guard(() => ({ changes: Number(statement.run(...bind(params)).changes) })),
        get: <Row>(params?: SqlParams) =>
          guard(() => {
            const row = statement.get(...bind(params));
            return row === undefined ? undefined : (plain(row) as Row);
          }),
        all: <Row>(params?: SqlParams) => guard(() => statement.all(...bind(params)).map(plain) as Row[]),
      };
    },
    pragma: (text) =>
      guard(() => {
        const row = db.prepare(`PRAGMA ${text}`).get();
        return row === undefined ? undefined : Object.values(row)[0];
      }),
    get inTransaction() {
      return db.isTransaction;
    },
    close: () => db.close(),
  };
}

// --- better-sqlite3 --------------------------------------------------------------------------------

interface BetterSqliteStatement {
  run(...params: unknown[]): { changes: number };
  get(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}
interface BetterSqliteDatabase {
  exec(sql: string): void;
  prepare(sql: string): BetterSqliteStatement;
  pragma(text: string, options: { simple: true }): unknown;
  close(): void;
  readonly inTransaction: boolean;
}
/** better-sqlite3's `Database`. */
export type BetterSqliteConstructor = new (path: string, options?: { timeout?: number }) => BetterSqliteDatabase;

const require = createRequire(import.meta.url);

/** better-sqlite3, or why it cannot load here (not installed, or built for another Node). */
function loadBetterSqlite(): { Database: BetterSqliteConstructor } | { error: Error } {
  try {
    const Database = require('better-sqlite3') as BetterSqliteConstructor;
    // The addon itself loads on first use: open a throwaway in-memory database to find out now.
    new Database(':memory:').close();
    return { Database };
  } catch (error) {
    return { error: error as Error };
  }
}

/** A connection through better-sqlite3 (self-contained: see above). */
export function openBetterSqlite(Database: BetterSqliteConstructor, path: string, busyTimeoutMs: number): SqlDatabase {
  const db = new Database(path, { timeout: busyTimeoutMs });
  return {
    driver: 'better-sqlite3',
    exec: (sql) => db.exec(sql),
    prepare(sql) {
      const statement = db.prepare(sql);
      return {
        run: (params) => (params === undefined ? statement.run() : statement.run(params)),
        get: <Row>(params?: SqlParams) => (params === undefined ? statement.get() : statement.get(params)) as Row | undefined,
        all: <Row>(params?: SqlParams) => (params === undefined ? statement.all() : statement.all(params)) as Row[],
      };
    },
    pragma: (text) => db.pragma(text, { simple: true }),
    get inTransaction() {
      return db.inTransaction;
    },
    close: () => db.close(),
  };
}

// --- the choice ------------------------------------------------------------------------------------

/** Opens SQLite files with one driver. */
export interface SqliteDriver extends DriverChoice {
  open(path: string, options: { busyTimeoutMs: number }): SqlDatabase;
}

const NODE_WITH_SQLITE = 'Node 22.13 or later (node:sqlite built in; Node 24 without a warning)';

function missingBetterSqlite(error: Error | undefined): RelayError {
  const message = error?.message ?? '';
  const builtForOther = /NODE_MODULE_VERSION|did not self-register|invalid ELF|wrong ELF|compiled against a different/i.test(message);
  const notInstalled = (error as NodeJS.ErrnoException | undefined)?.code === 'MODULE_NOT_FOUND' || /Cannot find module 'better-sqlite3'/.test(message);
  const fix = builtForOther
    ? `better-sqlite3 was built for another Node version than this one (${process.version}): run \`npm rebuild better-sqlite3\``
    : notInstalled
      ? 'better-sqlite3 is not installed: run `npm install better-sqlite3`'
      : `better-sqlite3 does not load (${message.split('\n', 1)[0]}): run \`npm rebuild better-sqlite3\``;
  return new RelayError('STORE_UNAVAILABLE', `The relay store needs SQLite. ${fix}, or use ${NODE_WITH_SQLITE}.`);
}

let chosen: Map<string, SqliteDriver> | undefined;

/**
 * The driver for `option` (a name, or `undefined` for `RELAY_SQLITE_DRIVER`, else automatic), decided
 * once per process and name. Throws `RelayError` `STORE_UNAVAILABLE` naming the cause and the fix when
 * none can be had, and `INVALID_OPTION` for an unknown name.
 */
export function sqliteDriver(option?: string): SqliteDriver {
  const fromEnv = process.env[ENV_NAMES.sqliteDriver] || undefined;
  const requested = option ?? fromEnv;
  // Where the name came from, for the error messages.
  const source = option !== undefined ? "the store's driver option" : 'RELAY_SQLITE_DRIVER';
  const key = requested ?? 'auto';
  chosen ??= new Map();
  let driver = chosen.get(key);
  if (!driver) {
    driver = choose(requested, source);
    chosen.set(key, driver);
  }
  return driver;
}

/**
 * Whether this Node is one better-sqlite3 12 crashes on. From Node 24.19, node's ObjectWrap removes an
 * environment cleanup hook when a wrapped object is destroyed, asserting that an environment is current;
 * better-sqlite3 before 13 (13 needs Node 22+) frees statements from the garbage collector, where none
 * is, and the process aborts (`Assertion failed: (env) != nullptr`). node:sqlite is the default there.
 */
export function betterSqliteCrashesHere(version: string = process.versions.node): boolean {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 24 || (major === 24 && minor >= 19);
}

function choose(requested: string | undefined, source: string): SqliteDriver {
  if (requested !== undefined && !SQLITE_DRIVERS.includes(requested as SqliteDriverName)) {
    throw new RelayError('INVALID_OPTION', `Unknown SQLite driver "${requested}" (${source}): use ${SQLITE_DRIVERS.join(' or ')}.`);
  }
  const builtIn = requested === 'better-sqlite3' ? undefined : loadNodeSqlite();
  const experimental = `experimental on Node ${process.versions.node}`;
  const viaNode = (note: string): SqliteDriver => ({
    name: 'node:sqlite',
    note,
    open: (path, { busyTimeoutMs }) => openNodeSqlite(builtIn!.module.DatabaseSync, path, busyTimeoutMs),
  });
  if (requested === 'node:sqlite') {
    if (!builtIn) {
      throw new RelayError('STORE_UNAVAILABLE', `${source} asks for node:sqlite, which Node ${process.versions.node} does not have: use ${NODE_WITH_SQLITE}, or better-sqlite3.`);
    }
    return viaNode(builtIn.experimental ? experimental : '');
  }
  if (builtIn && !builtIn.experimental) return viaNode('');
  if (betterSqliteCrashesHere()) {
    throw new RelayError(
      'STORE_UNAVAILABLE',
      `${source} asks for better-sqlite3, which crashes on Node ${process.versions.node} (better-sqlite3 12 aborts when a statement is garbage-collected on Node 24.19 and later): ` +
        'use node:sqlite, the default on this Node (unset RELAY_SQLITE_DRIVER).',
    );
  }
  const better = loadBetterSqlite();
  if ('Database' in better) {
    const Database = better.Database;
    return { name: 'better-sqlite3', note: '', open: (path, { busyTimeoutMs }) => openBetterSqlite(Database, path, busyTimeoutMs) };
  }
  if (builtIn && requested === undefined) return viaNode(experimental);
  throw missingBetterSqlite(better.error);
}
