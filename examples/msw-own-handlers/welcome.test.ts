/**
 * Handlers of your own on relaykit's provider server, written with the `http` and `HttpResponse`
 * of the msw your project installed (relaykit takes msw as a peer dependency, so both use that one
 * copy): one for an endpoint relaykit does not mock, one that overrides a relaykit route for one
 * test and is gone after `server.resetHandlers()`.
 */
import { http, HttpResponse } from 'msw';
import { createProviderServer, providerWorld, resetProviderWorld } from 'relaykit/msw';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { POST, WELCOME_CREDIT } from './welcome.js';

// Your own handler for an endpoint relaykit does not mock, given when the server is made
// (`server.use(...)` in a test works as well).
const balanceTransactions: { customer: string; amount: number; description: string }[] = [];
const createBalanceTransaction = http.post('https://api.stripe.com/v1/customers/:id/balance_transactions', async ({ request, params }) => {
  const form = new URLSearchParams(await request.text());
  const amount = Number(form.get('amount'));
  balanceTransactions.push({ customer: String(params.id), amount, description: form.get('description') ?? '' });
  return HttpResponse.json({ id: 'cbtxn_welcome', object: 'customer_balance_transaction', customer: params.id, amount, ending_balance: amount });
});

const server = createProviderServer({ providers: ['stripe'], handlers: [createBalanceTransaction] });
beforeAll(() => server.listen());
afterEach(() => {
  server.resetHandlers(); // drops what server.use() added; the handlers given at creation stay
  resetProviderWorld();
  balanceTransactions.length = 0;
});
afterAll(() => server.close());

test('a new customer gets the welcome credit: relaykit serves the customer, your handler the balance transaction', async () => {
  const result = await triggerWebhook('stripe', 'customer.created', { target: POST, data: { email: 'ada@example.com' } });
  expect(result).toBeAccepted();
  const customer = JSON.parse(result.delivery.body).data.object;
  expect(result.json).toEqual({ credited: true, transaction: 'cbtxn_welcome', balance: WELCOME_CREDIT });
  expect(balanceTransactions).toEqual([{ customer: customer.id, amount: WELCOME_CREDIT, description: 'Welcome credit for ada@example.com' }]);
  expect(providerWorld.unsupportedRequests()).toEqual([]);
});

test('server.use() overrides a relaykit route until server.resetHandlers()', async () => {
  server.use(http.get('https://api.stripe.com/v1/customers/:id', ({ params }) => HttpResponse.json({ id: params.id, object: 'customer', deleted: true })));
  const deleted = await triggerWebhook('stripe', 'customer.created', { target: POST });
  expect(deleted.json).toEqual({ credited: false, reason: 'customer deleted' });
  expect(balanceTransactions).toEqual([]);

  server.resetHandlers(); // relaykit's route answers again, and your handler given at creation stays
  const restored = await triggerWebhook('stripe', 'customer.created', { target: POST });
  expect(restored.json).toMatchObject({ credited: true, transaction: 'cbtxn_welcome' });
  expect(balanceTransactions).toHaveLength(1);
});
