/**
 * A Hono app that keeps its own user table in sync with Clerk: the webhook route verifies each delivery
 * with the official `@clerk/backend` (`verifyWebhook`) and creates, updates or deletes the row of the
 * user it reports. Deliveries can repeat (Svix retries with the same `svix-id`), so each write is
 * idempotent.
 */
import { verifyWebhook } from '@clerk/backend/webhooks';
import { Hono } from 'hono';

/** The app's copy of a Clerk user. */
export interface UserRow {
  email: string | null;
  name: string;
  plan: string;
}

export function createApp(signingSecret: string): { app: Hono; users: Map<string, UserRow> } {
  const users = new Map<string, UserRow>();
  const app = new Hono();

  app.post('/webhooks/clerk', async (c) => {
    let event;
    try {
      event = await verifyWebhook(c.req.raw, { signingSecret });
    } catch {
      return c.json({ error: 'invalid signature' }, 400);
    }
    switch (event.type) {
      case 'user.created':
      case 'user.updated': {
        const user = event.data;
        const primary = user.email_addresses.find((e) => e.id === user.primary_email_address_id);
        const plan = typeof user.public_metadata.plan === 'string' ? user.public_metadata.plan : 'free';
        users.set(user.id, { email: primary?.email_address ?? null, name: [user.first_name, user.last_name].filter(Boolean).join(' '), plan });
        break;
      }
      case 'user.deleted':
        if (event.data.id) users.delete(event.data.id);
        break;
    }
    return c.json({ received: true });
  });

  return { app, users };
}
