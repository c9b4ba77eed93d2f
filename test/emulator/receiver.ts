/**
 * A receiving service over real HTTP for the emulator's tests: each delivery's raw body and headers go
 * to `verify` (the provider's official verifier, in the caller); what it returns is kept, what it
 * throws is a refusal answered 400. Answers `status()` otherwise (200 by default).
 * @example
 * const service = await httpReceiver((body, headers) => stripe.webhooks.constructEvent(body, String(headers['stripe-signature']), secret));
 * createEmulator({ webhooks: { stripe: { url: service.url, secret } } });
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function httpReceiver<T>(verify: (body: string, headers: IncomingHttpHeaders) => T, path = '/webhooks') {
  const received: T[] = [];
  const refused: string[] = [];
  let status = () => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        received.push(verify(Buffer.concat(chunks).toString('utf8'), req.headers));
        res.writeHead(status()).end();
      } catch (error) {
        refused.push((error as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`,
    received,
    refused,
    /** Answers `next()` from now on. */
    answer: (next: () => number) => (status = next),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
