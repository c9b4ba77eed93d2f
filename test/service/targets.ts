/** The service under test, reached in-process through `fetch` or over real HTTP through `listen`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRelay, type Relay, type RelayOptions } from '../../src/service/index.js';
import { MemoryStore, SqliteStore } from '../../src/service/store/index.js';

export interface Answer {
  status: number;
  headers: Headers;
  text: string;
  json: any;
}

export interface Target {
  readonly relay: Relay;
  send(method: string, path: string, init?: { headers?: Record<string, string>; body?: string | Uint8Array }): Promise<Answer>;
  close(): Promise<void>;
}

async function answer(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function init(method: string, given?: { headers?: Record<string, string>; body?: string | Uint8Array }): RequestInit {
  const body = method === 'GET' || method === 'HEAD' ? undefined : given?.body;
  return { method, headers: given?.headers, body: body as BodyInit | undefined };
}

export type TargetKind = 'fetch' | 'http';

/** `fetch`: in-process with a MemoryStore. `http`: node:http on a free port with a SQLite file. */
export async function startTarget(kind: TargetKind, options: RelayOptions = {}): Promise<Target> {
  if (kind === 'fetch') {
    const relay = createRelay({ store: new MemoryStore(), ...options });
    return {
      relay,
      send: async (method, p, given) => answer(await relay.fetch(new Request(`http://relay.test${p}`, init(method, given)))),
      close: () => relay.close(),
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-contract-'));
  const relay = createRelay({ store: new SqliteStore({ path: path.join(dir, 'relay.db') }), ...options });
  const listening = await relay.listen({ port: 0 });
  return {
    relay,
    send: async (method, p, given) => answer(await fetch(`${listening.url}${p}`, init(method, given))),
    close: async () => {
      await relay.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
