/** Finds and loads the user's `relay.ts` (with jiti, loaded only here), which exports the service. */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { RelayError } from '../providers/errors.js';
import type { Relay } from './relay.js';

const CANDIDATES = ['relay.ts', 'relay.mts', 'relay.js', 'relay.mjs'];

/** The first `relay.{ts,mts,js,mjs}` in `dir`, or `undefined`. */
export function findRelayFile(dir: string): string | undefined {
  for (const name of CANDIDATES) {
    const file = path.join(dir, name);
    if (existsSync(file)) return file;
  }
  return undefined;
}

function isRelay(value: unknown): value is Relay {
  const candidate = value as Partial<Relay> | undefined;
  return typeof candidate?.fetch === 'function' && typeof candidate.listen === 'function' && typeof candidate.findExecution === 'function';
}

/** Imports `file` and returns its default export, or its named `relay` export; a `RelayError` says what is wrong otherwise. */
export async function loadRelayFile(file: string): Promise<Relay> {
  const { createJiti } = await import('jiti');
  const jiti = createJiti(import.meta.url, { moduleCache: false });
  let module: Record<string, unknown>;
  try {
    module = (await jiti.import(file)) as Record<string, unknown>;
  } catch (cause) {
    const detail = cause instanceof Error ? cause.message.split('\n')[0] : String(cause);
    throw new RelayError('INVALID_OPTION', `could not load ${file}: ${detail}`, { cause });
  }
  const candidate = isRelay(module.default) ? module.default : isRelay(module.relay) ? module.relay : undefined;
  if (!candidate) {
    const names = Object.keys(module);
    throw new RelayError(
      'INVALID_OPTION',
      `${file} does not export a relay service. Export it as \`export default createRelay({ … })\` (or \`export const relay = createRelay({ … })\`); ` +
        `it exports ${names.length > 0 ? names.join(', ') : 'nothing'}.`,
    );
  }
  return candidate;
}
