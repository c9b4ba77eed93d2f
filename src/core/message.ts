/**
 * How the library names itself in the diagnostics it writes or throws outside a `RelayError`'s own
 * message: process warnings, console lines, the msw mocks' answers to unsupported requests, the Vitest
 * fixture's errors. One prefix, so a reader of a mixed log can tell relaykit spoke, whichever part did.
 *
 * The `relay` CLI speaks with its own voice (`relay: …` on stderr, `[relay trigger] …` on stdout):
 * the CLI spec and its tests pin those, so they stay in src/cli.
 */

/** What every library diagnostic starts with. */
export const MESSAGE_PREFIX = 'relaykit:';

/**
 * `text` as the library says it: `relaykit: <text>`.
 * @example
 * process.emitWarning(prefixed('the onRequest listener threw: boom')); // 'relaykit: the onRequest listener threw: boom'
 */
export function prefixed(text: string): string {
  return `${MESSAGE_PREFIX} ${text}`;
}
