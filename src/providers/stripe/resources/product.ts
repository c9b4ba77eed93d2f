/**
 * A Product as API version 2026-10-28 renders it, from the values that vary: the one builder of the
 * payload builders (`../billing.ts`) and the emulator (`../api/billing/catalog.ts`).
 */
import type { Obj } from '../scene.js';

/** What varies between products, in Stripe's key order; the rest is a plain service product's. */
export interface ProductValues {
  readonly id: string;
  readonly active?: boolean;
  /** Unix seconds. */
  readonly created: number;
  readonly defaultPrice?: string | null;
  readonly description?: string | null;
  readonly name: string;
  /** Unix seconds; `created` by default. */
  readonly updated?: number;
}

/**
 * A product.
 * @example
 * productResource({ id: 'prod_NWjs8kKbJWmuuc', name: 'Gold plan', created: 1764158400 });
 */
export function productResource(values: ProductValues): Obj {
  return {
    id: values.id,
    object: 'product',
    active: values.active ?? true,
    created: values.created,
    default_price: values.defaultPrice ?? null,
    description: values.description ?? null,
    images: [],
    livemode: false,
    marketing_features: [],
    metadata: {},
    name: values.name,
    package_dimensions: null,
    shippable: null,
    statement_descriptor: null,
    tax_code: null,
    tax_details: null,
    type: 'service',
    unit_label: null,
    updated: values.updated ?? values.created,
    url: null,
  };
}
