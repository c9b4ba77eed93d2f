/**
 * The hand-written peer of `npm run bench:ingest`: the Stripe webhook endpoint a competent user writes
 * without relaykit, as Stripe's docs show it (Express with the raw body, `stripe.webhooks.constructEvent`),
 * storing each event in SQLite through better-sqlite3 in WAL mode with `synchronous = NORMAL`, as relaykit
 * does. Neither a strawman nor tuned beyond what such a user would write.
 */
import Database from 'better-sqlite3';
import express from 'express';
import Stripe from 'stripe';

export function createPeerApp({ dbPath, secret }: { dbPath: string; secret: string }): { app: express.Express; db: Database.Database } {
  // constructEvent checks the signature locally and never calls Stripe's API, so any key does.
  const stripe = new Stripe('sk_test_relaykit_bench');
  const db = new Database(dbPath);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`
    CREATE TABLE IF NOT EXISTS stripe_events (
      id          TEXT PRIMARY KEY, -- Stripe's event id: a redelivery is a no-op
      type        TEXT NOT NULL,
      payload     TEXT NOT NULL,    -- the raw body as received
      received_at TEXT NOT NULL
    )`);
  // One statement in autocommit mode: one transaction per delivery.
  const insert = db.prepare('INSERT INTO stripe_events (id, type, payload, received_at) VALUES (?, ?, ?, ?) ON CONFLICT (id) DO NOTHING');

  const app = express();
  app.post('/api/webhook/stripe', express.raw({ type: 'application/json' }), (req, res) => {
    // express.raw gives a Buffer; `unknown` first, since probot's types (a devDependency) widen IncomingMessage.body.
    const raw = req.body as unknown as Buffer;
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(raw, req.headers['stripe-signature'] ?? '', secret);
    } catch (error) {
      res.status(400).send(`Webhook Error: ${(error as Error).message}`);
      return;
    }
    insert.run(event.id, event.type, raw.toString('utf8'), new Date().toISOString());
    res.json({ received: true });
  });
  return { app, db };
}
