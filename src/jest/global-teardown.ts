/**
 * `relaykit/jest/global-teardown`: Jest's `globalTeardown` that stops what `relaykit/jest/global-setup`
 * started: the service, its temporary store and context file; the env is put back as it was.
 * @example
 * // jest.config.js
 * module.exports = { globalSetup: 'relaykit/jest/global-setup', globalTeardown: 'relaykit/jest/global-teardown' };
 */
import { takeServices } from './runs.js';

/**
 * Stops every service the global setup started in this process.
 * @example
 * import relayTeardown from 'relaykit/jest/global-teardown';
 * export default async () => { await relayTeardown(); await dropDatabase(); };
 */
export default async function globalTeardown(): Promise<void> {
  await Promise.all(takeServices().map((service) => service.close()));
}
