/** `relay captures`: the deliveries `relay capture` (or `relay dev --capture`) kept, newest first. */
import { RelayError } from '../../core/index.js';
import { single, wholeNumber } from '../options.js';
import { EXIT, type Output } from '../output.js';
import { openStoredProject } from '../project.js';

/** cac's options of `relay captures`, unchecked. */
export interface CapturesCliOptions {
  dir?: unknown;
  json?: unknown;
  limit?: unknown;
  provider?: unknown;
  /** `--delete`: delete every capture. */
  delete?: unknown;
}

/**
 * Runs `relay captures`; resolves to the exit code.
 * @example
 * await capturesCommand(out, { dir: 'examples', provider: 'stripe' });
 */
export async function capturesCommand(out: Output, options: CapturesCliOptions): Promise<number> {
  const limit = options.limit === undefined ? 50 : wholeNumber('limit', single('limit', options.limit), 1, 500);
  const provider = single('provider', options.provider);
  const project = await openStoredProject('captures', options.dir);
  try {
    const store = project.relay.store;
    if (store.listCaptures === undefined) {
      throw new RelayError('USAGE', `the store of ${project.file ?? project.dir} cannot list captures (its Store has no listCaptures); use the default SQLite store.`);
    }
    if (options.delete === true) {
      if (provider !== undefined) throw new RelayError('USAGE', '--delete deletes every capture; it takes no --provider.');
      const count = (await store.deleteCaptures?.()) ?? 0;
      out.line(`[relay captures] deleted ${count} capture${count === 1 ? '' : 's'} with their executions, steps and logs.`);
      return EXIT.ok;
    }
    const captures = await store.listCaptures({ limit, ...(provider !== undefined ? { provider: String(provider) } : {}) });
    const rows = await Promise.all(
      captures.map(async (event) => ({
        eventId: event.id,
        executionId: (await store.getExecutionByEventId(event.id))?.id ?? null,
        provider: event.provider,
        eventType: event.type,
        deliveryId: event.deliveryId,
        capturedAt: event.receivedAt,
        bytes: Buffer.byteLength(event.body),
      })),
    );
    if (options.json === true) {
      out.line(JSON.stringify(rows, null, 2));
      return EXIT.ok;
    }
    if (rows.length === 0) {
      out.line(out.dim('No captures yet. Run `relay capture` (or `relay dev --capture`) and point the provider, a tunnel or `stripe listen` at it.'));
      return EXIT.ok;
    }
    const width = Math.max(...rows.map((r) => r.eventType.length));
    for (const row of rows) {
      out.line(`${out.bold(row.eventId)}  ${row.capturedAt}  ${row.eventType.padEnd(width)}  ${row.bytes} B  ${out.dim(row.executionId ?? '')}`);
    }
    out.line(out.dim(`Save one as a fixture: relay fixture save ${rows[0]!.eventId} fixtures/<name>.json`));
    return EXIT.ok;
  } finally {
    await project.relay.close();
  }
}
