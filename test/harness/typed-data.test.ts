/**
 * Issue 12 item 8: `data` is typed per event type, a deep partial of the official type, for
 * `buildDelivery`, `triggerWebhook` and `triggerMany`; aliases, unknown types and custom providers
 * take any JSON object. Checked with the project's compiler, each negative control in a file of its
 * own so that every one must be reported.
 */
import { describe, expect, it } from 'vitest';
import { typecheck } from '../support/typecheck.js';

const HEAD = `import { buildDelivery, triggerWebhook, triggerMany } from '../../src/index.js';\n`;

const accepted = `${HEAD}
export const a = buildDelivery('stripe', 'payment_intent.succeeded', { data: { amount: 2000, metadata: { orderId: '42' }, description: null } });
export const b = buildDelivery('stripe', 'customer.subscription.updated', { data: { items: { data: [{ price: { unit_amount: 900 } }] } } });
export const c = buildDelivery('shopify', 'orders/create', { data: { line_items: [{ price: '10.00', quantity: 2 }], note: 'gift' } });
export const d = buildDelivery('shopify', 'ORDERS_CREATE', { data: { whatever: 1 } });
export const e = buildDelivery('clerk', 'user.created', { data: { first_name: 'Ada', email_addresses: [{ email_address: 'ada@example.com' }] } });
export const f = buildDelivery('resend', 'email.delivered', { data: { subject: 'Welcome', to: ['ada@example.com'] } });
export const g = buildDelivery('github', 'issues.opened', { data: { issue: { number: 7, title: 'Bug' } } });
export const h = buildDelivery('stripe', 'widget.polished', { allowUnknownType: true, data: { anything: { goes: 1 } } });
export const i = buildDelivery('acme', 'thing.happened', { data: { free: 'form' } });
export const j = triggerWebhook('stripe', 'invoice.paid', { data: { amount_paid: 5000 }, target: 'http://localhost:3000' });
export const k = triggerMany('clerk', 'session.created', { data: { user_id: 'user_1' }, count: 2 });
const provider: string = 'stripe';
export const l = buildDelivery(provider, 'charge.succeeded', { data: { any: 'thing' } });
`;

/** Each refused call, and what its diagnostic must say. */
const refused: Record<string, readonly [source: string, mustSay: string]> = {
  'stripe misspelt key': [`buildDelivery('stripe', 'payment_intent.succeeded', { data: { amont: 1 } });`, `'amont' does not exist`],
  'stripe wrong type': [`buildDelivery('stripe', 'payment_intent.succeeded', { data: { amount: '2000' } });`, `Type 'string' is not assignable to type 'number'`],
  'stripe nested misspelt key': [`buildDelivery('stripe', 'checkout.session.completed', { data: { customer_details: { emial: 'a@b.c' } } });`, `'emial' does not exist`],
  'shopify array item key': [`buildDelivery('shopify', 'orders/create', { data: { line_items: [{ pricee: '1.00' }] } });`, `'pricee' does not exist`],
  'clerk misspelt key': [`buildDelivery('clerk', 'user.created', { data: { first_nme: 'Ada' } });`, `'first_nme' does not exist`],
  'resend misspelt key': [`buildDelivery('resend', 'email.delivered', { data: { subjet: 'Hi' } });`, `'subjet' does not exist`],
  'github nested misspelt key': [`buildDelivery('github', 'issues.opened', { data: { issue: { numbr: 7 } } });`, `'numbr' does not exist`],
  'triggerWebhook misspelt key': [`triggerWebhook('stripe', 'invoice.paid', { data: { amount_piad: 1 } });`, `'amount_piad' does not exist`],
  'triggerMany wrong type': [`triggerMany('resend', 'email.bounced', { data: { subject: 42 }, count: 1 });`, `Type 'number' is not assignable to type 'string'`],
};

const files: Record<string, string> = { 'test/.generated/typed-data-accepted.ts': accepted };
const names = Object.keys(refused);
names.forEach((name, index) => {
  files[`test/.generated/typed-data-refused-${index}.ts`] = `${HEAD}export const x = ${refused[name]![0]}\n`;
});
const diagnostics = typecheck(files);

describe('typed data', () => {
  it('accepts deep partials of the official types, aliases, unknown types and custom providers', () => {
    expect(diagnostics.filter((line) => line.startsWith('test/.generated/typed-data-accepted.ts'))).toEqual([]);
  });

  it.each(names.map((name, index) => [name, index] as const))('refuses %s', (name, index) => {
    const own = diagnostics.filter((line) => line.startsWith(`test/.generated/typed-data-refused-${index}.ts`));
    expect(own.join('\n')).toContain(refused[name]![1]);
  });

  it('reports nothing outside the checked files', () => {
    expect(diagnostics.filter((line) => !line.startsWith('test/.generated/typed-data-'))).toEqual([]);
  });
});
