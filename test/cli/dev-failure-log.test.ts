/**
 * `relay dev`'s log says when a handler fails: it printed `POST stripe 200 exec_…` and nothing more,
 * so a developer saw a success for an execution that failed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { officialDelivery, secrets } from '../service/official.js';
import { cleanUp, project, startDev } from './bin.js';

afterEach(cleanUp);

const RELAY_TS = `import { createRelay } from 'relaykit';
export default createRelay({
  handlers: {
    'stripe.payment_intent.succeeded': async (event, { step }) => {
      await step.run('send-receipt', () => {
        throw new Error('SMTP server unreachable\\n  (connect ECONNREFUSED 127.0.0.1:25)');
      });
    },
  },
});
`;

/** Resolves once `stdout()` matches `pattern` (15 s at most), with the match. */
function printed(dev: Awaited<ReturnType<typeof startDev>>, pattern: RegExp): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`relay dev never printed ${pattern}; it printed:\n${dev.stdout()}`)), 15_000);
    const check = () => {
      const match = pattern.exec(dev.stdout());
      if (!match) return void dev.child.stdout.once('data', check);
      clearTimeout(timer);
      resolve(match);
    };
    check();
  });
}

describe("relay dev's log", () => {
  it.each([[[]], [['--quiet']]])('prints a line naming the execution and the error when a handler fails (args %j)', async (args) => {
    const dev = await startDev(project(RELAY_TS), { STRIPE_WEBHOOK_SECRET: secrets.stripe }, args);
    const delivery = await officialDelivery('stripe');
    const response = await fetch(`${dev.url}/api/webhook/stripe`, { method: 'POST', headers: delivery.headers, body: delivery.body });
    const { id } = (await response.json()) as { id: string };
    const [line] = await printed(dev, new RegExp(`^.*${id} failed: .*$`, 'm'));
    expect(line).toMatch(
      new RegExp(`^\\d\\d:\\d\\d:\\d\\d ${id} failed: SMTP server unreachable \\(connect ECONNREFUSED 127\\.0\\.0\\.1:25\\) \\(stripe\\.payment_intent\\.succeeded, attempt 1\\)$`),
    );
    dev.child.kill('SIGTERM');
    expect(await dev.exit).toBe(0);
  });
});
