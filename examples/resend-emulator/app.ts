/**
 * A mailer with a bounce handler, on Express: `POST /welcome` sends a welcome email through Resend
 * unless the address is suppressed, and the webhook route (verified with the official `resend`
 * package) suppresses an address once Resend reports it bounced or complained, so that the app never
 * mails it again.
 */
import express from 'express';
import type { Resend } from 'resend';

export function createApp(resend: Resend, webhookSecret: string): { app: express.Express; suppressed: Set<string> } {
  const suppressed = new Set<string>();
  const app = express();

  app.post('/welcome', express.json(), async (req, res) => {
    const { email } = req.body as { email: string };
    if (suppressed.has(email.toLowerCase())) {
      res.status(409).json({ error: `${email} is suppressed` });
      return;
    }
    const { data, error } = await resend.emails.send({ from: 'Acme <hello@acme.test>', to: email, subject: 'Welcome to Acme', html: '<p>Welcome!</p>' });
    if (error) {
      res.status(error.statusCode ?? 502).json({ error: error.message });
      return;
    }
    res.json({ id: data.id });
  });

  app.post('/webhooks/resend', express.raw({ type: 'application/json' }), (req, res) => {
    // express.raw() leaves the bytes as they came, which is what the signature covers.
    const body: unknown = req.body;
    let event;
    try {
      event = resend.webhooks.verify({
        payload: Buffer.isBuffer(body) ? body.toString('utf8') : '',
        headers: { id: req.get('svix-id') ?? '', timestamp: req.get('svix-timestamp') ?? '', signature: req.get('svix-signature') ?? '' },
        webhookSecret,
      });
    } catch {
      res.status(400).json({ error: 'invalid signature' });
      return;
    }
    if (event.type === 'email.bounced' || event.type === 'email.complained') {
      for (const address of event.data.to) suppressed.add(address.toLowerCase());
    }
    res.json({ received: true });
  });

  return { app, suppressed };
}
