import { exactCatalog } from '../shared/catalog.js';

/**
 * Every `email.*`, `contact.*` and `domain.*` type of the `WebhookEvent` union in the resend package
 * (6.38.0; `suppression.*`, `topic.*` and `inbox.*` are not fabricated).
 */
export const resendEventTypes = [
  'email.sent',
  'email.scheduled',
  'email.delivered',
  'email.delivery_delayed',
  'email.complained',
  'email.bounced',
  'email.opened',
  'email.clicked',
  'email.received',
  'email.failed',
  'email.suppressed',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'contact.topics.updated',
  'domain.created',
  'domain.updated',
  'domain.deleted',
] as const;

export const catalog = exactCatalog(resendEventTypes);
