/**
 * The GitHub payload builder: bodies that validate against GitHub's official webhooks schema
 * (`@octokit/openapi-webhooks`), with the headers a repository webhook (or a GitHub App) delivery
 * carries. The hand-written scene builders (`events.ts`) make the types they cover; every other type
 * of the catalog is drawn from its generated shape (`shaped.ts`); a type outside the catalog (only
 * reached with `allowUnknownType`) gets a generic body: its action, the repository and the sender.
 */
import { deepMerge, isPlainObject, type JsonObject, type JsonValue } from '../../core/index.js';
import { uuidV1 } from '../shared/ids.js';
import type { BuildContext, BuiltPayload, PayloadBuilder } from '../types.js';
import { appIds, asAppDelivery } from './app.js';
import { appOnlyEventTypes, handBuiltEventTypes } from './catalog.js';
import { events, type EventBody, type HookTarget } from './events.js';
import { hookTypes } from './generated/hooks.js';
import { events as shapes } from './generated/shapes.js';
import { applyMirrors } from './mirrors.js';
import { createScene } from './scene.js';
import { requiresTop, shapedBody } from './shaped.js';

const HAND_BUILT: ReadonlySet<string> = new Set(handBuiltEventTypes);
/** The hooks most events go to (`generated/hooks.ts` lists the others). */
const USUAL_HOOKS: readonly string[] = ['repository', 'organization', 'app'];
/**
 * App deliveries without `installation`: a revoked authorization is the user's, not an installation's,
 * and `ping` describes the App's hook. (The schema also omits `installation` from `discussion.unanswered`
 * and `pull_request.(de)milestoned`, which Apps do receive with it.)
 */
const WITHOUT_INSTALLATION: ReadonlySet<string> = new Set(['github_app_authorization.revoked', 'ping']);

/**
 * Builds `<event>` and `<event>.<action>` deliveries: `X-GitHub-Event: <event>`, `"action": "<action>"`.
 * Types GitHub sends only to Apps, and any type built with `app`, are App deliveries (`app.ts`).
 * Signature headers are the plugin's `sign`.
 * @example
 * const { body, headers } = builder.build({ eventType: 'pull_request.opened', faker: seededFaker(1), now: Date.now(), data: undefined });
 * headers['X-GitHub-Event']; // 'pull_request'
 * JSON.parse(body).action;   // 'opened'
 */
export const builder: PayloadBuilder = {
  build(context: BuildContext): BuiltPayload {
    const { faker, now, eventType, data } = context;
    const dot = eventType.indexOf('.');
    const event = dot === -1 ? eventType : eventType.slice(0, dot);
    const action = dot === -1 ? '' : eventType.slice(dot + 1);

    // Drawn first, so that the delivery id and hook do not depend on the event's shape.
    const deliveryId = uuidV1(faker, now);
    const hookshot = faker.number.int(0xfff_ffff).toString(16).padStart(7, '0');
    const hookId = faker.number.int({ min: 300_000_000, max: 560_000_000 });

    const built = bodyOf(context, event, action, hookId);
    let body = built.body;
    let builtTarget = built.target;
    const app = context.app ?? (appOnlyEventTypes.has(eventType) ? {} : undefined);
    if (app) {
      const ids = appIds(faker, app, body);
      body = asAppDelivery(body, ids, !WITHOUT_INSTALLATION.has(eventType));
      builtTarget = { type: 'integration', id: ids.id };
    }
    const merged = deepMerge(body, data);
    const payload = data ? applyMirrors(body, merged, data) : merged;
    const target = targetOf(payload, builtTarget);
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

/** The body of `eventType` and the hook it goes to, before `data` and App delivery. */
function bodyOf(context: BuildContext, event: string, action: string, hookId: number): EventBody {
  const { faker, now, eventType } = context;
  const spec = events[event];
  if (spec && HAND_BUILT.has(eventType)) {
    const scene = createScene(faker, now, typeof spec.scene === 'function' ? spec.scene(action) : spec.scene);
    return spec.build(scene, { action, hookId });
  }
  const shape = shapes[eventType];
  const kinds = hookTypes[eventType] ?? USUAL_HOOKS;
  // Events for organization hooks and not repository hooks happen in an organization.
  const organization = shape !== undefined && (requiresTop(shape, 'organization') || (kinds.includes('organization') && !kinds.includes('repository')));
  const scene = createScene(faker, now, { organization });
  const body: JsonObject = shape
    ? shapedBody(scene, { shape, event, action: action || undefined, number: scene.int(1, 400), hooks: kinds })
    : genericBody(scene.repository, scene.organization, scene.sender.user, action);
  return { body, target: hookTarget(kinds, body, () => scene.int(100_000, 1_300_000)) };
}

/** The body of a type outside the catalog: its action, the repository, the organization and the sender. */
function genericBody(repository: JsonObject, organization: JsonObject | undefined, sender: JsonObject, action: string): JsonObject {
  const body: JsonObject = action ? { action, repository } : { repository };
  if (organization) body.organization = organization;
  body.sender = sender;
  return body;
}

/**
 * The hook a delivery goes to, among the kinds GitHub delivers the event to: the repository's, the
 * organization's or the enterprise's when the body names one, a sponsors listing's (the sponsored
 * account), else an App's.
 */
function hookTarget(kinds: readonly string[], body: JsonObject, appId: () => number): HookTarget {
  const idOf = (value: JsonValue | undefined) => (isPlainObject(value) && typeof value.id === 'number' ? value.id : undefined);
  const repository = kinds.includes('repository') ? idOf(body.repository) : undefined;
  if (repository !== undefined) return { type: 'repository', id: repository };
  const organization = kinds.includes('organization') ? idOf(body.organization) : undefined;
  if (organization !== undefined) return { type: 'organization', id: organization };
  const business = kinds.includes('business') ? idOf(body.enterprise) : undefined;
  if (business !== undefined) return { type: 'business', id: business };
  if (kinds.includes('sponsors_listing')) {
    const sponsorship = isPlainObject(body.sponsorship) ? body.sponsorship : undefined;
    return { type: 'sponsors_listing', id: idOf(sponsorship?.sponsorable) ?? appId() };
  }
  return { type: kinds.includes('marketplace') ? 'marketplace' : 'integration', id: appId() };
}

/** The target as the final body states it, so that a `data` override of the repository or App id carries over. */
function targetOf(payload: JsonObject, built: HookTarget): HookTarget {
  const holders: Partial<Record<HookTarget['type'], JsonValue | undefined>> = {
    repository: payload.repository,
    organization: payload.organization,
    business: payload.enterprise,
    integration: payload.installation,
  };
  const holder = holders[built.type];
  const key = built.type === 'integration' ? 'app_id' : 'id';
  const id = isPlainObject(holder) ? holder[key] : undefined;
  return typeof id === 'number' ? { type: built.type, id } : built;
}
