/**
 * A Shopify app that fulfils paid orders, on Express: the `orders/paid` webhook (validated with the
 * official `@shopify/shopify-api`) asks the Admin GraphQL API for the order's fulfillment orders and
 * fulfils each with `fulfillmentCreate`. Shopify then sends `fulfillments/create` and `orders/fulfilled`.
 */
import '@shopify/shopify-api/adapters/node';
import { Session, type Shopify } from '@shopify/shopify-api';
import express from 'express';

const FULFILLMENT_ORDERS = `query FulfillmentOrders($id: ID!) {
  order(id: $id) { fulfillmentOrders(first: 10) { nodes { id status } } }
}`;

const FULFIL = `mutation Fulfil($fulfillment: FulfillmentInput!) {
  fulfillmentCreate(fulfillment: $fulfillment) { fulfillment { id status } userErrors { field message } }
}`;

/** The app: its Express server and the orders it fulfilled (by order GraphQL id). */
export function createApp(shopify: Shopify, accessToken: string): { app: express.Express; fulfilled: string[]; refused: number } {
  const state = { app: express(), fulfilled: [] as string[], refused: 0 };

  state.app.post('/webhooks/shopify', express.text({ type: '*/*' }), async (req, res) => {
    // express.text() keeps the body as sent: the HMAC covers those bytes.
    const rawBody = typeof req.body === 'string' ? req.body : '';
    const check = await shopify.webhooks.validate({ rawBody, rawRequest: req, rawResponse: res });
    if (!check.valid) {
      state.refused++;
      res.status(401).json({ error: check.reason });
      return;
    }
    if (check.topic === 'ORDERS_PAID') {
      const order = JSON.parse(rawBody) as { admin_graphql_api_id: string };
      const session = new Session({ id: `offline_${check.domain}`, shop: check.domain, state: '', isOnline: false, accessToken });
      const client = new shopify.clients.Graphql({ session });
      const { data } = await client.request<{ order: { fulfillmentOrders: { nodes: { id: string; status: string }[] } } }>(FULFILLMENT_ORDERS, { variables: { id: order.admin_graphql_api_id } });
      for (const fo of data?.order.fulfillmentOrders.nodes ?? []) {
        if (fo.status !== 'OPEN') continue;
        const answer = await client.request<{ fulfillmentCreate: { userErrors: { message: string }[] } }>(FULFIL, {
          variables: { fulfillment: { lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: fo.id }], notifyCustomer: true } },
        });
        if (answer.data?.fulfillmentCreate.userErrors.length === 0) state.fulfilled.push(order.admin_graphql_api_id);
      }
    }
    res.json({ received: true });
  });

  return state;
}
