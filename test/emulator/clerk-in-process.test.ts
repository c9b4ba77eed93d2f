/**
 * The Clerk emulator in process: msw answers `https://api.clerk.com/v1/…` from `emulator.handlers()`,
 * so `@clerk/backend` configured as for production (no apiUrl) talks to it, and the webhooks reach a
 * fetch handler that verifies them with `verifyWebhook`.
 */
import { createClerkClient } from '@clerk/backend';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { clerkReceiver } from './clerk-oracle.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const receiver = clerkReceiver(SECRET);
const emulator = createEmulator({ providers: ['clerk'], webhooks: { clerk: { target: (request: Request) => receiver.handle(request), secret: SECRET } }, seed: 4 });
const server = setupServer(...emulator.handlers());

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('serves api.clerk.com to the default client and delivers each write, verified, in order', async () => {
  expect(emulator.hosts).toEqual(['api.clerk.com']);
  const clerk = createClerkClient({ secretKey: 'sk_test_inprocess' });
  const user = await clerk.users.createUser({ emailAddress: ['ada@example.com'], firstName: 'Ada' });
  const org = await clerk.organizations.createOrganization({ name: 'Acme', createdBy: user.id });
  const session = emulator.clerk.signIn(user.id);
  await clerk.sessions.revokeSession(String(session.id));
  await emulator.settled();
  expect(receiver.refused).toEqual([]);
  expect(receiver.received.map((r) => [r.event.type, (r.event.data as { id: string }).id])).toEqual([
    ['user.created', user.id],
    ['organization.created', org.id],
    ['organizationMembership.created', expect.stringMatching(/^orgmem_/)],
    ['session.created', session.id],
    ['session.revoked', session.id],
  ]);
  expect((await clerk.sessions.getSession(String(session.id))).status).toBe('revoked');
});
