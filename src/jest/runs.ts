/**
 * The services `relaykit/jest/global-setup` started, for `relaykit/jest/global-teardown` to stop. Jest
 * runs both hooks in its own process but loads each as a module of its own and passes nothing from one
 * to the other (a value a global setup returns is ignored), so the hand-over is a global, under a
 * registered symbol that any copy of relaykit finds.
 */
import type { StartedService } from '../testing/service.js';

const KEY = Symbol.for('relaykit.jest.services');

type Holder = { [KEY]?: StartedService[] };

/** Remembers a service the global setup started. */
export function keepService(service: StartedService): void {
  ((globalThis as Holder)[KEY] ??= []).push(service);
}

/** Hands over, and forgets, every service the global setup started. */
export function takeServices(): StartedService[] {
  const services = (globalThis as Holder)[KEY] ?? [];
  delete (globalThis as Holder)[KEY];
  return services;
}

/** What the Jest entries tell a user to add when no service runs. */
export const JEST_CONFIG_HINT =
  "Add globalSetup: 'relaykit/jest/global-setup' and globalTeardown: 'relaykit/jest/global-teardown' to the Jest config " +
  "(and setupFilesAfterEnv: ['relaykit/jest/setup'] for the matchers).";
