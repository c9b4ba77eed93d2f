import { randomUUID } from 'node:crypto';
import { github as signer } from '../../signers/index.js';
import { defineBuiltIn } from '../built-in.js';
import { invalid, isPlainObject, readHeader } from '../shared/plugin-helpers.js';
import type { BuiltInProvider, RetryRule, WireFacts } from '../types.js';
import { catalog } from './catalog.js';
import type { GitHubEventData } from './generated/data-types.js';
import { sharedFields, sharedHeaders } from './flow-share.js';
import { githubFlows } from './flows.js';
import { scheme } from './scheme.js';

const retry: RetryRule = {
  delays: [],
  timeoutMs: 10_000,
  resend: 'same',
  summary: 'GitHub does not redeliver failed deliveries by itself (redeliver by hand or through the REST API); 10 s to answer',
};

/** The delivery id is `X-GitHub-Delivery`; the event is routed on `X-GitHub-Event` (the type before its action). */
const wire: WireFacts = {
  deliveryId: { place: { header: 'X-GitHub-Delivery' }, mint: () => randomUUID() },
  mainResource: [],
  routingHeaders: (eventType) => ({ 'X-GitHub-Event': eventType.split('.')[0]! }),
};

/**
 * GitHub (code hosting): `X-Hub-Signature-256: sha256=…`; the event is `X-GitHub-Event` plus the body's `action`.
 * @example
 * github.catalog.resolve('pull_request.opened'); // 'pull_request.opened'
 */
export const github: BuiltInProvider<'github', GitHubEventData> = defineBuiltIn({
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
  wire,
  retry,
  flows: { definitions: githubFlows, sharedHeaders, sharedFields },
});
