import { github as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject, readHeader } from '../shared/plugin-helpers.js';
import type { BuiltInProvider } from '../types.js';
import { catalog } from './catalog.js';
import { scheme } from './scheme.js';

/**
 * GitHub (code hosting): `X-Hub-Signature-256: sha256=…`; the event is `X-GitHub-Event` plus the body's `action`.
 * @example
 * github.catalog.resolve('pull_request.opened'); // 'pull_request.opened'
 */
export const github: BuiltInProvider = defineBuiltIn({
  id: 'github',
  name: 'GitHub',
  secretEnv: 'GITHUB_WEBHOOK_SECRET',
  catalog,
  scheme,
  verify: signer.verify,
  normalize: ({ headers, json }) => {
    const event = readHeader(headers, 'X-GitHub-Event');
    if (!event) return invalid('The X-GitHub-Event header is missing: it names the event (push, pull_request, …).');
    if (!isPlainObject(json)) return invalid('The body is not a GitHub event payload: it must be a JSON object.');
    const eventType = typeof json.action === 'string' && json.action !== '' ? `${event}.${json.action}` : event;
    return { ok: true, event: { eventType, deliveryId: readHeader(headers, 'X-GitHub-Delivery') ?? null, data: json } };
  },
  loadBuilder: () => import('./build.js').then((m) => m.builder),
});
