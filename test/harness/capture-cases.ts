/**
 * One delivery per built-in provider carrying personal data and secrets (merged into a realistic payload),
 * and the strings that must not survive scrubbing: shared by the fixture tests and the capture end to end.
 */
import type { ProviderId } from '../service/official.js';

/** A case: the event type, the `data` carrying the personal values, and those values as strings. */
export interface PersonalCase {
  readonly eventType: string;
  readonly data: Record<string, unknown>;
  readonly personal: readonly string[];
}

const EMAIL = 'ada.lovelace@personal-mail.example';
const PHONE = '+442071234567';
const STREET = '12 Analytical Row';
const IP = '203.0.113.77';

export const personalCases: Record<ProviderId, PersonalCase> = {
  stripe: {
    eventType: 'payment_intent.succeeded',
    data: {
      receipt_email: EMAIL,
      client_secret: 'pi_3Qx_secret_TopSecretClientValue42',
      shipping: { name: 'Augusta Lovelace', phone: PHONE, address: { line1: STREET, line2: null, city: 'Marylebone', postal_code: 'NW1 6XE', country: 'GB', state: null } },
    },
    personal: [EMAIL, PHONE, STREET, 'Augusta Lovelace', 'Marylebone', 'NW1 6XE', 'TopSecretClientValue42'],
  },
  github: {
    eventType: 'pull_request.opened',
    data: { sender: { login: 'adalovelace1815', email: EMAIL }, pull_request: { body: `Call me on ${PHONE} or write to ${EMAIL}` } },
    personal: [EMAIL, PHONE, 'adalovelace1815'],
  },
  clerk: {
    eventType: 'user.created',
    data: { first_name: 'Augusta', last_name: 'Lovelace', username: 'adalovelace1815' },
    personal: ['Augusta', 'Lovelace', 'adalovelace1815'],
  },
  shopify: {
    eventType: 'orders/create',
    data: {
      email: EMAIL,
      browser_ip: IP,
      note: `Leave with the neighbour at ${STREET}`,
      customer: { first_name: 'Augusta', last_name: 'Lovelace', phone: PHONE },
    },
    personal: [EMAIL, IP, STREET, PHONE, 'Augusta', 'Lovelace'],
  },
  resend: {
    eventType: 'email.delivered',
    data: { to: [EMAIL], from: `Augusta Lovelace <${EMAIL}>`, subject: 'Your receipt, Augusta Lovelace' },
    personal: [EMAIL, 'Augusta Lovelace'],
  },
};

/** "Production" secrets: what the provider signs real deliveries with, never the test secret. */
export const productionSecrets: Record<ProviderId, string> = {
  stripe: 'whsec_production_stripe_secret_value',
  github: 'production-github-secret-value',
  clerk: 'whsec_cHJvZHVjdGlvbiBjbGVyayBzZWNyZXQgdmFsdWUh',
  shopify: 'shpss_production_shopify_secret_value',
  resend: 'whsec_cHJvZHVjdGlvbiByZXNlbmQgc2VjcmV0IHZhbHVlIQ==',
};
