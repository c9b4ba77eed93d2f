/**
 * relaykit/msw answers the fetches of Stripe event notifications, called by stripe-node itself:
 * `notification.fetchEvent()` (`GET /v2/core/events/:id`) and `notification.fetchRelatedObject()`
 * (`related_object.url`, v1 and v2 resources), consistently with the delivered notification.
 */
import { readFileSync } from 'node:fs';
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { thinEventTypes } from '../../src/providers/stripe/generated/thin-types.js';
import { deliver, useProviderServer } from './support.js';

const KEY = 'sk_test_relaykit_thin';
const SECRET = 'whsec_thin_msw';
useProviderServer({ stripe: { apiKey: KEY } });
const stripe = new Stripe(KEY, { telemetry: false });

const EVENTS_DTS = readFileSync(new URL('../../node_modules/stripe/cjs/resources/V2/Core/Events.d.ts', import.meta.url), 'utf8');
/** Types whose fetched event carries `data`, read from stripe-node's types. */
const withData = new Set([...EVENTS_DTS.matchAll(/Event extends EventBase \{\n\s+type: '([^']+)';\n\s+data: /g)].map((m) => m[1]!));
/** Types whose notification has a `related_object`. */
const withRelated = new Set([...EVENTS_DTS.matchAll(/EventNotification extends EventNotificationBase \{\n\s+type: '([^']+)';\n\s+related_object: /g)].map((m) => m[1]!));

/** What the tests read of a parsed notification (stripe-node's union narrows only by `type`). */
interface Notification {
  id: string;
  type: string;
  related_object?: { id?: string; type: string; url: string };
  fetchEvent(): Promise<Record<string, any>>;
  fetchRelatedObject(): Promise<Record<string, any> | null>;
}

/** Delivers a notification and parses it as a handler does. */
async function notify(type: string, options: Parameters<typeof deliver>[2] = {}): Promise<{ body: Record<string, any>; notification: Notification }> {
  const { delivery, payload } = await deliver('stripe', type, { secret: SECRET, ...options });
  const notification = stripe.parseEventNotification(delivery.body, delivery.headers['Stripe-Signature']!, SECRET) as unknown as Notification;
  return { body: payload, notification };
}

describe('relaykit/msw: Stripe event notifications', () => {
  it('fetchEvent returns the full meter error report with data agreeing with itself; fetchRelatedObject the meter', async () => {
    const { body, notification } = await notify('v1.billing.meter.error_report_triggered');
    const event = await notification.fetchEvent();
    expect(event).toMatchObject({ id: body.id, object: 'v2.core.event', type: body.type, created: body.created, related_object: body.related_object });
    const errors = event.data.reason.error_types.reduce((sum: number, t: { error_count: number }) => sum + t.error_count, 0);
    expect(event.data.reason.error_count).toBe(errors);
    expect(event.data.developer_message_summary).toContain(`${errors} invalid event`);
    expect(Date.parse(event.data.validation_end)).toBeLessThan(Date.parse(body.created));
    expect(Date.parse(event.data.validation_start)).toBeLessThan(Date.parse(event.data.validation_end));
    const meter = await notification.fetchRelatedObject();
    expect(meter).toMatchObject({ id: body.related_object.id, object: 'billing.meter', livemode: false });
    // The same event again, through the v2 resource: byte-identical.
    expect(JSON.stringify(await stripe.v2.core.events.retrieve(body.id))).toBe(JSON.stringify(await stripe.v2.core.events.retrieve(body.id)));
  });

  it('names a v1 account by its own url, /v1/accounts/{id}, and serves that account there', async () => {
    const { body, notification } = await notify('v1.account.updated');
    expect(body.related_object).toMatchObject({ type: 'account', url: `/v1/accounts/${body.related_object.id}` });
    expect(await notification.fetchRelatedObject()).toMatchObject({ id: body.related_object.id, object: 'account' });
  });

  it('serves a v2 account (url with ?include=) and a v2 person under the account the data names', async () => {
    const { body, notification } = await notify('v2.core.account[requirements].updated');
    const account = await notification.fetchRelatedObject();
    expect(account).toMatchObject({ id: body.related_object.id, object: 'v2.core.account' });
    const person = await notify('v2.core.account_person.created', { seed: 5 });
    const event = await person.notification.fetchEvent();
    const fetched = await person.notification.fetchRelatedObject();
    expect(fetched).toMatchObject({ id: person.body.related_object.id, object: 'v2.core.account_person', account: event.data.account_id });
    expect(person.body.related_object.url).toBe(`/v2/core/accounts/${event.data.account_id}/persons/${fetched?.id}`);
  });

  it('serves a connected account person under the context account, and singletons (balance, a customer discount) by url', async () => {
    const { body, notification } = await notify('v1.person.updated');
    expect(body.context).toMatch(/^acct_/);
    expect((await notification.fetchRelatedObject())?.id).toBe(body.related_object.id);
    const balance = await notify('v1.balance.available');
    expect(balance.body.related_object).toEqual({ type: 'balance', url: '/v1/balance' });
    expect((await balance.notification.fetchRelatedObject())?.object).toBe('balance');
    const discount = await notify('v1.customer.discount.created');
    expect((await discount.notification.fetchRelatedObject())?.object).toBe('discount');
  });

  it('answers with what the world already holds: a charge a snapshot event recorded is the related object', async () => {
    const { payload } = await deliver('stripe', 'charge.succeeded', { secret: SECRET });
    const charge = payload.data.object;
    const { notification } = await notify('v1.charge.succeeded', { data: { related_object: { id: charge.id } } });
    expect(notification.related_object!.url).toBe(`/v1/charges/${charge.id}`);
    expect(await notification.fetchRelatedObject()).toMatchObject({ id: charge.id, amount: charge.amount, status: 'succeeded' });
  });

  it('404s an event no notification delivered', async () => {
    await expect(stripe.v2.core.events.retrieve('evt_test_65NoSuchEvent')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('answers the same two requests for every notification type, consistent with the notification', async () => {
    // The urls stripe-node's fetchEvent() and fetchRelatedObject() request (stripe.core.js
    // _buildEventNotification), fetched directly: stripe-node's own client is exercised above, and
    // through msw it costs ten times a plain fetch per request.
    const get = async (path: string) => {
      const response = await fetch(`https://api.stripe.com${path}`, { headers: { Authorization: `Bearer ${KEY}` } });
      return response.status === 200 ? ((await response.json()) as Record<string, any>) : { status: response.status };
    };
    const problems: string[] = [];
    const related: string[] = [];
    for (const type of thinEventTypes) {
      const { body } = await notify(type);
      const event = await get(`/v2/core/events/${encodeURIComponent(body.id)}`);
      if (event.id !== body.id || event.type !== type || event.created !== body.created) problems.push(`${type}: event ${event.id}`);
      if (JSON.stringify(event.related_object) !== JSON.stringify(body.related_object)) problems.push(`${type}: related_object differs`);
      if ((event.data !== undefined) !== withData.has(type)) problems.push(`${type}: data ${event.data === undefined ? 'missing' : 'unexpected'}`);
      if (!body.related_object) continue;
      related.push(type);
      const object = await get(body.related_object.url);
      if (object.object !== body.related_object.type) problems.push(`${type}: ${body.related_object.url} is ${object.object ?? object.status}, not ${body.related_object.type}`);
      if (body.related_object.id !== undefined && object.id !== body.related_object.id) problems.push(`${type}: id ${object.id}`);
    }
    expect(problems).toEqual([]);
    expect(related.sort()).toEqual([...withRelated].sort());
    expect(related).toHaveLength(313);
  });
});
