/**
 * The table of Clerk event chains, run: each row's operation through the real `@clerk/backend` client
 * against the listening emulator (`clientOptions('clerk')`), on a reset emulator whose deliveries a
 * receiving handler verifies with `verifyWebhook` and svix. The events verified after the row's mark
 * are exactly the row's, in order; every body passes the catalog's checks against Clerk's spec; each
 * object is what the Backend API reads right after (a deleted one reads 404). README.md's table
 * between the `clerk-chains` markers is `chainsTable(CLERK_CHAINS)`.
 */
import { createClerkClient, type ClerkClient } from '@clerk/backend';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmulator } from '../../src/emulator/index.js';
import { CLERK_CHAINS, NOW, type ClerkChainRow } from './clerk-chains.js';
import { clerkEventProblems, clerkReceiver, type Received } from './clerk-oracle.js';
import { chainTypes, chainsTable, listedTypes, readmeChains } from './stripe-chains.js';
import { source } from '../providers/clerk-sdk-check.js';
import { typecheck } from '../support/typecheck.js';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const KEY = 'sk_test_clerkchains';
const receiver = clerkReceiver(SECRET);
const emulator = createEmulator({ providers: ['clerk'], webhooks: { clerk: { target: (request: Request) => receiver.handle(request), secret: SECRET } }, seed: 29, now: () => NOW });
let clerk: ClerkClient;
let apiUrl: string;
/** Every type a row's receiving handler verified. */
const reached = new Set<string>();
/** Every body the rows' handler verified, for one check against @clerk/backend's types at the end. */
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  await emulator.listen(0);
  apiUrl = String(emulator.clientOptions('clerk').apiUrl);
  clerk = createClerkClient({ secretKey: KEY, ...emulator.clientOptions('clerk') });
});
afterAll(() => emulator.close());

/** Runs `row` on an emptied emulator and answers what the handler verified after its mark. */
async function runRow(row: ClerkChainRow): Promise<Received[]> {
  emulator.reset();
  receiver.clear();
  let from = 0;
  await row.run({
    clerk,
    emulator,
    mark: async () => {
      await emulator.settled();
      from = receiver.received.length;
    },
  });
  await emulator.settled();
  expect(receiver.refused).toEqual([]);
  return receiver.received.slice(from);
}

/** The Backend API's JSON for the object at `path` (status and body), as any client reads it. */
async function read(path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${apiUrl}/v1${path}`, { headers: { authorization: `Bearer ${KEY}` } });
  return { status: response.status, body: await response.json() };
}

/** Where the Backend API reads the object an event reports; `undefined` for messages (email, SMS), which it does not list. */
function readPath(data: Record<string, unknown>): string | undefined {
  const id = String(data.id);
  switch (data.object) {
    case 'user':
      return `/users/${id}`;
    case 'organization':
      return `/organizations/${id}`;
    case 'session':
      return `/sessions/${id}`;
    case 'organization_invitation':
      return `/organizations/${String(data.organization_id)}/invitations/${id}`;
    case 'organization_membership':
      return `/organizations/${String((data.organization as Record<string, unknown>).id)}/memberships?limit=500`;
    default:
      return undefined;
  }
}

/** What differs between each object's last event and its read right after (a deleted object must read 404). */
async function readBackProblems(events: readonly Received[]): Promise<string[]> {
  const last = new Map<string, Received>();
  for (const r of events) last.set(String((r.event.data as { id: string }).id), r);
  const problems: string[] = [];
  for (const [id, r] of last) {
    const data = r.event.data as unknown as Record<string, unknown>;
    const path = readPath(data);
    if (!path) continue;
    const { status, body } = await read(path);
    if (data.deleted === true || r.event.type === 'organizationMembership.deleted') {
      const gone = r.event.type === 'organizationMembership.deleted' ? !(body as { data: { id: string }[] }).data.some((m) => m.id === id) : status === 404;
      if (!gone) problems.push(`${r.event.type} ${id}: still read after its deletion`);
      continue;
    }
    const { user, ...session } = data;
    const expected = data.object === 'session' ? session : data;
    const actual = data.object === 'organization_membership' ? (body as { data: { id: string }[] }).data.find((m) => m.id === id) : body;
    if (JSON.stringify(actual) !== JSON.stringify(expected)) problems.push(`${r.event.type} ${id}: the read differs:\n${JSON.stringify(actual)}\n${JSON.stringify(expected)}`);
    if (data.object === 'session') {
      const userRead = await read(`/users/${String(data.user_id)}`);
      if (JSON.stringify(userRead.body) !== JSON.stringify(user)) problems.push(`${r.event.type} ${id}: its user differs from the user read`);
    }
  }
  return problems;
}

describe('the Clerk event chains, through @clerk/backend, as the receiving service verifies them', () => {
  it.each(CLERK_CHAINS.map((row) => [row.operation, row] as const))('%s', async (_operation, row) => {
    const events = await runRow(row);
    expect(events.map((r) => r.event.type)).toEqual(row.events);
    expect(events.flatMap((r) => clerkEventProblems(r.event as unknown as Record<string, unknown>))).toEqual([]);
    expect(await readBackProblems(events)).toEqual([]);
    for (const r of events) {
      reached.add(r.event.type);
      bodies.push(JSON.parse(r.body) as Record<string, unknown>);
    }
  });

  it("sends bodies that type-check as @clerk/backend's WebhookEvent of their type (the catalog's check, one program for every row)", () => {
    expect(bodies.length).toBeGreaterThanOrEqual(CLERK_CHAINS.length);
    expect(typecheck({ 'test/.generated/clerk-emulator-events.ts': source(bodies) })).toEqual([]);
  }, 60_000);

  it("reaches at least 15 distinct event types, the ones README's table lists", () => {
    const types = listedTypes(readmeChains('clerk'));
    expect([...reached].sort()).toEqual(types);
    expect(chainTypes(CLERK_CHAINS)).toEqual(types);
    expect(reached.size).toBeGreaterThanOrEqual(15);
  });
});

describe('README.md', () => {
  it('holds chainsTable(CLERK_CHAINS) between <!-- clerk-chains:start --> and <!-- clerk-chains:end -->', () => {
    const expected = chainsTable(CLERK_CHAINS);
    expect(readmeChains('clerk'), `README.md's Clerk chains differ; paste this between the markers:\n\n${expected}\n`).toBe(expected);
  });
});
