/**
 * The examples' Vitest config: the relaykit plugin starts relay.ts (beside this file) on an
 * ephemeral port for the run and sets STRIPE_WEBHOOK_SECRET, GITHUB_WEBHOOK_SECRET, … in the test
 * workers, so the handlers under test verify with the secrets relaykit signs with.
 */
import { relay } from 'relaykit/vitest';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [relay()],
  test: { include: ['**/*.test.ts'] },
});
