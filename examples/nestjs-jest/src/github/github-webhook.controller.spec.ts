/**
 * The GitHub controller under Jest, verified with @octokit/webhooks; `expect` from @jest/globals (the
 * Stripe spec uses the global one), `triggerWebhook` from relaykit/jest.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { triggerWebhook } from 'relaykit/jest';
import { createTestApp } from '../test-app';

describe('GithubWebhookController', () => {
  let app: INestApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });

  afterAll(() => app.close());

  it('accepts a signed pull_request.opened and routes it by event and action', async () => {
    const result = await triggerWebhook('github', 'pull_request.opened', { target: app.getHttpServer(), path: '/webhooks/github' });
    expect(result).toBeAccepted();
    expect(result.json).toEqual({ event: 'pull_request', action: 'opened' });
  });

  it('rejects a push signed with another secret, and one with no signature', async () => {
    const target = app.getHttpServer();
    expect(await triggerWebhook('github', 'push', { target, path: '/webhooks/github', secret: 'not-ours' })).toBeRejectedAsForgery();
    expect(await triggerWebhook('github', 'push', { target, path: '/webhooks/github', headers: { 'x-hub-signature-256': '' } })).toBeRejected();
  });
});
