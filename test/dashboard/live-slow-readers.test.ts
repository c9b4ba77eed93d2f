/**
 * The live stream under pages that stop reading: 200 such clients once drove the service from 65 MB to
 * 996 MB, each holding every change broadcast after it stopped. A client that leaves more than
 * LIVE_BUFFER_LIMIT unread is disconnected; a client that reads keeps getting every event.
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createRelay, type Relay } from '../../src/service/index.js';
import { LIVE_BUFFER_LIMIT } from '../../src/service/dashboard/live.js';
import { MemoryStore } from '../../src/service/store/index.js';

/** A header that makes each refused delivery's event about 12 KB, so that few of them pass the limit. */
const PAD = 'p'.repeat(12 * 1024);
/** Enough refusals to pass the limit several times over, kernel socket buffers included. */
const REFUSALS = Math.ceil((6 * LIVE_BUFFER_LIMIT + 8 * 1024 * 1024) / PAD.length);

let relay: Relay | undefined;
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

/** Collects the `rejection` events' seq numbers a reading client gets, and resolves when `seq` arrives. */
function eventReader(read: (onText: (text: string) => void) => void) {
  let partial = '';
  const seqs: number[] = [];
  const waiting: { seq: number; resolve: () => void }[] = [];
  read((chunk) => {
    const blocks = (partial + chunk).split('\n\n');
    partial = blocks.pop()!;
    for (const block of blocks) {
      const seq = /^event: rejection\ndata: \{"seq":(\d+)/.exec(block)?.[1];
      if (seq !== undefined) seqs.push(Number(seq));
    }
    const max = seqs.at(-1) ?? 0;
    for (const wait of waiting.filter((w) => w.seq <= max)) {
      waiting.splice(waiting.indexOf(wait), 1);
      wait.resolve();
    }
  });
  return {
    seen: () => seqs,
    until: (seq: number) => new Promise<void>((resolve) => ((seqs.at(-1) ?? 0) >= seq ? resolve() : waiting.push({ seq, resolve }))),
  };
}

/** `count` unsigned deliveries (each refused 400 and broadcast as a rejection), `batch` at a time. */
async function refuse(send: () => Promise<unknown>, count: number, batch = 16): Promise<void> {
  for (let sent = 0; sent < count; sent += batch) {
    await Promise.all(Array.from({ length: Math.min(batch, count - sent) }, send));
  }
}

describe('the live stream and a client that stops reading', () => {
  it('over fetch: errors the stream of a reader that never reads, while a reading client gets every event', async () => {
    const service = (relay = createRelay({ store: new MemoryStore(), dashboard: true }));
    const live = () => service.fetch(new Request('http://localhost/_dashboard/api/live'));
    const stalled = await live();
    const reading = (await live()).body!.getReader();
    const decoder = new TextDecoder();
    const reader = eventReader((onText) => {
      void (async () => {
        for (;;) {
          const { done, value } = await reading.read();
          if (done) return;
          onText(decoder.decode(value, { stream: true }));
        }
      })();
    });
    const send = () =>
      service.fetch(new Request('http://localhost/api/webhook/stripe', { method: 'POST', headers: { 'content-type': 'application/json', 'x-pad': PAD }, body: '{}' }));
    await refuse(send, REFUSALS);
    await reader.until(REFUSALS);
    // The stream is checked when it is next written to.
    await refuse(send, 1);
    await reader.until(REFUSALS + 1);
    expect(reader.seen()).toHaveLength(REFUSALS + 1);
    // Dropped: what it held is gone, and reading it now fails instead of yielding megabytes of old events.
    await expect(stalled.body!.getReader().read()).rejects.toThrow(/fell too far behind/);
  });

  it('over node:http: disconnects a client that never reads, while a reading client stays connected', async () => {
    const service = (relay = createRelay({ store: new MemoryStore(), dashboard: true }));
    const listening = await service.listen({ port: 0 });
    const stalled = connect(listening.port, '127.0.0.1');
    stalled.on('error', () => {});
    const stalledClosed = new Promise<void>((resolve) => stalled.on('close', () => resolve()));
    stalled.write(`GET /_dashboard/api/live HTTP/1.1\r\nHost: localhost:${listening.port}\r\n\r\n`);
    // Reads only the head, then never again.
    await new Promise<void>((resolve) => stalled.once('data', () => (stalled.pause(), resolve())));
    const reader = eventReader((onText) => {
      request(`${listening.url}/_dashboard/api/live`, (res) => res.setEncoding('utf8').on('data', onText)).end();
    });
    await reader.until(0);
    const send = () =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${listening.url}/api/webhook/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-pad': PAD } }, (res) => {
          res.resume().on('end', resolve);
        });
        req.on('error', reject).end('{}');
      });
    await refuse(send, REFUSALS);
    await reader.until(REFUSALS);
    // Reading again, it finds the server gone: what was in flight, then the end of the connection.
    stalled.resume();
    await stalledClosed;
    await refuse(send, 1);
    await reader.until(REFUSALS + 1);
    expect(reader.seen()).toHaveLength(REFUSALS + 1);
  });
});
