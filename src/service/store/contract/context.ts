/** What the Store contract's checks are written against: the caller's runner, and the store under test. */
import type { Store } from '../types.js';
import type { Delivery } from './fixtures.js';

/** The matchers the checks use, as Vitest's and Jest's `expect` (and the `expect` package) have them. */
export interface ContractAssertion {
  toBe(expected: unknown): void;
  toEqual(expected: unknown): void;
  toStrictEqual(expected: unknown): void;
  toMatchObject(expected: object): void;
  toContain(expected: unknown): void;
  toHaveLength(expected: number): void;
  toHaveProperty(path: string, value?: unknown): void;
  toBeUndefined(): void;
  toBeNull(): void;
  toBeLessThanOrEqual(expected: number): void;
  readonly not: Omit<ContractAssertion, 'not' | 'rejects'>;
  readonly rejects: {
    toThrow(expected?: RegExp | string): Promise<void>;
    toMatchObject(expected: object): Promise<void>;
  };
}

/** `expect` of the caller's test runner. */
export type ContractExpect = (actual: unknown, message?: string) => ContractAssertion;

/**
 * The caller's test runner: Vitest's or Jest's `describe`, `it` and `expect` (node:test's `describe` and `it` with
 * the `expect` package's).
 */
export interface ContractRunner {
  describe(name: string, body: () => void): void;
  it(name: string, body: () => Promise<void>): void;
  readonly expect: ContractExpect;
}

/** @internal What each part of the contract registers its checks with. */
export interface ContractContext extends ContractRunner {
  /** The store of the check running now (a fresh one per check). */
  readonly store: Store;
  /** Stores `d` and expects it created. */
  insert(d?: Delivery): Promise<Delivery>;
}
