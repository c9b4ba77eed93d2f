/**
 * The user table, offline, with relaykit's emulator as Clerk: the test creates, updates and deletes
 * users through `@clerk/backend` (pointed at the emulator by `clientOptions('clerk')`), and Clerk's
 * webhooks, signed through Svix, reach the app's route, which keeps its rows.
 */
import { createClerkClient } from '@clerk/backend';
import { createEmulator } from 'relaykit/emulator';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createApp } from './app.js';

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const { app, users } = createApp(secret);
// Deliveries go to the app's fetch handler in process; the Backend API is served over HTTP.
const emulator = createEmulator({ providers: ['clerk'], webhooks: { clerk: { target: app.fetch, path: '/webhooks/clerk', secret } }, seed: 3 });
let clerk: ReturnType<typeof createClerkClient>;

beforeAll(async () => {
  await emulator.listen(0);
  clerk = createClerkClient({ secretKey: 'sk_test_example', ...emulator.clientOptions('clerk') });
});
afterAll(() => emulator.close());

test('users created, updated and deleted through the Backend API are created, updated and deleted in the table', async () => {
  const ada = await clerk.users.createUser({ emailAddress: ['ada@example.com'], firstName: 'Ada', lastName: 'Lovelace' });
  await emulator.settled();
  expect(users.get(ada.id)).toEqual({ email: 'ada@example.com', name: 'Ada Lovelace', plan: 'free' });

  await clerk.users.updateUser(ada.id, { lastName: 'King' });
  await clerk.users.updateUserMetadata(ada.id, { publicMetadata: { plan: 'pro' } });
  await emulator.settled();
  expect(users.get(ada.id)).toEqual({ email: 'ada@example.com', name: 'Ada King', plan: 'pro' });

  await clerk.users.deleteUser(ada.id);
  await emulator.settled();
  expect(users.has(ada.id)).toBe(false);
  expect(emulator.deliveries({ provider: 'clerk' }).map((d) => [d.type, d.status])).toEqual([
    ['user.created', 'delivered'],
    ['user.updated', 'delivered'],
    ['user.updated', 'delivered'],
    ['user.deleted', 'delivered'],
  ]);
});

test('refuses a delivery whose signature does not verify, and keeps no row for it', async () => {
  const forged = { data: { id: 'user_forged', object: 'user' }, object: 'event', type: 'user.created' };
  const response = await app.request('/webhooks/clerk', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'svix-id': 'msg_forged', 'svix-timestamp': String(Math.floor(Date.now() / 1000)), 'svix-signature': 'v1,AAAA' },
    body: JSON.stringify(forged),
  });
  expect(response.status).toBe(400);
  expect(users.has('user_forged')).toBe(false);
});
