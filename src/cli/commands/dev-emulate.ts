/**
 * `relay dev --emulate`: the emulated provider APIs beside the reference service, each delivering its
 * webhooks to the service's own mount path, signed with the secret the service verifies with (the
 * provider's env var; a fresh one for this run when it is unset).
 */
import { RelayError } from '../../core/index.js';
import { createEmulator, type Emulator } from '../../emulator/index.js';
import { getProvider } from '../../providers/index.js';
import type { Output } from '../output.js';

/** The mounts of the service the emulator may deliver to. */
interface Mount {
  readonly provider: string;
  readonly path: string;
  readonly secretEnv: string | null;
}

/** `--emulate-port`, checked: default 12111, as `relay emulate`. */
export function parseEmulatePort(value: unknown): number {
  if (value === undefined) return 12111;
  const port = Number(value);
  if (!/^\d+$/.test(String(value)) || port > 65_535) throw new RelayError('USAGE', `--emulate-port must be a whole number from 0 to 65535, got "${String(value)}".`);
  return port;
}

/**
 * Starts the emulator for the providers the service mounts and it emulates; sets each one's secret env
 * var for this process when unset (so that the service verifies what the emulator signs). Returns the
 * emulator and the lines to print.
 */
export async function startDevEmulator(out: Output, serviceUrl: string, mounts: readonly Mount[], port: number, host: string): Promise<{ emulator: Emulator; lines: string[] }> {
  const emulated = new Set(createEmulator().providers);
  const served = mounts.filter((m) => emulated.has(m.provider) && m.secretEnv !== null);
  const generated: string[] = [];
  const webhooks = Object.fromEntries(
    served.map((mount) => {
      const name = mount.secretEnv!;
      if (!process.env[name]) {
        process.env[name] = getProvider(mount.provider).generateSecret();
        generated.push(name);
      }
      return [mount.provider, { url: `${serviceUrl}${mount.path}`, secret: process.env[name]! }];
    }),
  );
  const emulator = createEmulator({ providers: served.map((m) => m.provider), webhooks });
  let url: string;
  try {
    ({ url } = await emulator.listen(port, host));
  } catch (caught) {
    if (caught instanceof RelayError) throw new RelayError('USAGE', caught.message.replace(/^Port (\d+)/, '--emulate-port $1'));
    throw caught;
  }
  const lines = [`  ${out.bold('emulator')}: ${url}`];
  for (const provider of emulator.providers) {
    lines.push(`    ${provider}: client options ${JSON.stringify(emulator.clientOptions(provider))}, webhooks → ${webhooks[provider]!.url}`);
  }
  if (generated.length > 0) lines.push(out.dim(`    ${generated.join(', ')} not set: the service and the emulator use a fresh secret for this run`));
  return { emulator, lines };
}
