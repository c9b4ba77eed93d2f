import { github as signer } from '../../signers/index.js';
import { signatureHeaderNames } from '../scheme.js';
import { invalid, isPlainObject, noSecret, readHeader } from '../shared/plugin-helpers.js';
import { randomSecret } from '../shared/secrets.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

const SECRET_ENV = 'GITHUB_WEBHOOK_SECRET';

/**
 * GitHub (code hosting): `X-Hub-Signature-256: sha256=…`; the event is `X-GitHub-Event` plus the body's `action`.
 * @example
 * github.catalog.resolve('pull_request.opened'); // 'pull_request.opened'
 */
export const github: BuiltInProvider = {
  id: 'github',
  name: 'GitHub',
  secretEnv: SECRET_ENV,
  catalog,
  scheme,
  signatureHeaders: signatureHeaderNames(scheme),
  verify: (request) =>
    request.secrets.length === 0
      ? noSecret(SECRET_ENV)
      : signer.verify({ headers: request.headers, body: request.body, secret: request.secrets }),
  normalize: ({ headers, json }) => {
    const event = readHeader(headers, 'X-GitHub-Event');
    if (!event) return invalid('The X-GitHub-Event header is missing: it names the event (push, pull_request, …).');
    if (!isPlainObject(json)) return invalid('The body is not a GitHub event payload: it must be a JSON object.');
    const eventType = typeof json.action === 'string' && json.action !== '' ? `${event}.${json.action}` : event;
    return { ok: true, event: { eventType, deliveryId: readHeader(headers, 'X-GitHub-Delivery') ?? null, data: json } };
  },
  sign: scheme.sign,
  generateSecret: () => randomSecret(scheme.secret),
  loadBuilder: () => import('./build.js').then((m) => m.builder),
};

