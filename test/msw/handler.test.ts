/**
 * The whole loop of a handler test: `triggerWebhook` delivers a signed webhook to a route handler,
 * which verifies it with the provider's official library and then calls the provider back with the
 * official SDK, answered by relaykit/msw from the objects that very delivery carried.
 */
import { createClerkClient } from '@clerk/backend';
import { verify as verifyGithub } from '@octokit/webhooks-methods';
import { Octokit } from '@octokit/rest';
import { Resend } from 'resend';
import Stripe from 'stripe';
import { Webhook } from 'svix';
import { describe, expect, it } from 'vitest';
import { triggerWebhook } from '../../src/harness/trigger.js';
import { secrets } from '../service/official.js';
import { useProviderServer } from './support.js';

useProviderServer();
const stripe = new Stripe('sk_test_51RelaykitHandler');
const octokit = new Octokit({ auth: 'ghs_relaykitHandler' });
const clerk = createClerkClient({ secretKey: 'sk_test_relaykitHandler' });
const resend = new Resend('re_relaykitHandler');

const json = (value: unknown, status = 200) => Response.json(value, { status });

/** Each handler verifies the delivery, then fetches what it refers to; it answers with what the API returned. */
const handlers = {
  async stripe(request: Request): Promise<Response> {
    const event = stripe.webhooks.constructEvent(await request.text(), request.headers.get('stripe-signature') ?? '', secrets.stripe);
    const intent = await stripe.paymentIntents.retrieve((event.data.object as Stripe.PaymentIntent).id);
    return json({ id: intent.id, amount: intent.amount, status: intent.status });
  },
  async github(request: Request): Promise<Response> {
    const body = await request.text();
    if (!(await verifyGithub(secrets.github, body, request.headers.get('x-hub-signature-256') ?? ''))) return json({ error: 'forged' }, 401);
    const payload = JSON.parse(body);
    const pull = await octokit.rest.pulls.get({ owner: payload.repository.owner.login, repo: payload.repository.name, pull_number: payload.number });
    return json({ id: pull.data.id, title: pull.data.title, state: pull.data.state });
  },
  async clerk(request: Request): Promise<Response> {
    const event = new Webhook(secrets.clerk).verify(await request.text(), Object.fromEntries(request.headers)) as { data: { id: string } };
    const user = await clerk.users.getUser(event.data.id);
    return json({ id: user.id, firstName: user.firstName });
  },
  async shopify(request: Request): Promise<Response> {
    const order = JSON.parse(await request.text());
    const shop = request.headers.get('x-shopify-shop-domain');
    const version = request.headers.get('x-shopify-api-version');
    const answer = await fetch(`https://${shop}/admin/api/${version}/orders/${order.id}.json`, { headers: { 'X-Shopify-Access-Token': 'shpat_relaykit' } });
    const { order: fetched } = (await answer.json()) as { order: { id: number; total_price: string } };
    return json({ id: fetched.id, total_price: fetched.total_price });
  },
  async resend(request: Request): Promise<Response> {
    const event = new Webhook(secrets.resend).verify(await request.text(), Object.fromEntries(request.headers)) as { data: { email_id: string } };
    const { data } = await resend.emails.get(event.data.email_id);
    return json({ id: data?.id, last_event: data?.last_event });
  },
};

describe('a webhook handler calling its provider back', () => {
  it('Stripe: retrieves the payment intent the webhook described', async () => {
    const result = await triggerWebhook('stripe', 'payment_intent.succeeded', { target: handlers.stripe, secret: secrets.stripe, data: { amount: 5150 } });
    const intent = JSON.parse(result.delivery.body).data.object;
    expect(result.json).toEqual({ id: intent.id, amount: 5150, status: 'succeeded' });
  });

  it('GitHub: gets the pull request of pull_request.opened', async () => {
    const result = await triggerWebhook('github', 'pull_request.opened', { target: handlers.github, secret: secrets.github, data: { pull_request: { title: 'Ship it' } } });
    const pull = JSON.parse(result.delivery.body).pull_request;
    expect(result.json).toEqual({ id: pull.id, title: 'Ship it', state: 'open' });
  });

  it('Clerk: gets the user of user.created', async () => {
    const result = await triggerWebhook('clerk', 'user.created', { target: handlers.clerk, secret: secrets.clerk, data: { first_name: 'Ada' } });
    const user = JSON.parse(result.delivery.body).data;
    expect(result.json).toEqual({ id: user.id, firstName: 'Ada' });
  });

  it('Shopify: reads the order of orders/create from its shop', async () => {
    const result = await triggerWebhook('shopify', 'orders/create', { target: handlers.shopify, secret: secrets.shopify, data: { total_price: '42.00' } });
    const order = JSON.parse(result.delivery.body);
    expect(result.json).toEqual({ id: order.id, total_price: '42.00' });
  });

  it('Resend: gets the email of email.delivered, with that event as its last', async () => {
    const result = await triggerWebhook('resend', 'email.delivered', { target: handlers.resend, secret: secrets.resend });
    const email = JSON.parse(result.delivery.body).data;
    expect(result.json).toEqual({ id: email.email_id, last_event: 'delivered' });
  });
});
