/**
 * `openStore`: the one way a store is chosen, whoever chooses it (`createRelay`, `relay dev`, the test
 * plugins). A path, `:memory:`, a URL-like spec whose scheme schemes.ts lists, or a store already made.
 */
import { RelayError } from '../../core/index.js';
import { MemoryStore } from './memory.js';
import { sqliteFile, STORE_SCHEMES, type SchemeOptions } from './schemes.js';
import type { DescribeOptions, Store, StoreDescription } from './types.js';

/**
 * What `openStore` takes: a `Store` (returned as it is); `':memory:'` (a `MemoryStore`); a spec with a scheme
 * (`sqlite:.relay/relay.db`, `sqlite::memory:`, `file:///srv/app/relay.db`, `memory:`); or a SQLite file's path.
 */
export type StoreSpec = Store | string;

/** Options of `openStore`: the SQLite driver, the directory relative paths are resolved from. */
export type OpenStoreOptions = SchemeOptions;

/**
 * The store `spec` names, opened. A file store's file is created, with its directory, when missing; a spec
 * that names no store relaykit knows throws a `RelayError` `INVALID_OPTION` listing the schemes there are.
 *
 * @example
 * const store = openStore('.relay/relay.db');            // SQLite, the default of relay dev
 * const inMemory = openStore(':memory:');                 // MemoryStore, for tests
 * const relay = createRelay({ store: openStore('sqlite:/tmp/relay.db') });
 */
export function openStore(spec: StoreSpec, options: OpenStoreOptions = {}): Store {
  if (typeof spec !== 'string') {
    if (isStore(spec)) return spec;
    throw new RelayError('INVALID_OPTION', `A store is a path, ":memory:", a spec such as sqlite:<path>, or a Store object; got ${describeValue(spec)}.`);
  }
  if (spec.trim() === '') throw new RelayError('INVALID_OPTION', `The store spec is empty: ${SPECS}.`);
  if (spec === ':memory:') return new MemoryStore();
  const scheme = schemeOf(spec);
  if (scheme === undefined) return sqliteFile(spec, options);
  const opener = STORE_SCHEMES.get(scheme.toLowerCase());
  if (!opener) {
    // The scheme only: the rest of a database URL may hold a password.
    throw new RelayError('INVALID_OPTION', `No store of scheme "${scheme}:" is known. ${SPECS}.`);
  }
  return opener.open(spec, options);
}

/**
 * What `store` says of itself (`Store.describe`), or its class name for a store that says nothing.
 * @example
 * describeStore(relay.store, { relativeTo: dir }).label // '.relay/relay.db (node:sqlite)'
 */
export function describeStore(store: Store, options?: DescribeOptions): StoreDescription {
  if (typeof store.describe === 'function') return store.describe(options);
  const name = (store as { constructor?: { name?: string } }).constructor?.name || 'Store';
  return { kind: name, location: name, label: name };
}

const SPECS =
  'Pass a SQLite file path, ":memory:" (in memory), a Store object, or one of ' +
  [...STORE_SCHEMES.values()].map((s) => `${s.scheme}: (${s.example})`).join(', ');

/**
 * The scheme of a URL-like spec, or `undefined` for a path. A single letter is a Windows drive (`C:\db`), and a
 * spec starting with `:` (`:memory:`) is SQLite's, not a scheme.
 */
function schemeOf(spec: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9+.-]+):/.exec(spec)?.[1];
}

function isStore(value: unknown): value is Store {
  const candidate = value as Partial<Record<keyof Store, unknown>> | null;
  return typeof candidate === 'object' && candidate !== null && typeof candidate.insertDelivery === 'function' && typeof candidate.close === 'function';
}

function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return `an object without insertDelivery() and close()`;
}
