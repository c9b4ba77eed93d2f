/**
 * Stubs agree with their payload, for the two Svix-signed providers: for every Clerk and Resend
 * catalog type and several seeds, every object the payload refers to (a user id, an organization,
 * a membership's user, a payer, an email, a contact's segments and topics, an inbox's domain…) is
 * fetched back through the mock with the official SDK (`@clerk/backend`, `resend`) and must exist
 * and say what the payload says of it. One fresh world per delivery; failures are collected.
 */
import { createClerkClient } from '@clerk/backend';
import { Resend } from 'resend';
import { describe, expect, it } from 'vitest';
import { listEventTypes } from '../../src/harness/build-delivery.js';
import { resetProviderWorld } from '../../src/msw/index.js';
import { deliver, useProviderServer } from './support.js';

useProviderServer();
const clerk = createClerkClient({ secretKey: 'sk_test_agree' });
const resend = new Resend('re_agree');
const SEEDS = [1, 2];

type Obj = Record<string, any>;
/** One check: what it reads, and what is wrong with the answer (or `undefined`). */
type Check = [what: string, run: () => Promise<string | undefined>];

/** `a` and `b` differ, and `b` says something (a payload's `null` or `""` implies nothing). */
const differs = (a: unknown, b: unknown): boolean => b !== undefined && b !== null && b !== '' && a !== b;

/** Every plain object in `value` (itself included), with the key it sits under. */
function nodes(value: unknown, key = ''): [string, Obj][] {
  if (Array.isArray(value)) return value.flatMap((v) => nodes(v, key));
  if (typeof value !== 'object' || value === null) return [];
  return [[key, value as Obj], ...Object.entries(value).flatMap(([k, v]) => nodes(v, k))];
}

async function userAgrees(id: string, said: { first?: unknown; last?: unknown; email?: unknown }): Promise<string | undefined> {
  const user = await clerk.users.getUser(id);
  if (user.id !== id) return `served user ${user.id}`;
  if (differs(user.firstName, said.first) || differs(user.lastName, said.last)) return `names ${user.firstName} ${user.lastName}, payload ${said.first} ${said.last}`;
  const emails = user.emailAddresses.map((e) => e.emailAddress);
  if (typeof said.email === 'string' && said.email.includes('@') && !emails.includes(said.email)) return `emails ${emails.join(', ')} lack ${said.email}`;
  return undefined;
}

async function organizationAgrees(id: string, said: { name?: unknown; slug?: unknown }): Promise<string | undefined> {
  const org = await clerk.organizations.getOrganization({ organizationId: id });
  if (org.id !== id) return `served organization ${org.id}`;
  if (differs(org.name, said.name) || differs(org.slug, said.slug)) return `name/slug ${org.name}/${org.slug}, payload ${said.name}/${said.slug}`;
  return undefined;
}

/** What a Clerk payload refers to, each as a read with the Clerk client. */
function clerkChecks(type: string, data: Obj): Check[] {
  const checks: Check[] = [];
  const deletion = type.endsWith('.deleted');
  for (const [key, node] of nodes(data)) {
    const top = node === data;
    if (node.object === 'user' && !(top && deletion)) {
      const email = node.email_addresses?.find((e: Obj) => e.id === node.primary_email_address_id)?.email_address;
      checks.push([`user ${node.id}`, () => userAgrees(node.id, { first: node.first_name, last: node.last_name, email })]);
    }
    if (node.object === 'organization' && !(top && deletion)) checks.push([`organization ${node.id}`, () => organizationAgrees(node.id, node)]);
    if ((key === 'public_user_data' || key === 'public_inviter_data') && node.user_id) {
      checks.push([`${key}.user_id ${node.user_id}`, () => userAgrees(node.user_id, { first: node.first_name, last: node.last_name, email: node.identifier })]);
    }
    if (key === 'public_organization_data') checks.push([`public_organization_data ${node.id}`, () => organizationAgrees(node.id, node)]);
    if (node.object === 'commerce_payer') {
      if (node.user_id) checks.push([`payer user ${node.user_id}`, () => userAgrees(node.user_id, { first: node.first_name, last: node.last_name, email: node.email })]);
      if (node.organization_id) checks.push([`payer organization ${node.organization_id}`, () => organizationAgrees(node.organization_id, { name: node.organization_name })]);
    }
    for (const k of ['user_id', 'created_by', 'inviter_id']) {
      if (typeof node[k] === 'string' && node[k].startsWith('user_')) checks.push([`${k} ${node[k]}`, () => userAgrees(node[k], {})]);
    }
    for (const k of ['organization_id', 'last_active_organization_id']) {
      if (typeof node[k] === 'string' && node[k].startsWith('org_')) checks.push([`${k} ${node[k]}`, () => organizationAgrees(node[k], {})]);
    }
    if (node.object === 'session' && !(top && deletion)) {
      checks.push([`session ${node.id}`, async () => {
        const s = await clerk.sessions.getSession(node.id);
        return s.userId === node.user_id && s.status === node.status ? undefined : `user ${s.userId} status ${s.status}`;
      }]);
    }
    if (node.object === 'organization_membership' && !deletion) {
      const orgId = node.organization.id;
      const userId = node.public_user_data.user_id;
      checks.push([`membership ${node.id} in its organization and its user's list`, async () => {
        const byOrg = await clerk.organizations.getOrganizationMembershipList({ organizationId: orgId });
        const byUser = await clerk.users.getOrganizationMembershipList({ userId });
        return byOrg.data.some((m) => m.id === node.id) && byUser.data.some((m) => m.id === node.id) ? undefined : 'not listed';
      }]);
    }
    if (node.object === 'email_address' && !top) {
      checks.push([`email address ${node.id}`, async () => ((await clerk.emailAddresses.getEmailAddress(node.id)).emailAddress === node.email_address ? undefined : 'another address')]);
    }
    if (node.object === 'phone_number' && !top) {
      checks.push([`phone number ${node.id}`, async () => ((await clerk.phoneNumbers.getPhoneNumber(node.id)).phoneNumber === node.phone_number ? undefined : 'another number')]);
    }
    // The Backend API reads these; @clerk/backend has no method for them.
    const path = { role: 'organization_roles', permission: 'organization_permissions' }[node.object as string];
    if (path && !(top && deletion)) {
      checks.push([`${node.object} ${node.id}`, async () => {
        const response = await fetch(`https://api.clerk.com/v1/${path}/${node.id}`, { headers: { Authorization: 'Bearer sk_test_agree' } });
        const body = (await response.json()) as Obj;
        return response.status === 200 && body.id === node.id && body.key === node.key && body.name === node.name ? undefined : `${response.status} ${body.key}`;
      }]);
    }
    if (node.object === 'email' && node.email_address_id) {
      checks.push([`email address ${node.email_address_id}`, async () => {
        const e = await clerk.emailAddresses.getEmailAddress(node.email_address_id);
        return e.emailAddress === node.to_email_address ? undefined : `address ${e.emailAddress}`;
      }]);
    }
    if (node.object === 'sms_message' && node.phone_number_id) {
      checks.push([`phone number ${node.phone_number_id}`, async () => {
        const p = await clerk.phoneNumbers.getPhoneNumber(node.phone_number_id);
        return p.phoneNumber === node.to_phone_number ? undefined : `number ${p.phoneNumber}`;
      }]);
    }
  }
  return checks;
}

/** A Resend SDK answer's data, or the error as a thrown message. */
async function got<T>(answer: Promise<{ data: T | null; error: { message: string; statusCode: number | null } | null }>): Promise<T> {
  const { data, error } = await answer;
  if (error || data === null) throw new Error(`${error?.statusCode ?? ''} ${error?.message ?? 'no data'}`);
  return data;
}

/** Fields of `served` that differ from `said` (where `said` says something). */
function disagreements(served: Obj, said: Obj, fields: string[]): string | undefined {
  const wrong = fields.filter((f) => differs(JSON.stringify(served[f]), said[f] === undefined || said[f] === null ? undefined : JSON.stringify(said[f])));
  return wrong.length ? `differs in ${wrong.map((f) => `${f}: ${JSON.stringify(served[f])} vs ${JSON.stringify(said[f])}`).join(', ')}` : undefined;
}

const domainOf = (address: string): string => address.replace(/^.*<|>$/g, '').split('@')[1]!.toLowerCase();

/** What a Resend payload refers to, each as a read with the resend SDK. */
function resendChecks(type: string, d: Obj): Check[] {
  const checks: Check[] = [];
  const gone = type.endsWith('.deleted') || type === 'suppression.removed';
  if (type === 'email.received') {
    checks.push([`received email ${d.email_id}`, async () => disagreements(await got(resend.emails.receiving.get(d.email_id)), d, ['from', 'to', 'subject'])]);
  } else if (type.startsWith('email.')) {
    checks.push([`email ${d.email_id}`, async () => disagreements(await got(resend.emails.get(d.email_id)), { ...d, last_event: type.slice(6) }, ['from', 'to', 'subject', 'last_event'])]);
    if (d.broadcast_id) checks.push([`broadcast ${d.broadcast_id}`, async () => disagreements(await got(resend.broadcasts.get(d.broadcast_id)), d, ['from', 'subject'])]);
  }
  if (type.startsWith('contact.') && type !== 'contact.topics.updated') {
    if (!gone) checks.push([`contact ${d.id}`, async () => disagreements(await got(resend.contacts.get({ id: d.id })), d, ['email', 'first_name', 'last_name', 'unsubscribed'])]);
    for (const id of [d.audience_id, ...(d.segment_ids ?? [])]) checks.push([`segment ${id}`, async () => ((await got(resend.segments.get(id))).id === id ? undefined : 'another segment')]);
    if (!gone && d.segment_ids?.length) {
      checks.push([`segments of contact ${d.id}`, async () => {
        const listed = (await got(resend.contacts.segments.list({ contactId: d.id }))).data.map((s) => s.id).sort();
        return JSON.stringify(listed) === JSON.stringify([...d.segment_ids].sort()) ? undefined : `lists ${listed.join(', ')}`;
      }]);
    }
  }
  if (type === 'contact.topics.updated') {
    for (const t of d.topics) checks.push([`topic ${t.id}`, async () => ((await got(resend.topics.get(t.id))).id === t.id ? undefined : 'another topic')]);
    checks.push([`topics of ${d.email}`, async () => {
      const listed = (await got(resend.contacts.topics.list({ email: d.email }))).data;
      return d.topics.every((t: Obj) => listed.some((l: Obj) => l.id === t.id && l.subscription === t.subscription)) ? undefined : `lists ${JSON.stringify(listed)}`;
    }]);
  }
  if (type.startsWith('domain.') && !gone) checks.push([`domain ${d.id}`, async () => disagreements(await got(resend.domains.get(d.id)), d, ['name', 'status', 'region'])]);
  if (type.startsWith('topic.') && !gone) checks.push([`topic ${d.id}`, async () => disagreements(await got(resend.topics.get(d.id)), d, ['name', 'description', 'default_subscription'])]);
  if (type === 'suppression.added') {
    checks.push([`suppression ${d.id}`, async () => disagreements(await got(resend.suppressions.get(d.id)), d, ['email', 'origin', 'source_id'])]);
    if (d.source_id && d.origin !== 'manual') {
      checks.push([`email ${d.source_id} the suppression came from`, async () => ((await got(resend.emails.get(d.source_id))).to.includes(d.email) ? undefined : 'not sent to the suppressed address')]);
    }
  }
  if (type.startsWith('inbox.') && type !== 'inbox.deleted') checks.push(...inboxChecks(type, d));
  return checks;
}

function inboxChecks(type: string, d: Obj): Check[] {
  const inboxId: string = d.inbox_id;
  const checks: Check[] = [];
  checks.push([`inbox ${inboxId}`, async () => {
    const inbox = await got(resend.inboxes.get(inboxId));
    if (d.inbox) return disagreements(inbox, d.inbox, ['email_address', 'name', 'domain_id', 'from_name']);
    const address = d.email?.direction === 'inbound' ? d.email.to[0] : d.email?.from;
    return address && !address.toLowerCase().includes(inbox.email_address) ? `address ${inbox.email_address}, the email says ${address}` : undefined;
  }]);
  if (d.inbox?.domain_id) {
    checks.push([`domain ${d.inbox.domain_id} of the inbox`, async () => {
      const domain = await got(resend.domains.get(d.inbox.domain_id));
      return domain.name === domainOf(d.inbox.email_address) ? undefined : `domain ${domain.name}`;
    }]);
  }
  if (d.thread) {
    checks.push([`thread ${d.thread_id}`, async () => disagreements(await got(resend.inboxes.threads.get({ inboxId, threadId: d.thread_id })), d.thread, ['id', 'subject', 'folder', 'read', 'labels'])]);
  }
  if (d.email) {
    checks.push([`email ${d.email_id} of thread ${d.thread_id}`, async () => {
      const email = await got(resend.inboxes.threads.emails.get({ inboxId, threadId: d.thread_id, emailId: d.email_id }));
      return disagreements(email, d.email, ['from', 'to', 'subject', 'direction', 'message_id']);
    }]);
  }
  if (d.draft && type !== 'inbox.draft.deleted') {
    checks.push([`draft ${d.draft_id}`, async () => disagreements(await got(resend.inboxes.drafts.get({ inboxId, draftId: d.draft_id })), d.draft, ['thread_id', 'subject', 'to', 'email_id'])]);
  }
  const labels: Obj[] = [...(d.thread?.labels ?? []), ...(d.added ?? []), ...(d.removed ?? [])];
  if (labels.length) {
    checks.push([`labels of inbox ${inboxId}`, async () => {
      const listed = (await got(resend.inboxes.labels.list({ inboxId }))).data;
      const missing = labels.filter((l) => !listed.some((x) => x.id === l.id && x.name === l.name));
      return missing.length ? `lacks ${missing.map((l) => l.id).join(', ')}` : undefined;
    }]);
  }
  return checks;
}

/** Runs every check of one delivery per type and seed; returns what failed. */
async function agreement(provider: 'clerk' | 'resend'): Promise<{ failures: string[]; checked: number }> {
  const failures: string[] = [];
  let checked = 0;
  for (const type of listEventTypes(provider)) {
    for (const seed of SEEDS) {
      resetProviderWorld();
      const { payload } = await deliver(provider, type, { seed });
      const checks = provider === 'clerk' ? clerkChecks(type, payload.data) : resendChecks(type, payload.data);
      for (const [what, run] of checks) {
        checked++;
        const problem = await run().catch((error: Error & { status?: number }) => `${error.status ?? ''} ${error.message}`);
        if (problem) failures.push(`${type} (seed ${seed}): ${what}: ${problem}`);
      }
    }
  }
  return { failures, checked };
}

describe('relaykit/msw: what a Clerk or Resend payload refers to agrees with it', () => {
  it.each(['clerk', 'resend'] as const)('%s: every referenced object, read back with the official SDK', async (provider) => {
    const { failures, checked } = await agreement(provider);
    expect(checked).toBeGreaterThan(listEventTypes(provider).length * SEEDS.length);
    expect(failures).toEqual([]);
  });
});
