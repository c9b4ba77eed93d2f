/** Stripe's signing scheme: `Stripe-Signature: t=<unix seconds>,v1=<hex>`, the `whsec_` secret used as is. */
import { DEFAULT_TOLERANCE_SECONDS, stripe as signer } from '../../signers/index.js';
import { half } from '../scheme.js';
import type { SigningScheme } from '../types.js';

const HEADER = signer.SIGNATURE_HEADER;

/** The Stripe-Signature header of `headers`, changed by `edit`. */
function edited(edit: (value: string) => string) {
  return (headers: Readonly<Record<string, string>>) => ({ [HEADER]: edit(headers[HEADER]!) });
}

/**
 * Stripe's scheme: one header, a timestamp only checked for age, and an endpoint secret keyed as is.
 * @example
 * scheme.timestamp; // { toleranceSeconds: 300, enforced: 'past' }
 */
export const scheme: SigningScheme = {
  name: 'Stripe',
  headers: { signature: HEADER },
  timestamp: { toleranceSeconds: DEFAULT_TOLERANCE_SECONDS, enforced: 'past' },
  secret: { prefix: 'whsec_', bytes: 24, encoding: 'hex', key: 'utf8' },
  malformations: [
    { name: `an empty ${HEADER}`, apply: () => ({ [HEADER]: '' }) },
    { name: 'only the test-mode v0 entry, no v1 signature', apply: edited((value) => value.replace(/,?v1=[0-9a-f]*/g, '')) },
    { name: 'v1 signatures without the t= timestamp', apply: edited((value) => value.replace(/^t=\d+,/, '')) },
    { name: 'a v1 signature cut to half its length', apply: edited((value) => value.replace(/v1=([0-9a-f]+)/g, (_, sig: string) => `v1=${half(sig)}`)) },
    { name: 'a non-numeric t= timestamp', apply: edited((value) => value.replace(/^t=\d+/, 't=now')) },
  ],
  sign: (request) => signer.sign({ secret: request.secret, body: request.body, timestamp: request.timestamp }),
};
