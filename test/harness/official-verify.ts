/**
 * Verifying a delivery the way a user's own route does, with each provider's official library: stripe-node's
 * `constructEvent`, @octokit/webhooks' `verify`, svix's `Webhook.verify`, and Shopify's documented HMAC
 * (HMAC-SHA256 of the raw body, base64, compared in constant time; Shopify publishes no verifier of its own).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhooks } from '@octokit/webhooks';
import Stripe from 'stripe';
import { Webhook } from 'svix';

/** Headers in lower case, as a node server sees them. */
export type LowerHeaders = Readonly<Record<string, string | undefined>>;

/** Resolves when the official library accepts the delivery under `secret`; throws its error otherwise. */
export async function officialVerify(provider: string, secret: string, headers: LowerHeaders, body: string): Promise<void> {
  switch (provider) {
    case 'stripe':
      Stripe.webhooks.constructEvent(body, headers['stripe-signature'] ?? '', secret);
      return;
    case 'github':
      if (!(await new Webhooks({ secret }).verify(body, headers['x-hub-signature-256'] ?? ''))) throw new Error('@octokit/webhooks: signature does not match');
      return;
    case 'clerk':
    case 'resend':
      new Webhook(secret).verify(body, { 'svix-id': headers['svix-id'] ?? '', 'svix-timestamp': headers['svix-timestamp'] ?? '', 'svix-signature': headers['svix-signature'] ?? '' });
      return;
    case 'shopify': {
      const expected = createHmac('sha256', secret).update(body, 'utf8').digest();
      const given = Buffer.from(headers['x-shopify-hmac-sha256'] ?? '', 'base64');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new Error('Shopify HMAC does not match');
      return;
    }
    default:
      throw new Error(`no official verifier for ${provider}`);
  }
}

/** `headers` with lower-case names. */
export function lower(headers: Readonly<Record<string, string>>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
}

/** A request a verifying receiver got: the provider (the last path segment), the path, the body, and whether it verified. */
export interface Received {
  readonly provider: string;
  readonly path: string;
  readonly body: string;
  readonly verified: boolean;
  readonly error?: string;
}

/**
 * A user's own webhook routes on a loopback port: `POST /<anything>/<provider>` verified with the official
 * library under `secrets[provider]`, answering 200 or 400. Close it with `server.close()`.
 */
export async function verifyingReceiver(secrets: Readonly<Record<string, string>>): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const provider = new URL(req.url!, 'http://receiver').pathname.split('/').at(-1)!;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      officialVerify(provider, secrets[provider] ?? '', headers, body).then(
        () => {
          received.push({ provider, path: req.url!, body, verified: true });
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
        },
        (error: Error) => {
          received.push({ provider, path: req.url!, body, verified: false, error: error.message });
          res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.message }));
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received, server };
}
