/** How a handler reads a Stripe object with stripe-node, by its `object` tag: shared by the catalog and agreement probes. */
import type Stripe from 'stripe';

type Resource = { retrieve: (...args: any[]) => Promise<any>; list?: (...args: any[]) => Promise<any> };

/** stripe-node's resource for an object tag: `issuing.card` → `stripe.issuing.cards`, `invoiceitem` → `stripe.invoiceItems`, `scheduled_query_run` → `stripe.sigma.scheduledQueryRuns`. */
export function stripeResource(stripe: Stripe, tag: string): Resource | undefined {
  const squash = (name: string) => name.replace(/_/g, '').toLowerCase();
  const child = (parent: any, name: string) => {
    const key = Object.keys(parent).find((k) => k.toLowerCase() === name);
    return key === undefined ? undefined : parent[key];
  };
  const [ns, name] = tag.includes('.') ? tag.split('.') : [undefined, tag];
  const scopes = ns ? [child(stripe, squash(ns))] : [stripe, ...Object.values(stripe)];
  for (const scope of scopes.filter((x) => x && typeof x === 'object')) {
    const found = child(scope, `${squash(name!)}s`) ?? child(scope, squash(name!));
    if (typeof found?.retrieve === 'function') return found;
  }
  return undefined;
}
