/** The Admin GraphQL root fields the emulated Shopify answers: each module's mutations and reads. */
import { catalogMutations, catalogQueries } from './catalog-ops.js';
import type { GraphqlSchema } from './graphql/execute.js';
import { gid } from './objects.js';
import { orderMutations, orderQueries } from './order-ops.js';
import { subscriptionMutations, subscriptionQueries } from './subscriptions.js';

/** Every root field served, by operation type. */
export const shopifySchema: GraphqlSchema = {
  query: {
    shop: (args, { shop }) => ({ __typename: 'Shop', id: gid('Shop', 1), name: shop.split('.')[0], myshopifyDomain: shop, currencyCode: 'USD' }),
    ...catalogQueries,
    ...orderQueries,
    ...subscriptionQueries,
  },
  mutation: { ...catalogMutations, ...orderMutations, ...subscriptionMutations },
};
