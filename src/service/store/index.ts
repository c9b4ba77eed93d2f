/**
 * The stores behind the reference service: `SqliteStore` (the default, one file shared by processes) and
 * `MemoryStore` (for unit tests), both implementing `Store`.
 */
export { MemoryStore } from './memory.js';
export { SqliteStore } from './sqlite.js';
export type { SqliteStoreOptions } from './sqlite.js';
export type { SqliteDriverName } from './sqlite-driver.js';
export type {
  CaptureFilter,
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
} from './types.js';
