/**
 * The oracles for the emulated GitHub's deliveries: @octokit/webhooks verifies each signature and
 * receives the payload, and each body is checked against GitHub's official webhook schema
 * (@octokit/openapi-webhooks, compiled with ajv once per type).
 * @example
 * const hook = githubReceiver('secret');
 * createEmulator({ webhooks: { github: { target: hook.receive, secret: 'secret' } } });
 * expect(schemaErrors('issues.opened', hook.received[0].body)).toEqual([]);
 */
import { createRequire } from 'node:module';
import { Webhooks } from '@octokit/webhooks';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const spec = require('@octokit/openapi-webhooks/generated/api.github.com.json') as {
  components: { schemas: Record<string, unknown> };
  webhooks: Record<string, { post: { operationId: string; requestBody: { content: { 'application/json': { schema: { $ref: string } } } } } }>;
};
/** `<event>[.<action>]` → its schema's name (`issues.opened` → `webhook-issues-opened`). */
const schemaOf = new Map(
  Object.values(spec.webhooks).map((hook) => {
    const [event, action] = hook.post.operationId.split('/') as [string, string | undefined];
    const type = `${event.replace(/-/g, '_')}${action ? `.${action.replace(/-/g, '_')}` : ''}`;
    return [type, hook.post.requestBody.content['application/json'].schema.$ref.split('/').pop()!];
  }),
);
let ajv: InstanceType<typeof Ajv2020> | undefined;
const validators = new Map<string, ValidateFunction>();

/** The body's errors against the official schema of its type (empty when valid). */
export function schemaErrors(type: string, body: unknown): string[] {
  const schema = schemaOf.get(type);
  if (!schema) return [`no official schema for ${type}`];
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, inlineRefs: false, code: { optimize: false } });
    addFormats(ajv);
    ajv.addSchema({ $id: 'gh', components: spec.components });
  }
  let validate = validators.get(type);
  if (!validate) validators.set(type, (validate = ajv.compile({ $ref: `gh#/components/schemas/${schema}` })));
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`);
}

/** A delivery the receiver accepted. */
export interface Received {
  readonly type: string;
  readonly body: Record<string, any>;
  readonly headers: Record<string, string>;
}

/** A webhook route (a fetch handler) that verifies and receives each delivery with @octokit/webhooks. */
export function githubReceiver(secret: string): { receive: (request: Request) => Promise<Response>; received: Received[]; refused: string[] } {
  const webhooks = new Webhooks({ secret });
  const received: Received[] = [];
  const refused: string[] = [];
  const receive = async (request: Request): Promise<Response> => {
    const body = await request.text();
    if (!(await webhooks.verify(body, request.headers.get('x-hub-signature-256') ?? ''))) {
      refused.push(body);
      return new Response('bad signature', { status: 400 });
    }
    const payload = JSON.parse(body) as Record<string, any>;
    const event = request.headers.get('x-github-event')!;
    await webhooks.receive({ id: request.headers.get('x-github-delivery')!, name: event as never, payload: payload as never });
    received.push({ type: payload.action ? `${event}.${String(payload.action)}` : event, body: payload, headers: Object.fromEntries(request.headers) });
    return new Response(null, { status: 204 });
  };
  return { receive, received, refused };
}
