/**
 * Resend, emulated: its API routes (under `/resend` on a standalone server), its webhooks, and each
 * outbox event delivered as Svix delivers Resend's: `{ created_at, data, type }` with its keys sorted,
 * a `msg_…` id (the `svix-id`, the same in every attempt), Svix's `User-Agent` and a catch-all `Accept`.
 */
import { RelayError } from '../../../core/index.js';
import type { ClientOptions, EmulatedDelivery, OutboxEvent, ProviderEmulation, World } from '../../shared/api/index.js';
import { sortedJson, SVIX_SENDER_VERSION } from '../../shared/svix-headers.js';
import { isoMillis } from '../../shared/time.js';
import { advanceClock } from './clock.js';
import { resendError } from './errors.js';
import { resendAdapter, resendRoutes } from './index.js';
import { clickEmail, openEmail, releaseDue, type ClickOptions } from './outcomes.js';
import { createWebhook, enabledWebhooks } from './webhooks.js';

/** What a Resend test does besides API calls: `emulator.resend`. */
export interface ResendHelpers {
  /**
   * The recipient opens a delivered email: `email.opened`.
   * @example
   * emulator.resend.open(email.id);
   */
  open(emailId: string): { id: string; last_event: string };
  /**
   * The recipient clicks `link` in a delivered email: `email.clicked`.
   * @example
   * emulator.resend.click(email.id, 'https://acme.test/verify');
   */
  click(emailId: string, link: string, options?: ClickOptions): { id: string; last_event: string };
  /**
   * Moves Resend's clock `ms` forward (it starts at the emulator's `now`) and sends every scheduled
   * email whose time it reaches: `email.sent` and what follows, each at its scheduled time. `0` sends
   * what is due now.
   * @example
   * await resend.emails.send({ ..., scheduledAt: 'in 1 hour' });
   * emulator.resend.advanceTime(60 * 60 * 1000);
   */
  advanceTime(ms: number): void;
}

/** The Svix delivery of `event`, stamped at the event's time. */
function envelope(event: OutboxEvent, world: World): EmulatedDelivery {
  return {
    body: sortedJson({ created_at: isoMillis(event.at), data: event.data, type: event.type }),
    deliveryId: world.id('msg', 27),
    headers: {
      'Content-Type': 'application/json',
      'User-Agent': `Svix-Webhooks/${SVIX_SENDER_VERSION} (sender-${world.id('', 5).toLowerCase()}; +https://www.svix.com/http-sender/)`,
      Accept: '*/*',
    },
  };
}

/**
 * Resend's emulation.
 * @example
 * new Resend('re_123', resendEmulation.clientOptions(new URL(`${emulatorUrl}/resend`)));
 */
export const resendEmulation: ProviderEmulation = {
  provider: 'resend',
  mount: '/resend',
  // An endpoint Resend does not have is its 404 `not_found`.
  routes: () => ({ ...resendRoutes(), unsupported: (message) => resendError(404, 'not_found', message) }),
  adapter: resendAdapter,
  clientOptions: (url: URL): ClientOptions => ({ baseUrl: url.toString().replace(/\/$/, '') }),
  // The SDK's own fallback when no baseUrl is given (resend-node reads it in its constructor).
  clientEnv: (url: URL) => ({ RESEND_BASE_URL: url.toString().replace(/\/$/, '') }),
  endpoints: enabledWebhooks,
  addEndpoint: (world, endpoint) => {
    const created = createWebhook(world, { endpoint: endpoint.url, events: endpoint.events ?? null, ...(endpoint.secret ? { secret: endpoint.secret } : {}) });
    return enabledWebhooks(world).find((e) => e.id === created.id)!;
  },
  envelope,
  // An email event reports its email by `email_id`; `contact.topics.updated` its contact by `email`.
  objectId: (event) => [event.data.email_id, event.data.id, event.data.email].find((id): id is string => typeof id === 'string'),
  helpers: (world): ResendHelpers => ({
    open: (emailId) => openEmail(world, emailId),
    click: (emailId, link, options) => clickEmail(world, emailId, link, options),
    advanceTime: (ms) => {
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) throw new RelayError('INVALID_OPTION', `emulator.resend.advanceTime takes milliseconds from 0 up, got ${JSON.stringify(ms)}.`);
      advanceClock(world, ms);
      releaseDue(world);
    },
  }),
};
