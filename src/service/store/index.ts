/**
 * The stores behind the reference service: `SqliteStore` (the default, one file shared by processes) and
 * `MemoryStore` (for unit tests), both implementing `Store`, and `openStore`, which every caller chooses a store with.
 */
export { describeStore, openStore } from './open.js';
export type { OpenStoreOptions, StoreSpec } from './open.js';
export { MemoryStore } from './memory.js';
export { SqliteStore } from './sqlite.js';
export type { SqliteStoreOptions } from './sqlite.js';
export type { SqliteDriverName } from './sqlite-driver.js';
export type {
  CaptureFilter,
  DescribeOptions,
  ExecutionFilter,
  ExecutionPage,
  ExecutionPatch,
  ExecutionRecord,
  ExecutionStatus,
  InstanceRecord,
  LogLevel,
  LogRecord,
  OwnerCondition,
  StepRecord,
  Store,
  StoredEvent,
  StoreDescription,
} from './types.js';
