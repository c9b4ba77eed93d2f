/**
 * The Clerk emulator as an application meets it: `@clerk/backend`'s client pointed at the listening
 * emulator by `clientOptions('clerk')`, deliveries to a real HTTP route that verifies each with
 * `verifyWebhook` and svix; the headers Svix sends, the same `svix-id` across a retry signed anew on
 * Svix's schedule, Clerk's error shape for bad input and for an operation it does not model.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClerkClient, type ClerkClient } from '@clerk/backend';
import { isClerkAPIResponseError } from '@clerk/backend/errors';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { getProvider } from '../../src/providers/index.js';
import { clerkEventProblems, clerkReceiver } from './clerk-oracle.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const receiver = clerkReceiver(SECRET);

/** The app's webhook route over node:http, handing each request to the verifying receiver. */
function route(req: IncomingMessage, res: ServerResponse): void {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)] as [string, string]));
    void receiver.handle(new Request(`http://app${req.url}`, { method: 'POST', headers, body: Buffer.concat(chunks) })).then(async (answer) => {
      res.writeHead(answer.status).end(await answer.text());
    });
  });
}

const server: Server = createServer(route);
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const hook = `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhooks/clerk`;
// timeScale 0.25: Svix's first retry, 5 s after the failure, comes 1.25 s later (a new svix-timestamp second).
const emulator = createEmulator({ providers: ['clerk'], webhooks: { clerk: { url: hook, secret: SECRET } }, seed: 8, timeScale: 0.25 });
let clerk: ClerkClient;

beforeAll(async () => {
  await emulator.listen(0);
  clerk = createClerkClient({ secretKey: 'sk_test_emulated', ...emulator.clientOptions('clerk') });
});
afterAll(async () => {
  await emulator.close();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  emulator.reset();
  receiver.clear();
});

/** The ClerkAPIResponseError a call throws (failing the test when it answers). */
async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!isClerkAPIResponseError(error)) throw new Error(`expected a Clerk API error, got ${String(error)}`);
  return error;
}

describe('the Clerk emulator, through @clerk/backend and a verifying HTTP route', () => {
  it('points createClerkClient at /clerk of the server and delivers user.created, verified, with the user a read returns', async () => {
    expect(emulator.clientOptions('clerk')).toEqual({ apiUrl: `${emulator.url}/clerk` });
    const user = await clerk.users.createUser({ emailAddress: ['ada@example.com'], firstName: 'Ada', externalId: 'crm-7' });
    await emulator.settled();
    expect(receiver.refused).toEqual([]);
    expect(receiver.received.map((r) => r.event.type)).toEqual(['user.created']);
    const [delivery] = receiver.received;
    expect(delivery!.svixId).toMatch(/^msg_[0-9A-Za-z]{27}$/);
    expect(delivery!.headers['content-type']).toBe('application/json');
    expect(delivery!.headers['user-agent']).toMatch(/^Svix-Webhooks\/\d+\.\d+\.\d+ /);
    const body = JSON.parse(delivery!.body) as Record<string, unknown>;
    expect(Object.keys(body)).toEqual(['data', 'event_attributes', 'instance_id', 'object', 'timestamp', 'type']);
    expect(body).toMatchObject({ object: 'event', type: 'user.created', instance_id: expect.stringMatching(/^ins_[0-9A-Za-z]{27}$/) });
    expect(clerkEventProblems(body)).toEqual([]);
    expect(body.data).toEqual((await clerk.users.getUser(user.id)).raw);
    expect(user).toMatchObject({ firstName: 'Ada', externalId: 'crm-7', primaryEmailAddress: { emailAddress: 'ada@example.com' } });
    expect(emulator.deliveries({ provider: 'clerk' })).toMatchObject([{ type: 'user.created', deliveryId: delivery!.svixId, objectId: user.id, status: 'delivered' }]);
  });

  it('sends a user.deleted of { deleted, external_id, id, object } and reads the user as 404 after', async () => {
    const user = await clerk.users.createUser({ emailAddress: ['gone@example.com'], externalId: 'crm-9' });
    await clerk.users.deleteUser(user.id);
    await emulator.settled();
    expect(receiver.received.map((r) => r.event.data)).toContainEqual({ deleted: true, external_id: 'crm-9', id: user.id, object: 'user' });
    expect((await refusal(clerk.users.getUser(user.id))).status).toBe(404);
  });

  it("retries a refused delivery on Svix's schedule: the same svix-id, a new timestamp and signature", async () => {
    receiver.failNext(1);
    await clerk.users.createUser({ emailAddress: ['retry@example.com'] });
    await emulator.settled();
    expect(receiver.attempts).toHaveLength(2);
    const [first, second] = receiver.attempts;
    expect(second!.svixId).toBe(first!.svixId);
    expect(second!.body).toBe(first!.body);
    expect(Number(second!.timestamp)).toBeGreaterThan(Number(first!.timestamp));
    expect(second!.signature).not.toBe(first!.signature);
    const [delivery] = emulator.deliveries({ type: 'user.created' });
    expect(delivery!.attempts.map((a) => a.status)).toEqual([503, 204]);
    expect(delivery!.attempts[1]!.sentAt - delivery!.attempts[0]!.sentAt).toBeGreaterThanOrEqual(1200);
  });

  it("retries on Svix's documented schedule: immediately, then 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (docs.svix.com/retries)", () => {
    expect(getProvider('clerk').retry.delays).toEqual([5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600]);
  });

  it("answers bad input in Clerk's error shape with the right status, and emits nothing for it", async () => {
    const cases = [
      [() => clerk.users.createUser({ emailAddress: ['not-an-address'] }), 422, 'form_param_format_invalid'],
      [() => clerk.users.createUser({ firstName: 'Nobody' }), 422, 'form_param_missing'],
      [() => clerk.users.updateUser('user_missing', { firstName: 'X' }), 404, 'resource_not_found'],
      [() => clerk.organizations.createOrganizationMembership({ organizationId: 'org_missing', userId: 'user_x', role: 'org:member' }), 404, 'resource_not_found'],
      [() => clerk.sessions.revokeSession('sess_missing'), 404, 'resource_not_found'],
    ] as const;
    for (const [call, status, code] of cases) {
      const error = await refusal(call());
      expect({ status: error.status, code: error.errors[0]?.code, traced: /^[0-9a-f]{32}$/.test(error.clerkTraceId ?? '') }).toEqual({ status, code, traced: true });
      expect(error.errors[0]!.longMessage).toMatch(/\w/);
    }
    const ada = await clerk.users.createUser({ emailAddress: ['ada@example.com'] });
    const taken = await refusal(clerk.users.createUser({ emailAddress: ['ADA@example.com'] }));
    expect({ status: taken.status, code: taken.errors[0]!.code }).toEqual({ status: 422, code: 'form_identifier_exists' });
    const org = await clerk.organizations.createOrganization({ name: 'Acme', createdBy: ada.id });
    const role = await refusal(clerk.organizations.updateOrganizationMembership({ organizationId: org.id, userId: ada.id, role: 'org:owner' }));
    expect(role.errors[0]!.longMessage).toContain('org:admin, org:member');
    await emulator.settled();
    expect(receiver.received.map((r) => r.event.type)).toEqual(['user.created', 'organization.created', 'organizationMembership.created']);
  });

  it('answers an operation it does not model with a 404 in Clerk shape naming it and where the supported list is', async () => {
    const error = await refusal(clerk.allowlistIdentifiers.getAllowlistIdentifierList());
    expect(error.status).toBe(404);
    expect(error.errors[0]).toMatchObject({ code: 'relaykit_unsupported_endpoint', message: 'not supported by relaykit' });
    expect(error.errors[0]!.longMessage).toContain('does not model GET /v1/allowlist_identifiers of clerk');
    expect(error.errors[0]!.longMessage).toContain("emulator.operations('clerk')");
    expect(emulator.operations('clerk')).toContain('POST /v1/users');
  });

  it('delivers to an endpoint only the event types it subscribes to, and refuses a type Clerk does not send', async () => {
    const orgsOnly = clerkReceiver(SECRET);
    const scoped = createEmulator({ providers: ['clerk'], webhooks: { clerk: { target: (request: Request) => orgsOnly.handle(request), secret: SECRET, events: ['organization.created'] } }, seed: 2 });
    await scoped.listen(0);
    try {
      const client = createClerkClient({ secretKey: 'sk_test_scoped', ...scoped.clientOptions('clerk') });
      const user = await client.users.createUser({ emailAddress: ['scoped@example.com'] });
      await client.organizations.createOrganization({ name: 'Scoped', createdBy: user.id });
      await scoped.settled();
      expect(orgsOnly.received.map((r) => r.event.type)).toEqual(['organization.created']);
    } finally {
      await scoped.close();
    }
    expect(() => createEmulator({ providers: ['clerk'], webhooks: { clerk: { url: hook, events: ['user.create'] } } })).toThrow(/"user\.create", which is not a Clerk event type\. Clerk sends: user\.created, /);
  });

  it('refuses a helper on what does not exist, or a banned user signing in, with an error that says what to do', async () => {
    expect(() => emulator.clerk.signIn('user_missing')).toThrow(/No user user_missing .*createUser/);
    expect(() => emulator.clerk.signIn('user_missing')).toThrow(expect.objectContaining({ name: 'RelayError', code: 'NOT_FOUND' }));
    expect(() => emulator.clerk.acceptInvitation('orginv_missing')).toThrow(/No organization invitation orginv_missing/);
    const user = await clerk.users.createUser({ emailAddress: ['ban@example.com'] });
    await clerk.users.banUser(user.id);
    expect(() => emulator.clerk.signIn(user.id)).toThrow(/banned .*unbanUser/);
    expect(() => emulator.clerk.signIn(user.id, { strategy: 'phone_code' as const })).toThrow(/banned/);
    await emulator.settled();
  });

  it('finds what is wrong with a body against Clerk\'s spec (negative controls of the oracle)', async () => {
    await clerk.users.createUser({ emailAddress: ['control@example.com'] });
    await emulator.settled();
    const event = JSON.parse(receiver.received.find((r) => r.event.type === 'user.created')!.body) as { data: Record<string, unknown> };
    delete event.data.passkeys;
    event.data.banned = 'no';
    event.data.nickname = 'x';
    expect(clerkEventProblems(event)).toEqual(
      expect.arrayContaining(['user.created: data.passkeys missing', expect.stringMatching(/^user\.created data\.banned: expected boolean/), 'user.created undeclared data.nickname']),
    );
  });
});
