import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { RelayError } from '../../src/core/index.js';
import { describeStore, MemoryStore, openStore, SqliteStore, type Store } from '../../src/service/store/index.js';

const temp = mkdtempSync(join(tmpdir(), 'relay-open-store-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const opened: Store[] = [];
afterAll(() => Promise.all(opened.map((s) => s.close())));
const open = (...args: Parameters<typeof openStore>) => {
  const store = openStore(...args);
  opened.push(store);
  return store;
};

describe('openStore: the one way a store is chosen', () => {
  it('opens a SQLite file at a path, creating its directory, and describes it relative to a directory', () => {
    const store = open(join(temp, 'a', '.relay', 'relay.db'));
    expect(store).toBeInstanceOf(SqliteStore);
    const description = describeStore(store, { relativeTo: join(temp, 'a') });
    const driver = (store as SqliteStore).driver;
    expect(description).toMatchObject({ kind: 'sqlite', location: join(temp, 'a', '.relay', 'relay.db'), driver });
    expect(description.label.startsWith(`${join('.relay', 'relay.db')} (${driver}`)).toBe(true);
    // Outside the directory, the location is shown as given.
    expect(describeStore(store, { relativeTo: join(temp, 'b') }).label.startsWith(join(temp, 'a', '.relay', 'relay.db'))).toBe(true);
  });

  it('resolves a relative path from dir, for a path and for sqlite: and file: specs', () => {
    expect((open('x/one.db', { dir: temp }) as SqliteStore).path).toBe(join(temp, 'x', 'one.db'));
    expect((open('sqlite:x/two.db', { dir: temp }) as SqliteStore).path).toBe(join(temp, 'x', 'two.db'));
    expect((open(`sqlite://${join(temp, 'three.db')}`) as SqliteStore).path).toBe(join(temp, 'three.db'));
    expect((open(pathToFileURL(join(temp, 'four.db')).href) as SqliteStore).path).toBe(join(temp, 'four.db'));
    expect((open('file:x/five.db', { dir: temp }) as SqliteStore).path).toBe(join(temp, 'x', 'five.db'));
  });

  it('opens the in-memory store for ":memory:" and memory:, and SQLite in memory for sqlite::memory:', () => {
    expect(open(':memory:')).toBeInstanceOf(MemoryStore);
    expect(open('memory:')).toBeInstanceOf(MemoryStore);
    expect(describeStore(open(':memory:'))).toEqual({ kind: 'memory', location: ':memory:', label: 'in memory (MemoryStore)' });
    const sqliteInMemory = open('sqlite::memory:', { dir: temp });
    expect(sqliteInMemory).toBeInstanceOf(SqliteStore);
    expect(describeStore(sqliteInMemory).location).toBe(':memory:');
  });

  it('returns a store object as it is, and describes a store without describe() by its class name', () => {
    const store = new MemoryStore();
    opened.push(store);
    expect(openStore(store)).toBe(store);
    class MyStore extends MemoryStore {}
    const mine: Store = new MyStore();
    // A store of one's own that does not say what it is.
    Object.defineProperty(mine, 'describe', { value: undefined });
    opened.push(mine);
    expect(describeStore(openStore(mine))).toEqual({ kind: 'MyStore', location: 'MyStore', label: 'MyStore' });
  });

  it('refuses an unknown scheme with a RelayError naming the schemes there are, and never echoes the rest of the URL', () => {
    let caught: unknown;
    try {
      openStore('mysql://relay:s3cret@db.internal:3306/relay');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(RelayError);
    expect((caught as RelayError).code).toBe('INVALID_OPTION');
    const message = (caught as RelayError).message;
    expect(message).toMatch(/No store of scheme "mysql:" is known/);
    expect(message).toMatch(/postgres: \(postgres:\/\/relay@127\.0\.0\.1:5432\/relay\)/);
    expect(message).toMatch(/sqlite: \(sqlite:\.relay\/relay\.db\)/);
    expect(message).toMatch(/file: /);
    expect(message).toMatch(/":memory:"/);
    expect(message).not.toContain('s3cret');
    expect(message).not.toContain('db.internal');
  });

  it('refuses an empty spec, a spec naming no file, and a value that is not a store, each with a RelayError', () => {
    for (const spec of ['', '  ', 'sqlite:', 'file:', 42, { insertDelivery: 1 }, null]) {
      expect(() => openStore(spec as never), String(spec)).toThrow(RelayError);
    }
    expect(() => openStore('sqlite:')).toThrow(/names no file: write sqlite:<path>/);
  });

  it('takes a Windows drive letter for a path, not a scheme', () => {
    // On POSIX the name is a relative file called "C:…"; what matters is that no scheme error is thrown.
    expect(open('C:relay.db', { dir: temp })).toBeInstanceOf(SqliteStore);
  });
});
