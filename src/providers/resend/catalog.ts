import { exactCatalog } from '../shared/catalog.js';

/**
 * Every type of the `WebhookEvent` union in the resend package (6.38.0): 37 types. The `email.*`,
 * `contact.*` and `domain.*` payloads are hand-written; `suppression.*`, `topic.*` and `inbox.*` are
 * walked from the package's declared shapes (`generated/shapes.ts`).
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
  'suppression.added',
  'suppression.removed',
  'topic.created',
  'topic.updated',
  'topic.deleted',
  'inbox.created',
  'inbox.updated',
  'inbox.deleted',
  'inbox.thread.created',
  'inbox.thread.folder.updated',
  'inbox.thread.assigned',
  'inbox.thread.unassigned',
  'inbox.thread.labels.updated',
  'inbox.email.received',
  'inbox.email.sent',
  'inbox.draft.created',
  'inbox.draft.updated',
  'inbox.draft.sent',
  'inbox.draft.deleted',
] as const;

export const catalog = exactCatalog(resendEventTypes);
