/**
 * The stores behind the reference service: `SqliteStore` (the default, one file shared by processes) and
 * `MemoryStore` (for unit tests) and `PostgresStore` (a service shared by several instances), all implementing `Store`, and `openStore`, which every caller chooses a store with.
 */
export { describeStore, openStore } from './open.js';
export type { OpenStoreOptions, StoreSpec } from './open.js';
export { MemoryStore } from './memory.js';
export { PostgresStore } from './postgres.js';
export type { PostgresStoreOptions } from './postgres.js';
export { SqliteStore } from './sqlite.js';
export type { SqliteStoreOptions } from './sqlite.js';
export type { SqliteDriverName } from './sqlite-driver.js';
// The Store contract and every type it speaks in: a third-party store implements them all.
export type * from './types.js';
