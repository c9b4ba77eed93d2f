/**
 * Stripe's test cards (docs.stripe.com/testing): what each `pm_card_*` id, `tok_*` token and card
 * number stands for, and what happens when it is charged. A stored payment method is recognised by
 * its card's last four digits, which no two test cards here share.
 */

/** Why a charge on a test card is refused: Stripe's card error fields. */
export interface Decline {
  readonly code: string;
  readonly declineCode: string;
  readonly message: string;
  /** The charge's `outcome` for it. */
  readonly outcome: { readonly type: string; readonly networkStatus: string; readonly reason: string; readonly riskLevel: string; readonly seller: string };
}

/** What charging the card does. */
export type CardBehavior =
  | { readonly kind: 'succeeds' }
  /** Succeeds, then the cardholder disputes the charge (`fraudulent`). */
  | { readonly kind: 'disputed' }
  /** Declined when charged (`attach` still works for `chargeCustomerFail`). */
  | { readonly kind: 'declined'; readonly decline: Decline }
  /** 3D Secure is asked for on session (`always`: on every payment, off session it is declined). */
  | { readonly kind: 'authentication'; readonly always: boolean };

/** One test card. */
export interface TestCard {
  readonly number: string;
  readonly brand: 'visa' | 'mastercard' | 'amex';
  readonly funding: 'credit' | 'debit';
  readonly behavior: CardBehavior;
}

const issuer = (reason: string): Decline['outcome'] => ({
  type: 'issuer_declined',
  networkStatus: 'declined_by_network',
  reason,
  riskLevel: 'normal',
  seller: reason === 'generic_decline' ? 'The bank did not return any further details with this decline.' : `The bank returned the decline code \`${reason}\`.`,
});

function declined(code: string, declineCode: string, message: string): CardBehavior {
  return { kind: 'declined', decline: { code, declineCode, message, outcome: issuer(declineCode) } };
}

/** The decline of a payment that needed 3D Secure while the customer was away. */
export const AUTHENTICATION_REQUIRED: Decline = {
  code: 'authentication_required',
  declineCode: 'authentication_required',
  message: 'Your card was declined. This transaction requires authentication.',
  outcome: issuer('authentication_required'),
};

const GENERIC = declined('card_declined', 'generic_decline', 'Your card was declined.');
const ok: CardBehavior = { kind: 'succeeds' };
const card = (number: string, behavior: CardBehavior, brand: TestCard['brand'] = 'visa', funding: TestCard['funding'] = 'credit'): TestCard => ({ number, brand, funding, behavior });

/** The test cards by their `pm_card_` suffix (each `visa_`-prefixed decline also answers without the prefix). */
const CARDS: Readonly<Record<string, TestCard>> = {
  visa: card('4242424242424242', ok),
  visa_debit: card('4000056655665556', ok, 'visa', 'debit'),
  mastercard: card('5555555555554444', ok, 'mastercard'),
  amex: card('378282246310005', ok, 'amex'),
  visa_chargeDeclined: card('4000000000000002', GENERIC),
  visa_chargeDeclinedInsufficientFunds: card('4000000000009995', declined('card_declined', 'insufficient_funds', 'Your card has insufficient funds.')),
  visa_chargeDeclinedLostCard: card('4000000000009987', declined('card_declined', 'lost_card', 'Your card was declined.')),
  visa_chargeDeclinedStolenCard: card('4000000000009979', declined('card_declined', 'stolen_card', 'Your card was declined.')),
  visa_chargeDeclinedExpiredCard: card('4000000000000069', declined('expired_card', 'expired_card', 'Your card has expired.')),
  visa_chargeDeclinedIncorrectCvc: card('4000000000000127', declined('incorrect_cvc', 'incorrect_cvc', "Your card's security code is incorrect.")),
  visa_chargeDeclinedProcessingError: card('4000000000000119', declined('processing_error', 'processing_error', 'An error occurred while processing your card. Try again in a little bit.')),
  visa_chargeDeclinedVelocityLimitExceeded: card('4000000000006975', declined('card_declined', 'card_velocity_exceeded', 'Your card was declined.')),
  chargeCustomerFail: card('4000000000000341', GENERIC),
  authenticationRequired: card('4000002760003184', { kind: 'authentication', always: true }),
  threeDSecure2Required: card('4000000000003220', { kind: 'authentication', always: false }),
  createDispute: card('4000000000000259', { kind: 'disputed' }),
  riskLevelHighest: card('4000000000004954', {
    kind: 'declined',
    decline: {
      code: 'card_declined',
      declineCode: 'fraudulent',
      message: 'Your card was declined.',
      outcome: { type: 'blocked', networkStatus: 'not_sent_to_network', reason: 'highest_risk_level', riskLevel: 'highest', seller: 'Stripe blocked this payment as too risky.' },
    },
  }),
};

/** The tokens (`tok_visa`, `tok_chargeDeclined`, …) name the same cards. */
function lookup(suffix: string): TestCard | undefined {
  return CARDS[suffix] ?? CARDS[`visa_${suffix}`];
}

/**
 * The test card a test payment method id or token names: `pm_card_visa`, `pm_card_chargeDeclined`,
 * `tok_mastercard`; `undefined` for any other id.
 * @example
 * testCardOf('pm_card_visa_chargeDeclined')?.behavior; // { kind: 'declined', decline: { code: 'card_declined', … } }
 */
export function testCardOf(id: string): TestCard | undefined {
  const match = /^(?:pm_card_|tok_)(\w+)$/.exec(id);
  return match ? lookup(match[1]!) : undefined;
}

/**
 * The test card with this number (spaces ignored), or `undefined` for a number that is not one.
 * @example
 * testCardByNumber('4000 0000 0000 9995')?.behavior.kind; // 'declined'
 */
export function testCardByNumber(number: string): TestCard | undefined {
  const digits = number.replace(/[\s-]/g, '');
  return Object.values(CARDS).find((c) => c.number === digits);
}

/**
 * The test card a stored payment method's card is (by its last four digits); a card we do not know charges fine.
 * @example
 * testCardOfLast4(method.card.last4).behavior; // what charging a stored method does
 */
export function testCardOfLast4(last4: unknown): TestCard {
  return Object.values(CARDS).find((c) => c.number.endsWith(String(last4))) ?? CARDS.visa!;
}

/**
 * Why saving the card (attach, a setup intent) is refused, or `undefined`: a card that declines
 * charges declines the check made when it is saved, except `chargeCustomerFail` (saved, then every
 * charge fails) and the Radar block (which screens payments).
 * @example
 * saveDecline(testCardOf('pm_card_chargeDeclined')!)?.declineCode; // 'generic_decline'
 */
export function saveDecline(card: TestCard): Decline | undefined {
  if (card.behavior.kind !== 'declined' || card === CARDS.chargeCustomerFail || card === CARDS.riskLevelHighest) return undefined;
  return card.behavior.decline;
}
