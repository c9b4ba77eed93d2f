/** Unit tests of the Express app: delivered over a real socket on an ephemeral port. */
import { assertRejectsForgeries } from 'relaykit/fast-check';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { createApp } from './app.js';

const app = createApp();

test('a signed pull_request.opened is accepted', async () => {
  const result = await triggerWebhook('github', 'pull_request.opened', { target: app });
  expect(result).toBeAccepted();
  expect(result.json).toEqual({ event: 'pull_request', action: 'opened' });
});

test('every kind of forgery is rejected, every valid delivery accepted', async () => {
  await assertRejectsForgeries(app, 'github', { numRuns: 30 });
});
