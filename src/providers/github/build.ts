/**
 * The GitHub payload builder: bodies that validate against GitHub's official webhooks schema
 * (`@octokit/openapi-webhooks`), with the headers a repository webhook delivery carries.
 */
import { deepMerge, isPlainObject, type JsonObject } from '../../core/index.js';
import { uuidV1 } from '../shared/ids.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { events, type HookTarget } from './events.js';
import { createScene } from './scene.js';

/**
 * Builds `<event>` and `<event>.<action>` deliveries: `X-GitHub-Event: <event>`, `"action": "<action>"`.
 * Signature headers are the plugin's `sign`.
 * @example
 * const { body, headers } = builder.build({ eventType: 'pull_request.opened', faker: seededFaker(1), now: Date.now(), data: undefined });
 * headers['X-GitHub-Event']; // 'pull_request'
 * JSON.parse(body).action;   // 'opened'
 */
export const builder: PayloadBuilder = {
  build(context: BuildContext): BuiltPayload {
    const { faker, now, eventType } = context;
    const dot = eventType.indexOf('.');
    const event = dot === -1 ? eventType : eventType.slice(0, dot);
    const action = dot === -1 ? '' : eventType.slice(dot + 1);
    const spec = events[event];
    if (!spec) throw new Error(`relaykit has no GitHub builder for "${event}".`);

    // Drawn first, so that the delivery id and hook do not depend on the event's shape.
    const deliveryId = uuidV1(faker, now);
    const hookshot = faker.number.int(0xfff_ffff).toString(16).padStart(7, '0');
    const hookId = faker.number.int({ min: 300_000_000, max: 560_000_000 });

    const scene = createScene(faker, now, typeof spec.scene === 'function' ? spec.scene(action) : spec.scene);
    const built = spec.build(scene, { action, hookId });
    const payload = deepMerge(built.body, context.data);
    const target = targetOf(payload, built.target);
    return {
      body: JSON.stringify(payload),
      deliveryId,
      headers: {
        Accept: '*/*',
        'Content-Type': 'application/json',
        'User-Agent': `GitHub-Hookshot/${hookshot}`,
        'X-GitHub-Delivery': deliveryId,
        'X-GitHub-Event': event,
        'X-GitHub-Hook-ID': String(hookId),
        'X-GitHub-Hook-Installation-Target-ID': String(target.id),
        'X-GitHub-Hook-Installation-Target-Type': target.type,
      },
    };
  },
};

/** The target as the final body states it, so that a `data` override of the repository or App id carries over. */
function targetOf(payload: JsonObject, built: HookTarget): HookTarget {
  const holder = built.type === 'repository' ? payload.repository : payload.installation;
  const key = built.type === 'repository' ? 'id' : 'app_id';
  const id = isPlainObject(holder) ? holder[key] : undefined;
  return typeof id === 'number' ? { type: built.type, id } : built;
}
