/** GitHub's signing scheme: `X-Hub-Signature-256: sha256=<hex>` over the body, beside the legacy SHA-1 header; no time signed. */
import { github as signer } from '../../signers/index.js';
import { half } from '../scheme.js';
import { firstSecret } from '../shared/plugin-helpers.js';
import type { SigningScheme } from '../types.js';

const HEADER = signer.SIGNATURE_HEADER;
const LEGACY = signer.LEGACY_SIGNATURE_HEADER;

/**
 * GitHub's scheme: the SHA-256 header verifiers read, the SHA-1 one some fall back on, any string as the secret.
 * @example
 * scheme.headers; // { signature: 'X-Hub-Signature-256', fallbacks: ['X-Hub-Signature'] }
 */
export const scheme: SigningScheme = {
  name: 'GitHub',
  headers: { signature: HEADER, fallbacks: [LEGACY] },
  timestamp: null,
  secret: { prefix: '', bytes: 20, encoding: 'hex', key: 'utf8' },
  malformations: [
    { name: `an empty ${HEADER}`, apply: () => ({ [HEADER]: '' }) },
    { name: '"sha256=" with no digest', apply: () => ({ [HEADER]: 'sha256=' }) },
    { name: 'a sha256 digest cut to half its length', apply: (headers) => ({ [HEADER]: `sha256=${half(headers[HEADER]!.slice(7))}` }) },
    // An algorithm downgrade: the valid SHA-1 MAC offered in the SHA-256 header.
    { name: `the sha1= signature in the ${HEADER} header`, apply: (headers) => ({ [HEADER]: headers[LEGACY]! }) },
  ],
  sign: (request) => signer.sign({ secret: firstSecret(request.secret), body: request.body }),
};
