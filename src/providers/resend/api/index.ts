/**
 * The Resend API (api.resend.com), as the mocks and the emulator serve it: emails (sent and received), contacts, segments, topics,
 * domains, suppressions, inboxes (threads, their emails, drafts, labels), sending, and managing
 * suppressions and topics.
 */
import { guardedRoute, type ApiRoute, type ApiRoutes, type RouteHandler, type RouteMethod } from '../../shared/api/index.js';
import { checkResendKey } from './auth.js';
import * as contacts from './contacts.js';
import * as domains from './domains.js';
import { resendError } from './errors.js';
import * as inbox from './inbox.js';
import * as manage from './manage.js';
import { releaseDue } from './outcomes.js';
import * as read from './read.js';
import * as webhooks from './webhooks.js';
import * as write from './write.js';

export { resendAdapter } from './record.js';

/** What the Resend routes check requests against. */
export interface ResendRouteOptions {
  /** The API keys accepted. Default: any `re_…` key. */
  readonly apiKeys?: readonly string[];
}

/**
 * The Resend API's routes, over web `Request`/`Response` and the world each call is handed.
 * @example
 * const api = resendRoutes({ apiKeys: ['re_123'] });
 * const answer = await api.routes.find((r) => r.path === '/emails/:id')!.handler(request, { id }, world);
 */
export function resendRoutes(options: ResendRouteOptions = {}): ApiRoutes {
  const guarded = guardedRoute((request) => checkResendKey(request, options.apiKeys));
  // Each call first sends the scheduled emails whose time has come, as Resend would have meanwhile.
  const r = (method: RouteMethod, path: string, handler: RouteHandler): ApiRoute =>
    guarded(method, path, (request, params, world) => {
      releaseDue(world);
      return handler(request, params, world);
    });
  const routes: ApiRoute[] = [
    r('POST', '/emails', write.sendEmail),
    r('POST', '/emails/batch', write.sendBatch),
    r('GET', '/emails', read.list('email')),
    r('GET', '/emails/receiving', read.list('received_email')),
    r('GET', '/emails/receiving/:id', read.retrieve('received_email', 'Email')),
    r('GET', '/emails/:id', read.retrieve('email', 'Email')),
    r('PATCH', '/emails/:id', write.changeScheduled('update')),
    r('POST', '/emails/:id/cancel', write.changeScheduled('cancel')),
    r('GET', '/broadcasts/:id', read.retrieve('broadcast', 'Broadcast')),
    r('GET', '/contacts', read.listContacts),
    r('POST', '/contacts', contacts.createContact),
    r('GET', '/contacts/:id', read.getContact),
    r('PATCH', '/contacts/:id', contacts.updateContact),
    r('DELETE', '/contacts/:id', contacts.removeContact),
    r('GET', '/contacts/:id/topics', read.contactTopics),
    r('PATCH', '/contacts/:id/topics', contacts.updateContactTopics),
    r('GET', '/audiences/:audience_id/contacts', read.listContacts),
    r('POST', '/audiences/:audience_id/contacts', contacts.createContact),
    r('GET', '/audiences/:audience_id/contacts/:id', read.getContact),
    r('PATCH', '/audiences/:audience_id/contacts/:id', contacts.updateContact),
    r('DELETE', '/audiences/:audience_id/contacts/:id', contacts.removeContact),
    r('GET', '/contacts/:id/segments', read.contactSegments),
    r('GET', '/domains', read.list('domain')),
    r('POST', '/domains', domains.createDomain),
    r('GET', '/domains/:id', read.retrieve('domain', 'Domain')),
    r('PATCH', '/domains/:id', domains.updateDomain),
    r('DELETE', '/domains/:id', domains.removeDomain),
    r('POST', '/domains/:id/verify', domains.verifyDomain),
    r('GET', '/webhooks', webhooks.list),
    r('POST', '/webhooks', webhooks.create),
    r('GET', '/webhooks/:id', webhooks.retrieve),
    r('PATCH', '/webhooks/:id', webhooks.update),
    r('DELETE', '/webhooks/:id', webhooks.remove),
    r('GET', '/segments', read.list('segment')),
    r('GET', '/segments/:id', read.retrieve('segment', 'Segment')),
    r('GET', '/topics', read.list('topic')),
    r('POST', '/topics', manage.createTopic),
    r('GET', '/topics/:id', read.retrieve('topic', 'Topic')),
    r('PATCH', '/topics/:id', manage.updateTopic),
    r('DELETE', '/topics/:id', manage.removeTopic),
    r('GET', '/suppressions', read.listSuppressions),
    r('POST', '/suppressions', manage.addSuppression),
    r('GET', '/suppressions/:id', read.getSuppression),
    r('DELETE', '/suppressions/:id', manage.removeSuppression),
    r('GET', '/inboxes', inbox.listInboxes),
    r('GET', '/inboxes/:inbox', inbox.getInbox),
    r('GET', '/inboxes/:inbox/threads', inbox.listThreads),
    r('GET', '/inboxes/:inbox/threads/:id', inbox.getOwned('inbox_thread', 'Thread')),
    r('GET', '/inboxes/:inbox/threads/:thread/emails', inbox.listThreadEmails),
    r('GET', '/inboxes/:inbox/threads/:thread/emails/:id', inbox.getOwned('inbox_email', 'Email')),
    r('GET', '/inboxes/:inbox/drafts', inbox.listDrafts),
    r('GET', '/inboxes/:inbox/drafts/:id', inbox.getOwned('inbox_draft', 'Draft')),
    r('GET', '/inboxes/:inbox/labels', inbox.listLabels),
  ];
  return {
    provider: 'resend',
    base: 'https://api.resend.com',
    host: 'api.resend.com',
    routes,
    unsupported: (message) => resendError(501, 'not_implemented', message),
  };
}
