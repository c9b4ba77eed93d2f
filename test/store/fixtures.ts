/** Deliveries for store tests: those of the exported Store contract (no vitest import, so child processes can use it). */
export { delivery } from '../../src/service/store/contract/fixtures.js';
export type { Delivery, DeliveryOptions } from '../../src/service/store/contract/fixtures.js';
