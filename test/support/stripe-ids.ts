/** What every Stripe object in a test is checked against: its id's shape by `object`, found by walking a payload. */

/** Id shapes per `object`, from live captures and Stripe's fixtures (providers.md §1.6). */
export const STRIPE_ID_SHAPES: Readonly<Record<string, RegExp>> = {
  event: /^evt_[0-9A-Za-z]{24}$/,
  payment_intent: /^pi_[0-9A-Za-z]{24}$/,
  charge: /^ch_[0-9A-Za-z]{24}$/,
  payment_method: /^pm_[0-9A-Za-z]{24}$/,
  customer: /^cus_[0-9A-Za-z]{14}$/,
  refund: /^re_[0-9A-Za-z]{24}$/,
  setup_intent: /^seti_[0-9A-Za-z]{24}$/,
  dispute: /^dp_[0-9A-Za-z]{24}$/,
  balance_transaction: /^txn_[0-9A-Za-z]{24}$/,
  'checkout.session': /^cs_test_[ab]1[0-9A-Za-z]{56}$/,
  subscription: /^sub_[0-9A-Za-z]{24}$/,
  subscription_item: /^si_[0-9A-Za-z]{14}$/,
  subscription_schedule: /^sub_sched_[0-9A-Za-z]{24}$/,
  invoice: /^(in|upcoming_in)_[0-9A-Za-z]{24}$/,
  line_item: /^(il|il_tmp)_[0-9A-Za-z]{24}$/,
  price: /^price_[0-9A-Za-z]{24}$/,
  plan: /^price_[0-9A-Za-z]{24}$/,
  product: /^prod_[0-9A-Za-z]{14}$/,
  coupon: /^[0-9A-Z]{8}$/,
  payout: /^po_[0-9A-Za-z]{24}$/,
  account: /^acct_1[0-9A-Za-z]{15}$/,
  bank_account: /^ba_[0-9A-Za-z]{24}$/,
};

/**
 * Calls `visit` on every object inside a parsed JSON `value`, with its path.
 * @example
 * walkObjects(event, (node, path) => …); // '$', '$.data', '$.data.object', …
 */
export function walkObjects(value: unknown, visit: (node: Record<string, unknown>, path: string) => void, path = '$'): void {
  if (Array.isArray(value)) value.forEach((item, i) => walkObjects(item, visit, `${path}[${i}]`));
  else if (value !== null && typeof value === 'object') {
    visit(value as Record<string, unknown>, path);
    for (const [key, child] of Object.entries(value)) walkObjects(child, visit, `${path}.${key}`);
  }
}
