/** relaykit/msw against the official Clerk client: deliveries' objects read back, writes, lists, errors, credentials, reset, unsupported endpoints. */
import { describe, expect, it } from 'vitest';
import { createClerkClient } from '@clerk/backend';
import { isClerkAPIResponseError } from '@clerk/backend/errors';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const SECRET = 'sk_test_relaykitClerkSecret';
useProviderServer({ clerk: { secretKey: SECRET } });
const clerk = createClerkClient({ secretKey: SECRET });

describe('relaykit/msw: Clerk', () => {
  it('serves the user of a user.created delivery to the @clerk/backend client', async () => {
    const { payload } = await deliver('clerk', 'user.created', { data: { first_name: 'Ada' } });
    const user = await clerk.users.getUser(payload.data.id);
    expect(user.raw).toEqual(payload.data);
    expect(user.id).toBe(payload.data.id);
    expect(user.firstName).toBe('Ada');
    expect(user.emailAddresses.map((e) => e.emailAddress)).toEqual(payload.data.email_addresses.map((e: { email_address: string }) => e.email_address));
  });

  it('serves sessions, organizations and memberships in the list shapes of the Backend API', async () => {
    const session = (await deliver('clerk', 'session.created')).payload.data;
    expect((await clerk.sessions.getSession(session.id)).userId).toBe(session.user_id);
    const sessions = await clerk.sessions.getSessionList({ userId: session.user_id });
    expect(sessions.totalCount).toBe(1);
    expect(sessions.data[0]!.id).toBe(session.id);
    expect((await clerk.users.getUser(session.user_id)).id).toBe(session.user_id);

    const membership = (await deliver('clerk', 'organizationMembership.created')).payload.data;
    const orgId = membership.organization.id;
    expect((await clerk.organizations.getOrganization({ organizationId: orgId })).name).toBe(membership.organization.name);
    const members = await clerk.organizations.getOrganizationMembershipList({ organizationId: orgId });
    expect(members.totalCount).toBe(1);
    expect(members.data[0]!.id).toBe(membership.id);
  });

  it('lists users as a bare array with a separate count, newest first, with limit and offset', async () => {
    const ids: string[] = [];
    for (const [seed, day] of [[1, 1], [2, 2], [3, 3]] as const) {
      ids.push((await deliver('clerk', 'user.created', { seed, timestamp: Date.UTC(2026, 0, day) })).payload.data.id);
    }
    const page = await clerk.users.getUserList({ limit: 2 });
    expect(page.totalCount).toBe(3);
    expect(page.data.map((u) => u.id)).toEqual([ids[2], ids[1]]);
    expect((await clerk.users.getUserList({ limit: 2, offset: 2 })).data.map((u) => u.id)).toEqual([ids[0]]);
    const raw = await fetch('https://api.clerk.com/v1/users?limit=1', { headers: { Authorization: `Bearer ${SECRET}` } });
    expect(Array.isArray(await raw.json())).toBe(true);
  });

  it('merges user metadata updates so a later read sees them (null removes a key)', async () => {
    const { payload } = await deliver('clerk', 'user.created', { data: { public_metadata: { plan: 'free', seats: 1 } } });
    const id = payload.data.id;
    const updated = await clerk.users.updateUserMetadata(id, { publicMetadata: { plan: 'pro', seats: null }, privateMetadata: { stripeCustomer: 'cus_1' } });
    expect(updated.publicMetadata).toEqual({ plan: 'pro' });
    const again = await clerk.users.getUser(id);
    expect(again.publicMetadata).toEqual({ plan: 'pro' });
    expect(again.privateMetadata).toEqual({ stripeCustomer: 'cus_1' });
    expect(again.firstName).toBe(payload.data.first_name);
  });

  it('answers an unknown id with Clerk 404 resource_not_found', async () => {
    const error = await clerk.users.getUser('user_doesnotexist').catch((e: unknown) => e);
    expect(isClerkAPIResponseError(error)).toBe(true);
    expect(error).toMatchObject({ status: 404, errors: [{ code: 'resource_not_found', longMessage: 'No user was found with id user_doesnotexist' }] });
  });

  it('answers 401 without a secret key and with a key it was not configured with', async () => {
    const response = await fetch('https://api.clerk.com/v1/users/user_1');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ errors: [{ code: 'authentication_invalid', message: 'Invalid authentication' }] });
    const wrong = createClerkClient({ secretKey: 'sk_test_notTheConfiguredKey' });
    await expect(wrong.users.getUserList()).rejects.toMatchObject({ status: 401, errors: [{ code: 'clerk_key_invalid' }] });
  });

  it('forgets everything on resetProviderWorld(), and a user.deleted delivery removes the user', async () => {
    const { payload } = await deliver('clerk', 'organization.created');
    expect((await clerk.organizations.getOrganization({ organizationId: payload.data.id })).id).toBe(payload.data.id);
    resetProviderWorld();
    await expect(clerk.organizations.getOrganization({ organizationId: payload.data.id })).rejects.toMatchObject({ status: 404 });

    const created = (await deliver('clerk', 'user.created')).payload.data;
    await deliver('clerk', 'user.deleted', { data: { id: created.id } });
    await expect(clerk.users.getUser(created.id)).rejects.toMatchObject({ status: 404 });
  });

  it('fails an unsupported endpoint with a message naming the method, the path and what is supported', async () => {
    quietConsoleError();
    const error = await clerk.allowlistIdentifiers.getAllowlistIdentifierList().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 501, errors: [{ longMessage: expect.stringContaining('no handler for GET /v1/allowlist_identifiers') }] });
    expect((error as { errors: { longMessage: string }[] }).errors[0]!.longMessage).toContain("supportedEndpoints('clerk') lists the");
    expect(providerWorld.unsupportedRequests()).toHaveLength(1);
  });
});
