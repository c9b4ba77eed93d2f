/**
 * `npm run screenshots`: the README's pictures of the dashboard, taken from the real page in headless
 * Chromium (test/dashboard/browser.ts installs it when missing). A service with a handler that works in
 * steps and logs receives a few signed deliveries of several providers (one fails, one is refused);
 * the list and one execution are written to docs/dashboard-list.png and docs/dashboard-detail.png.
 */
import path from 'node:path';
import { buildDelivery, createRelay, MemoryStore, triggerWebhook } from '../src/index.js';
import { launchChromium } from '../test/dashboard/browser.js';

const root = path.resolve(import.meta.dirname, '..');
const secret = `whsec_${Buffer.from('relaykit-screenshots-secret-32b!').toString('base64')}`;
const providers = ['stripe', 'github', 'clerk', 'shopify', 'resend'] as const;

const relay = createRelay({
  dashboard: true,
  store: new MemoryStore(),
  secrets: Object.fromEntries(providers.map((p) => [p, secret])),
  handlers: {
    '*': async (event, { step, log }) => {
      const customer = await step.run('find-customer', () => ({ id: 'cus_9s6XKzkNRiz8i3', plan: 'pro' }));
      log('customer found', { customer: customer.id });
      await step.run('update-order', () => ({ order: 'ord_1042', status: 'paid' }));
      if (event.type === 'shopify.orders/create') throw new Error('inventory service answered 503');
      await step.run('send-receipt', () => 'queued');
      log('receipt queued');
    },
  },
});
const listening = await relay.listen({ port: 0 });
const target = listening.url;
const send = [
  ['stripe', 'checkout.session.completed'],
  ['github', 'pull_request.opened'],
  ['clerk', 'user.created'],
  ['shopify', 'orders/create'],
  ['resend', 'email.delivered'],
  ['github', 'push'],
  ['stripe', 'invoice.paid'],
] as const;
let detailId = '';
for (const [i, [provider, type]] of send.entries()) {
  const result = await triggerWebhook(provider, type, { secret, target, seed: 100 + i });
  if (provider === 'stripe' && type === 'invoice.paid') detailId = result.execution!.id;
}
const stale = await buildDelivery('stripe', 'payment_intent.succeeded', { secret, seed: 9, timestamp: Date.now() - 3_600_000 });
await fetch(`${target}${stale.path}`, { method: 'POST', headers: stale.headers, body: stale.body });
await relay.idle();

const browser = await launchChromium();
{
  const scheme = 'light';
  const page = await browser.newPage({ viewport: { width: 1100, height: 640 }, colorScheme: scheme });
  await page.goto(`${target}/`);
  await page.locator(`tr[data-id="${detailId}"]`).waitFor();
  await page.locator('.live', { hasText: 'Live' }).waitFor();
  await page.screenshot({ path: path.join(root, 'docs/dashboard-list.png') });
  await page.setViewportSize({ width: 1100, height: 980 });
  await page.goto(`${target}/#/executions/${detailId}`);
  await page.locator('#steps-title').waitFor();
  await page.screenshot({ path: path.join(root, 'docs/dashboard-detail.png') });
  await page.close();
}
await browser.close();
await listening.close();
await relay.close();
console.log('Wrote docs/dashboard-list.png and docs/dashboard-detail.png.');
