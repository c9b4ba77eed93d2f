/**
 * An Express app that verifies GitHub webhooks with the official `@octokit/webhooks`: the raw
 * body against X-Hub-Signature-256.
 */
import { Webhooks } from '@octokit/webhooks';
import express from 'express';

export function createApp(secret = process.env.GITHUB_WEBHOOK_SECRET!): express.Express {
  const webhooks = new Webhooks({ secret });
  const app = express();
  app.post('/api/webhook/github', express.text({ type: '*/*' }), async (req, res) => {
    const body = typeof req.body === 'string' ? req.body : '';
    const signature = req.get('x-hub-signature-256');
    if (!signature || !(await webhooks.verify(body, signature))) {
      res.status(401).json({ error: 'invalid signature' });
      return;
    }
    const payload = JSON.parse(body) as { action?: string };
    res.json({ event: req.get('x-github-event'), action: payload.action ?? null });
  });
  return app;
}
