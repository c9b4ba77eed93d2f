/**
 * The service bench/dashboard.bench.ts measures, in its own process (so that the load generator, the
 * SSE client and Chromium do not share its event loop): `createRelay({ dashboard: true })` over the
 * SQLite file in argv[2], the Stripe secret in argv[3]. Prints its URL, then serves until killed.
 */
import { createRelay } from '../src/index.js';

const [dbPath, secret] = process.argv.slice(2);
if (!dbPath || !secret) throw new Error('usage: dashboard-server.ts <db path> <stripe secret>');
const relay = createRelay({ dashboard: true, storePath: dbPath, secrets: { stripe: secret } });
const listening = await relay.listen({ port: 0 });
console.log(listening.url);
process.once('SIGTERM', () => {
  void listening.close().then(() => relay.close()).then(() => process.exit(0));
});
