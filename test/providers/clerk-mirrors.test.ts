/**
 * Clerk's mirrored fields (src/providers/clerk/mirrors.ts): a `data` override of one side moves the
 * other, for any value and seed; what the override sets itself is kept; a type outside the catalog
 * still builds a Clerk envelope.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/providers/clerk/build.js';
import { seededFaker } from '../../src/providers/shared/random.js';

const now = 1_767_225_600_000;
type Json = Record<string, any>;

function build(eventType: string, seed: number, data?: Json): Json {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data }).body) as Json;
}

const seed = fc.integer({ min: 1, max: 1_000_000 });
const id = (prefix: string) => fc.stringMatching(/^[0-9A-Za-z]{27}$/).map((s) => prefix + s);
const name = fc.stringMatching(/^[A-Z][a-z]{1,12}$/);
const cents = fc.integer({ min: 0, max: 10_000_000 });

/** The token of a Clerk default avatar URL. */
function avatar(url: string): Json {
  return JSON.parse(Buffer.from(url.slice('https://img.clerk.com/'.length), 'base64url').toString('utf8')) as Json;
}

const dollars = (amount: number) => `$${(amount / 100).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

describe('Clerk mirrored fields follow a data override', () => {
  it('ids stated twice: either side moves the other', () => {
    const pairs: [string, (d: Json) => unknown, (v: string) => Json, (d: Json) => unknown, string][] = [
      ['session.created', (d) => d.user.id, (v) => ({ user_id: v }), (d) => d.user_id, 'user_'],
      ['session.ended', (d) => d.user_id, (v) => ({ user: { id: v } }), (d) => d.user.id, 'user_'],
      ['subscription.updated', (d) => d.payer.id, (v) => ({ payer_id: v }), (d) => d.payer_id, 'cpayer_'],
      ['subscriptionItem.active', (d) => d.plan.id, (v) => ({ plan_id: v }), (d) => d.plan_id, 'cplan_'],
      ['organizationDomain.updated', (d) => d.public_organization_data.id, (v) => ({ organization_id: v }), (d) => d.organization_id, 'org_'],
      ['organizationInvitation.created', (d) => d.data.public_organization_data.id, (v) => ({ organization_id: v }), (d) => d.organization_id, 'org_'],
      ['organizationInvitation.accepted', (d) => d.public_inviter_data.user_id, (v) => ({ inviter_id: v }), (d) => d.inviter_id, 'user_'],
      ['paymentAttempt.updated', (d) => d.payment_source.gateway_external_account_id, (v) => ({ payee: { gateway_external_id: v } }), (d) => d.payee.gateway_external_id, 'acct_'],
    ];
    for (const [type, mirror, override, side, prefix] of pairs) {
      fc.assert(
        fc.property(seed, id(prefix), (s, value) => {
          const data = build(type, s, override(value)).data as Json;
          expect(side(data), type).toBe(value);
          expect(mirror(data), type).toBe(value);
        }),
        { numRuns: 40 },
      );
    }
  });

  it("a user's primary email id renames its entry; the avatar names no one, before or after new names (user events and a session's user)", () => {
    fc.assert(
      fc.property(seed, id('idn_'), name, name, fc.constantFrom('user.created', 'user.updated'), (s, emailId, first, last, type) => {
        const data = build(type, s, { primary_email_address_id: emailId, first_name: first, last_name: last }).data as Json;
        expect(data.email_addresses.map((e: Json) => e.id)).toContain(emailId);
        expect(avatar(data.image_url)).toEqual({ type: 'default', iid: expect.stringMatching(/^ins_/), rid: data.id });
        expect(data.profile_image_url).toBe(data.image_url);
      }),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(seed, name, (s, first) => {
        const plain = build('session.created', s).data as Json;
        const data = build('session.created', s, { user: { first_name: first } }).data as Json;
        expect(data.user.image_url).toBe(plain.user.image_url);
        expect(avatar(data.user.image_url).initials).toBeUndefined();
        expect(data.user_id).toBe(plain.user_id);
      }),
      { numRuns: 30 },
    );
  });

  it('role moves role_name', () => {
    fc.assert(
      fc.property(seed, fc.constantFrom('organizationMembership.updated', 'organizationInvitation.created'), fc.stringMatching(/^[a-z]{2,8}(_[a-z]{2,8})?$/), (s, type, key) => {
        const data = build(type, s, { role: `org:${key}` }).data as Json;
        expect(data.role_name).toBe(key.split('_').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' '));
      }),
      { numRuns: 40 },
    );
  });

  it("money: an overridden amount gets its amount_formatted and an item's next payment; a payment's grand total is subtotal + tax", () => {
    fc.assert(
      fc.property(seed, cents, cents, (s, subtotal, tax) => {
        const data = build('paymentAttempt.updated', s, { totals: { subtotal: { amount: subtotal }, tax_total: { amount: tax } } }).data as Json;
        expect(data.totals.subtotal).toMatchObject({ amount: subtotal, amount_formatted: dollars(subtotal) });
        expect(data.totals.tax_total).toMatchObject({ amount: tax, amount_formatted: dollars(tax) });
        expect(data.totals.grand_total).toEqual({ amount: subtotal + tax, amount_formatted: dollars(subtotal + tax), currency: 'USD', currency_symbol: '$' });
      }),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(seed, cents, (s, amount) => {
        const data = build('subscriptionItem.updated', s, { amount: { amount } }).data as Json;
        expect(data.amount).toEqual({ amount, amount_formatted: dollars(amount), currency: 'USD', currency_symbol: '$' });
        expect(data.next_payment_amount).toBe(amount);
      }),
      { numRuns: 40 },
    );
  });

  it('keeps both sides when the override sets both, and leaves a payload without override as built', () => {
    const data = build('session.created', 3, { user_id: 'user_a', user: { id: 'user_b' } }).data as Json;
    expect([data.user_id, data.user.id]).toEqual(['user_a', 'user_b']);
    const totals = build('paymentAttempt.created', 3, { totals: { subtotal: { amount: 100 }, grand_total: { amount: 7 } } }).data.totals as Json;
    expect(totals.grand_total.amount).toBe(7);
    expect(build('user.created', 5)).toEqual(build('user.created', 5, {}));
  });
});

describe('Clerk types outside the catalog', () => {
  it('build the Clerk envelope around a minimal object of the resource the type names, or its deleted stub', () => {
    const event = build('organization.frozen', 1, { public_metadata: { tier: 'gold' } });
    expect(Object.keys(event)).toEqual(['data', 'event_attributes', 'instance_id', 'object', 'timestamp', 'type']);
    expect(event).toMatchObject({ object: 'event', type: 'organization.frozen', data: { object: 'organization', id: expect.stringMatching(/^org_[0-9A-Za-z]{27}$/), public_metadata: { tier: 'gold' } } });
    expect(build('agentTask.deleted', 1).data).toEqual({ deleted: true, id: expect.stringMatching(/^agent_task_[0-9A-Za-z]{27}$/), object: 'agent_task' });
    expect(build('nonsense', 1).data).toMatchObject({ object: 'nonsense' });
  });
});
