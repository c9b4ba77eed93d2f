/**
 * A test worker in a process of its own, as Jest's and node:test's are: it learns the run's service
 * from its inherited environment only (`readTestContext()`), delivers one webhook to it with the
 * harness's default target, waits for it with the fixture, and prints what it saw as JSON.
 */
import { createRelayFixture, readTestContext, triggerWebhook } from '../../../src/testing/index.js';

const context = readTestContext();
if (!context) throw new Error('no RELAYKIT_CONTEXT_FILE in the worker env');
const relay = createRelayFixture(context);
const result = await triggerWebhook('github', 'push');
const settled = await relay.settled(result.execution!.id);
const listed = await relay.executions({ type: 'github.push' });
process.stdout.write(
  JSON.stringify({
    url: context.url,
    status: result.status,
    settled: settled.status,
    listed: listed.map((execution) => execution.id),
    id: result.execution!.id,
    secretFromEnv: process.env.GITHUB_WEBHOOK_SECRET === context.secrets.github,
  }),
);
