/**
 * `relaykit/jest/setup`: for `setupFilesAfterEnv`. Registers the relaykit matchers (`toBeAccepted`,
 * `toBeRejected`, `toBeRejectedAsForgery`, `toBeReplayOf`, `toBeIdempotent`) on Jest's `expect`:
 * the test core's predicates, so their messages are those relaykit/vitest prints.
 * @example
 * // jest.config.js
 * module.exports = { setupFilesAfterEnv: ['relaykit/jest/setup'] };
 */
import { expect } from '@jest/globals';
import { relayMatchers } from '../testing/matchers.js';
import './types.js';

expect.extend(relayMatchers);
