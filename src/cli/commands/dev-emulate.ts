/**
 * `relay dev --emulate`: the emulated provider APIs beside the reference service, each delivering its
 * webhooks to the service's own mount path, signed with the secret the service verifies with (the
 * provider's env var; a fresh one for this run when it is unset). What it sends is shown on the
 * dashboard's "Sent by the emulator" view, through `emulatorSentSource`.
 */
import { RelayError } from '../../core/index.js';
import { createEmulator, emulatedProviders, type DeliveryAttempt, type Emulator, type EmulatorDelivery } from '../../emulator/index.js';
import { getProvider } from '../../providers/index.js';
import type { SentDelivery, SentSource } from '../../service/dashboard/index.js';
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
export async function startDevEmulator(
  out: Output,
  serviceUrl: string,
  mounts: readonly Mount[],
  port: number,
  host: string,
  sent?: EmulatorSent,
): Promise<{ emulator: Emulator; lines: string[] }> {
  const emulated = new Set(emulatedProviders());
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
  const emulator = createEmulator({ providers: served.map((m) => m.provider), webhooks, ...(sent ? { onAttempt: sent.onAttempt } : {}) });
  sent?.attach(emulator);
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

/** An emulator's deliveries as the dashboard reads them, and the two ends the emulator is wired by. */
export interface EmulatorSent {
  /** What the dashboard is given (`dashboard: { sent: source }`). */
  readonly source: SentSource;
  /** The emulator's `onAttempt` option: each answered attempt reaches the dashboard's subscribers. */
  readonly onAttempt: (delivery: EmulatorDelivery, attempt: DeliveryAttempt) => void;
  /** The emulator `source.list()` reads `deliveries()` of; until then the list is empty. */
  attach(emulator: Emulator): void;
}

/**
 * The emulator adapted to the dashboard's `SentSource` (the service cannot import the emulator). Made
 * before the emulator, since the service and its dashboard start first and the emulator delivers to the
 * service's URL; `startDevEmulator` wires it.
 * @example
 * const sent = emulatorSentSource();
 * const relay = createRelay({ dashboard: { sent: sent.source } });
 * const emulator = createEmulator({ webhooks, onAttempt: sent.onAttempt });
 * sent.attach(emulator);
 */
export function emulatorSentSource(): EmulatorSent {
  let emulator: Emulator | undefined;
  const listeners = new Set<(delivery: SentDelivery) => void>();
  // A duplicate send has the same ids as its original: the nth duplicate of a delivery is told apart by
  // its order (deliveries() lists them in the order of their first attempts) and, at a retry, by the
  // attempts it had.
  const duplicates = new Map<string, DeliveryAttempt[][]>();
  const keyOf = (delivery: EmulatorDelivery): string => {
    const base = baseKey(delivery);
    if (delivery.copy === 'original') return base;
    const known = duplicates.get(base) ?? [];
    duplicates.set(base, known);
    const before = delivery.attempts.slice(0, -1);
    let index = before.length === 0 ? -1 : known.findIndex((attempts) => sameAttempts(attempts, before));
    if (index === -1) index = known.push([]) - 1;
    known[index] = [...delivery.attempts];
    return `${base}/duplicate-${index + 1}`;
  };
  return {
    source: {
      list: () => {
        const seen = new Map<string, number>();
        return (emulator?.deliveries() ?? []).map((delivery) => {
          const base = baseKey(delivery);
          if (delivery.copy === 'original') return sentDelivery(delivery, base);
          const n = (seen.get(base) ?? 0) + 1;
          seen.set(base, n);
          return sentDelivery(delivery, `${base}/duplicate-${n}`);
        });
      },
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    },
    onAttempt: (delivery) => {
      const sent = sentDelivery(delivery, keyOf(delivery));
      for (const listener of listeners) listener(sent);
    },
    attach: (given) => {
      emulator = given;
    },
  };
}

function baseKey(delivery: EmulatorDelivery): string {
  return `${delivery.provider}/${delivery.endpoint.id}/${delivery.deliveryId}`;
}

function sameAttempts(a: readonly DeliveryAttempt[], b: readonly DeliveryAttempt[]): boolean {
  return a.length === b.length && a.every((attempt, i) => attempt.sentAt === b[i]!.sentAt && attempt.status === b[i]!.status);
}

function sentDelivery(delivery: EmulatorDelivery, key: string): SentDelivery {
  return {
    key,
    provider: delivery.provider,
    type: delivery.type,
    deliveryId: delivery.deliveryId,
    endpoint: { id: delivery.endpoint.id, url: delivery.endpoint.url },
    objectId: delivery.objectId ?? null,
    copy: delivery.copy,
    status: delivery.status,
    attempts: delivery.attempts.map((a) => ({
      attempt: a.attempt,
      sentAt: new Date(a.sentAt).toISOString(),
      status: a.status,
      durationMs: a.durationMs,
      ...(a.error !== undefined ? { error: a.error } : {}),
    })),
    event: delivery.event,
  };
}
