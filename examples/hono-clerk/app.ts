/**
 * A Hono app that verifies Clerk webhooks with the official `@clerk/backend` (`verifyWebhook`
 * checks the Svix signature of the request).
 */
import { verifyWebhook } from '@clerk/backend/webhooks';
import { Hono } from 'hono';

export const app = new Hono();

app.post('/api/webhook/clerk', async (c) => {
  try {
    const event = await verifyWebhook(c.req.raw, { signingSecret: process.env.CLERK_WEBHOOK_SECRET });
    return c.json({ type: event.type, id: 'id' in event.data ? event.data.id : null });
  } catch {
    return c.json({ error: 'invalid signature' }, 400);
  }
});
