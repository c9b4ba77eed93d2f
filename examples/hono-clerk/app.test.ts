/** Unit tests of the Hono app, in process through `app.fetch`; the stored executions come from the plugin's service. */
import { assertRejectsForgeries } from 'relaykit/fast-check';
import { expect, test, triggerWebhook } from 'relaykit/vitest';
import { app } from './app.js';

test('a signed user.created is accepted with the user id', async () => {
  const result = await triggerWebhook('clerk', 'user.created', { target: app, data: { id: 'user_example' } });
  expect(result).toBeAccepted();
  expect(result.json).toEqual({ type: 'user.created', id: 'user_example' });
});

test('every kind of forgery is rejected, every valid delivery accepted', async () => {
  await assertRejectsForgeries(app, 'clerk', { numRuns: 30 });
});

test('the same delivery also reaches the plugin service, which stores it', async ({ relay }) => {
  const result = await triggerWebhook('clerk', 'user.created');
  expect(result).toBeAccepted();
  expect((await relay.executions({ type: 'clerk.user.created' })).map((e) => e.id)).toContain(result.execution!.id);
});
