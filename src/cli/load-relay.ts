/** The CLI finds and loads `relay.ts` the way the Vitest plugin does: one implementation, in the service. */
export { findRelayFile, loadRelayFile } from '../service/relay-file.js';
