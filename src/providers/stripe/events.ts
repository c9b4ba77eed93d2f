/**
 * What each event type carries: the resource in `data.object` in the state the event reports,
 * `previous_attributes` for updates, and whether a request caused it (API calls) or Stripe did
 * on its own (renewals, payouts, disputes: `request.id` is null). Resources with hand-built
 * recipes (here and in `billing-events.ts`) build every catalogued verb of theirs; every other
 * catalogued type walks its generated shape (`walked.ts`); a type outside the catalog gets a
 * minimal generic object (`generic.ts`).
 */
import { BILLING_RECIPES } from './billing-events.js';
import { newPlan, newSubscription } from './billing.js';
import { checkoutSession, type SessionMode } from './checkout.js';
import { account, balance, onboardingPrevious, payout, type PayoutState } from './connect.js';
import { genericObject } from './generic.js';
import { hasShape, walkedObject, walkedPrevious } from './walked.js';
import {
  charge,
  dispute,
  evidence,
  newPayment,
  paymentIntent,
  paymentMethod,
  refund,
  setupIntent,
  type PaymentIntentState,
  type SetupIntentState,
} from './payments.js';
import type { EventParts, Recipe } from './recipe.js';
import { DAY, type Obj, type Scene } from './scene.js';


const HOUR = 3600;

/**
 * The state an event of `verb` reports: the verb itself where it names one of `states` (`succeeded`,
 * `canceled`), else the state `renamed` maps it to, else `fallback` (what `created` reports).
 */
function stateOf<S extends string>(verb: string, states: readonly S[], fallback: S, renamed: Readonly<Record<string, S>> = {}): S {
  if ((states as readonly string[]).includes(verb)) return verb as S;
  return Object.hasOwn(renamed, verb) ? renamed[verb]! : fallback;
}

// --- payments ----------------------------------------------------------------------------------

const paymentIntentRecipe: Recipe = (s, verb) => {
  const state = stateOf<PaymentIntentState>(verb, ['succeeded', 'payment_failed', 'canceled', 'processing', 'requires_action'], 'requires_payment_method', {
    amount_capturable_updated: 'requires_capture',
  });
  const created = state === 'canceled' ? s.now - s.int(HOUR, 2 * DAY) : s.now;
  const p = newPayment(s, { created, method: state === 'processing' ? 'us_bank_account' : 'card' });
  return { object: paymentIntent(s, p, state), idVersion: '3', automatic: state === 'canceled' && s.chance(50) };
};

const chargeRecipe: Recipe = (s, verb) => {
  switch (verb) {
    case 'failed': {
      const p = newPayment(s);
      return { object: charge(s, p, 'failed'), idVersion: '3' };
    }
    case 'pending': {
      const p = newPayment(s, { method: 'us_bank_account' });
      return { object: charge(s, p, 'pending'), idVersion: '3' };
    }
    case 'captured': {
      const p = newPayment(s, { created: s.now - s.int(HOUR, 6 * DAY) });
      return { object: charge(s, p, 'succeeded') };
    }
    case 'refunded': {
      const p = newPayment(s, { created: s.now - s.int(HOUR, 20 * DAY) });
      return { object: charge(s, p, 'refunded') };
    }
    case 'updated': {
      // The balance transaction lands shortly after an asynchronously captured charge succeeds.
      const p = newPayment(s, { created: s.now - s.int(2, 40) });
      return { object: charge(s, p, 'succeeded'), previous: { balance_transaction: null }, automatic: true };
    }
    case 'expired': {
      const p = newPayment(s, { created: s.now - 7 * DAY });
      return { object: charge(s, p, 'uncaptured'), automatic: true };
    }
    default: {
      // `charge.succeeded`: with automatic_async capture the balance transaction is not there yet.
      const p = newPayment(s);
      return { object: charge(s, p, 'succeeded', { balanceTransaction: false }), idVersion: '3' };
    }
  }
};

const disputeRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(5, 60) * DAY });
  if (verb === 'updated') {
    const created = s.now - s.int(1, 10) * DAY;
    const object = dispute(s, p, 'under_review', created);
    const details = object.evidence_details as Obj;
    return {
      object,
      previous: {
        evidence: evidence(p, false),
        evidence_details: { ...details, has_evidence: false, submission_count: 0, submission_method: 'not_submitted' },
        status: 'needs_response',
      },
    };
  }
  if (verb === 'closed') {
    const object = dispute(s, p, s.pick(['won', 'lost'] as const), s.now - s.int(30, 70) * DAY);
    return { object, automatic: true };
  }
  return { object: dispute(s, p, 'needs_response', s.now), automatic: true };
};

const refundRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(HOUR, 20 * DAY) });
  if (verb === 'updated') {
    const object = refund(s, p, { created: s.now - s.int(1, 5) * DAY, referenceAvailable: true });
    const { reference: _reference, ...card } = (object.destination_details as { card: Obj }).card;
    return {
      object,
      previous: { destination_details: { card: { ...card, reference_status: 'pending' }, type: 'card' } },
      automatic: true,
    };
  }
  if (verb === 'failed') return { object: refund(s, p, { status: 'failed' }), automatic: true };
  return { object: refund(s, p) };
};

const paymentMethodRecipe: Recipe = (s, verb) => {
  const p = newPayment(s, { created: s.now - s.int(10, 120), customer: s.customerId });
  if (verb === 'detached') return { object: paymentMethod(s, p, { customer: null }) };
  if (verb === 'updated' || verb === 'automatically_updated') {
    const object = paymentMethod(s, p, { created: s.now - s.int(5, 300) * DAY });
    const details = object.billing_details as Obj;
    return { object, previous: verb === 'updated' ? { billing_details: { ...details, name: null } } : undefined, automatic: verb !== 'updated' };
  }
  return { object: paymentMethod(s, p) };
};

const setupIntentRecipe: Recipe = (s, verb) => {
  const state = stateOf<SetupIntentState>(verb, ['succeeded', 'setup_failed', 'canceled', 'requires_action'], 'requires_payment_method');
  const p = newPayment(s, { created: state === 'requires_payment_method' ? s.now : s.now - s.int(5, 300), customer: s.customerId });
  return { object: setupIntent(s, p, state) };
};

// --- checkout ----------------------------------------------------------------------------------

const MODES: readonly SessionMode[] = ['payment', 'subscription', 'setup'];

/** The mode `data` asks for, else a payment (a quarter of completed sessions start a subscription). */
function sessionMode(s: Scene, verb: string, requested: Obj | undefined): SessionMode {
  const mode = requested?.mode;
  if (MODES.includes(mode as SessionMode)) return mode as SessionMode;
  return verb === 'completed' && s.chance(25) ? 'subscription' : 'payment';
}

const checkoutRecipe: Recipe = (s, verb, requested) => {
  const mode = sessionMode(s, verb, requested);
  const expired = verb === 'expired';
  const asyncPayment = verb === 'async_payment_succeeded' || verb === 'async_payment_failed';
  const created = expired ? s.now - DAY : asyncPayment ? s.now - s.int(3, 5) * DAY : s.now - s.int(60, 1200);
  const status = expired ? 'expired' : 'complete';
  const paid = !expired && verb !== 'async_payment_failed';
  // Bank debits settle days later: the `async_payment_*` events.
  const method = asyncPayment ? 'us_bank_account' : 'card';
  const automatic = expired || asyncPayment;
  if (mode === 'setup') {
    const p = newPayment(s, { created: created + s.int(20, 600), method, customer: expired ? null : s.customerId });
    const setup = expired ? null : s.id('seti', p.created);
    const object = checkoutSession(s, p, { mode, status, paymentStatus: 'no_payment_required', withPaymentIntent: false, created, setupIntent: setup });
    return { object, automatic };
  }
  if (mode === 'subscription') {
    // The subscription starts, and its first invoice is paid, when the session completes.
    const plan = newPlan(s);
    const sub = newSubscription(s, plan, { created: created + s.int(20, 600) });
    const p = newPayment(s, { amount: plan.unitAmount * sub.quantity, method, customer: expired ? null : s.customerId });
    const object = checkoutSession(s, p, {
      mode,
      status,
      paymentStatus: paid ? 'paid' : 'unpaid',
      withPaymentIntent: false,
      created,
      subscription: expired ? null : sub.id,
      invoice: expired ? null : sub.latestInvoice,
    });
    return { object, automatic };
  }
  const p = newPayment(s, { created: created + s.int(20, 600), method, customer: expired ? null : asyncPayment ? s.customerId : undefined });
  const object = checkoutSession(s, p, { mode, status, paymentStatus: paid ? 'paid' : 'unpaid', withPaymentIntent: !expired, created });
  return { object, automatic };
};

// --- account-level -----------------------------------------------------------------------------

const accountRecipe: Recipe = (s) => {
  const object = account(s, s.base62(10), s.now - s.int(1, 30) * DAY, { complete: true });
  return { object, previous: onboardingPrevious(object), automatic: true, account: object.id as string };
};

const payoutRecipe: Recipe = (s, verb) => {
  const state = stateOf<PayoutState>(verb, ['paid', 'failed', 'canceled'], 'pending', { updated: 'in_transit', reconciliation_completed: 'paid' });
  const created = state === 'pending' ? s.now : s.now - s.int(1, 3) * DAY;
  return { object: payout(s, state, created), automatic: true };
};

const balanceRecipe: Recipe = (s) => ({ object: balance(s), automatic: true });

/** Resources (the type minus its verb) with hand-built payloads. */
const RECIPES: Readonly<Record<string, Recipe>> = {
  ...BILLING_RECIPES,
  account: accountRecipe,
  balance: balanceRecipe,
  charge: chargeRecipe,
  'charge.dispute': disputeRecipe,
  'checkout.session': checkoutRecipe,
  payment_intent: paymentIntentRecipe,
  payment_method: paymentMethodRecipe,
  payout: payoutRecipe,
  refund: refundRecipe,
  setup_intent: setupIntentRecipe,
};

/** Resources (an event type minus its verb) whose events have hand-built payloads. */
export const HAND_BUILT_RESOURCES: readonly string[] = Object.keys(RECIPES);

/**
 * The parts of the event `type` reports: a hand-built recipe for the resources above, the walked
 * generated shape for every other catalogued type, and a minimal generic object for a type outside
 * the catalog (sent only when the caller allows unknown types).
 */
export function eventParts(s: Scene, type: string, requested?: Obj): EventParts {
  const dot = type.lastIndexOf('.');
  const resource = type.slice(0, dot);
  const verb = type.slice(dot + 1);
  const recipe = RECIPES[resource];
  if (recipe && hasShape(type)) {
    const parts = recipe(s, verb, requested);
    // Every `*.updated` carries what changed; recipes without a story of their own get the generic one.
    return verb === 'updated' && parts.previous === undefined ? { ...parts, previous: walkedPrevious(s, type, parts.object) } : parts;
  }
  const automatic = verb !== 'created' && verb !== 'updated' && verb !== 'deleted';
  if (hasShape(type)) {
    const object = walkedObject(s, type);
    return { object, automatic, ...(verb === 'updated' ? { previous: walkedPrevious(s, type, object) } : {}) };
  }
  return { object: genericObject(s, resource, verb), automatic };
}
