/**
 * The Resend API mock (api.resend.com): emails (sent and received), contacts, segments, topics,
 * domains, suppressions, inboxes (threads, their emails, drafts, labels), sending, and managing
 * suppressions and topics.
 */
import type { MockContext } from '../context.js';
import { guardedRoute, type MockApi, type MockRoute } from '../shared/routes.js';
import { checkResendKey } from './auth.js';
import { resendError } from './errors.js';
import * as inbox from './inbox.js';
import * as manage from './manage.js';
import * as read from './read.js';
import * as write from './write.js';

export { resendAdapter } from './record.js';

/**
 * The mocked Resend API.
 * @example
 * const api = resendApi({ world: providerWorld, options: resolveMockOptions() });
 */
export function resendApi(ctx: MockContext): MockApi {
  const r = guardedRoute((request) => checkResendKey(request, ctx.options.resend.apiKeys));
  const routes: MockRoute[] = [
    r('POST', '/emails', write.sendEmail(ctx)),
    r('POST', '/emails/batch', write.sendBatch(ctx)),
    r('GET', '/emails', read.list(ctx, 'email')),
    r('GET', '/emails/receiving', read.list(ctx, 'received_email')),
    r('GET', '/emails/receiving/:id', read.retrieve(ctx, 'received_email', 'Email')),
    r('GET', '/emails/:id', read.retrieve(ctx, 'email', 'Email')),
    r('PATCH', '/emails/:id', write.changeScheduled(ctx, 'update')),
    r('POST', '/emails/:id/cancel', write.changeScheduled(ctx, 'cancel')),
    r('GET', '/broadcasts/:id', read.retrieve(ctx, 'broadcast', 'Broadcast')),
    r('GET', '/contacts', read.listContacts(ctx)),
    r('GET', '/contacts/:id', read.getContact(ctx)),
    r('GET', '/contacts/:id/topics', read.contactTopics(ctx)),
    r('GET', '/audiences/:audience_id/contacts', read.listContacts(ctx)),
    r('GET', '/audiences/:audience_id/contacts/:id', read.getContact(ctx)),
    r('GET', '/contacts/:id/segments', read.contactSegments(ctx)),
    r('GET', '/domains', read.list(ctx, 'domain')),
    r('GET', '/domains/:id', read.retrieve(ctx, 'domain', 'Domain')),
    r('GET', '/segments', read.list(ctx, 'segment')),
    r('GET', '/segments/:id', read.retrieve(ctx, 'segment', 'Segment')),
    r('GET', '/topics', read.list(ctx, 'topic')),
    r('POST', '/topics', manage.createTopic(ctx)),
    r('GET', '/topics/:id', read.retrieve(ctx, 'topic', 'Topic')),
    r('PATCH', '/topics/:id', manage.updateTopic(ctx)),
    r('DELETE', '/topics/:id', manage.removeTopic(ctx)),
    r('GET', '/suppressions', read.listSuppressions(ctx)),
    r('POST', '/suppressions', manage.addSuppression(ctx)),
    r('GET', '/suppressions/:id', read.getSuppression(ctx)),
    r('DELETE', '/suppressions/:id', manage.removeSuppression(ctx)),
    r('GET', '/inboxes', inbox.listInboxes(ctx)),
    r('GET', '/inboxes/:inbox', inbox.getInbox(ctx)),
    r('GET', '/inboxes/:inbox/threads', inbox.listThreads(ctx)),
    r('GET', '/inboxes/:inbox/threads/:id', inbox.getOwned(ctx, 'inbox_thread', 'Thread')),
    r('GET', '/inboxes/:inbox/threads/:thread/emails', inbox.listThreadEmails(ctx)),
    r('GET', '/inboxes/:inbox/threads/:thread/emails/:id', inbox.getOwned(ctx, 'inbox_email', 'Email')),
    r('GET', '/inboxes/:inbox/drafts', inbox.listDrafts(ctx)),
    r('GET', '/inboxes/:inbox/drafts/:id', inbox.getOwned(ctx, 'inbox_draft', 'Draft')),
    r('GET', '/inboxes/:inbox/labels', inbox.listLabels(ctx)),
  ];
  return {
    provider: 'resend',
    base: 'https://api.resend.com',
    host: 'api.resend.com',
    routes,
    unsupported: (message) => resendError(501, 'not_implemented', message),
  };
}
