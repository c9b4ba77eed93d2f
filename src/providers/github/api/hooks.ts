/**
 * What a GitHub write sends: the webhook body (`action`, the resource, `repository`, `organization`,
 * `sender`, `installation`) appended once per installation of an App that reaches the repository and
 * subscribes to the event; and the App's webhook, its deliveries (kept for `GET /app/hook/deliveries`)
 * and their redelivery.
 */
import { createHash } from 'node:crypto';
import { isPlainObject } from '../../../core/index.js';
import type { EmulatedDelivery, EmulatedEndpoint, Obj, OutboxEvent, World } from '../../shared/api/index.js';
import { appRecord, installationRecord, installationRef, installationsOf, publicInstallation } from './installs.js';
import { organizationObject } from '../users.js';
import { githubTime } from './objects.js';

/** Events every App receives, whatever it subscribed to. */
const ALWAYS = new Set(['installation', 'installation_repositories']);
/** The permission an event needs the App to hold (`check_suite` is sent to every App with checks:write). */
const AUTO: Readonly<Record<string, string>> = { check_suite: 'checks' };

/** Whether the installation's App receives `event`. */
function subscribed(installation: Obj, event: string): boolean {
  if (ALWAYS.has(event)) return true;
  const events = Array.isArray(installation.events) ? (installation.events as string[]) : [];
  if (events.includes(event)) return true;
  const permission = AUTO[event];
  return permission !== undefined && isPlainObject(installation.permissions) && installation.permissions[permission] === 'write';
}

/**
 * Appends `type` (`issues.opened`) about `repository`: one delivery per installation that reaches it
 * and receives the event (only the installation `only`, when given: a check suite goes to its App);
 * without any App (the mocks' recorded repositories), the repository webhook's body. `fields` are the
 * resource's keys, in GitHub's order after `action`.
 */
export function emit(world: World, type: string, repository: Obj | undefined, fields: Obj, sender: Obj, only?: number): void {
  const dot = type.indexOf('.');
  const event = dot === -1 ? type : type.slice(0, dot);
  const action = dot === -1 ? undefined : type.slice(dot + 1);
  const key = typeof repository?.url === 'string' ? new URL(repository.url).pathname.toLowerCase() : '';
  const owner = isPlainObject(repository?.owner) ? repository.owner : undefined;
  const organization = owner?.type === 'Organization' ? organizationObject(owner, null) : undefined;
  const body = (installation?: Obj): Obj => ({
    ...(action !== undefined ? { action } : {}),
    ...fields,
    ...(repository ? { repository } : {}),
    ...(organization ? { organization } : {}),
    sender,
    ...(installation ? { installation: installationRef(installation.id as number) } : {}),
  });
  const installations = installationsOf(world, key).filter((i) => only === undefined || i.id === only);
  if (installations.length === 0) {
    world.outbox.append({ provider: 'github', type, data: body() });
    return;
  }
  for (const installation of installations) if (subscribed(installation, event)) world.outbox.append({ provider: 'github', type, data: body(installation) });
}

/** Appends an installation event (its body holds the whole installation, not `{ id, node_id }`). */
export function emitInstallation(world: World, type: string, installation: Obj, fields: Obj, sender: Obj): void {
  const action = type.slice(type.indexOf('.') + 1);
  const account = installation.account as Obj;
  world.outbox.append({
    provider: 'github',
    type,
    data: { action, installation: publicInstallation(installation), ...fields, ...(account.type === 'Organization' ? { organization: organizationObject(account, null) } : {}), sender },
  });
}


const HOOK = 'app_hook';
const DELIVERY = 'hook_delivery';

/** The App's webhook endpoints (the emulator's `webhooks.github`): every App installed here delivers to them. */
export function hookEndpoints(world: World): EmulatedEndpoint[] {
  return world.list('github', HOOK).map((hook) => {
    const events = Array.isArray(hook.events) ? (hook.events as string[]) : undefined;
    return {
      id: String(hook.id),
      url: String(hook.url),
      secret: String(hook.secret),
      accepts: (type: string) => !events || events.includes('*') || events.includes(type) || events.includes(type.split('.')[0]!),
    };
  });
}

/** Registers the App's webhook URL and secret (a secret is drawn when none is given). */
export function addHook(world: World, endpoint: { readonly url: string; readonly secret?: string; readonly events?: readonly string[] }): EmulatedEndpoint {
  const id = 500_000_000 + world.list('github', HOOK).length + 1;
  world.put('github', HOOK, { id, url: endpoint.url, secret: endpoint.secret ?? createHash('sha1').update(world.id('whsec', 24)).digest('hex'), ...(endpoint.events ? { events: [...endpoint.events] } : {}) }, { id: String(id) });
  return hookEndpoints(world).find((e) => e.id === String(id))!;
}

/** A version-4-shaped UUID from the world's ids, as `X-GitHub-Delivery` carries (the same in a seeded run). */
function deliveryGuid(world: World): string {
  const hex = createHash('sha256').update(world.id('guid', 24)).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The delivery of `event`: its body as GitHub sends it and the headers of an App's webhook, recorded
 * for `GET /app/hook/deliveries`. A redelivery (`event.resend`) keeps the first delivery's GUID.
 */
export function envelope(event: OutboxEvent, world: World): EmulatedDelivery {
  const body = JSON.stringify(event.data);
  const [name, action] = event.type.split('.') as [string, string | undefined];
  const ref = isPlainObject(event.data.installation) ? event.data.installation : undefined;
  // An installation event carries the whole installation (its App too), which may be gone by now (deleted).
  const installation = ref ? (installationRecord(world, ref.id as number) ?? (ref.app_id !== undefined ? ref : undefined)) : undefined;
  const app = installation ? appRecord(world, installation.app_id as number) : undefined;
  const hookId = hookEndpoints(world)[0]?.id ?? '0';
  const guid = event.resend ?? deliveryGuid(world);
  const hookshot = createHash('sha1').update(hookId).digest('hex').slice(0, 7);
  const headers: Record<string, string> = {
    Accept: '*/*',
    'Content-Type': 'application/json',
    'User-Agent': `GitHub-Hookshot/${hookshot}`,
    'X-GitHub-Delivery': guid,
    'X-GitHub-Event': name,
    'X-GitHub-Hook-ID': hookId,
    'X-GitHub-Hook-Installation-Target-ID': app ? String(app.id) : hookId,
    'X-GitHub-Hook-Installation-Target-Type': app ? 'integration' : 'repository',
  };
  const repository = isPlainObject(event.data.repository) ? event.data.repository : undefined;
  const id = 90_000_000_000 + world.list('github', DELIVERY).length + 1;
  world.put(
    'github',
    DELIVERY,
    {
      id,
      guid,
      delivered_at: githubTime(new Date(event.at)),
      redelivery: event.resend !== undefined,
      duration: 0,
      status: 'Pending',
      status_code: 0,
      event: name,
      action: action ?? null,
      installation_id: installation ? installation.id : null,
      repository_id: repository ? repository.id : null,
      throttled_at: null,
      request: { headers, payload: event.data },
      response: { headers: {}, payload: null },
      type: event.type,
    },
    { id: String(id) },
  );
  return { body, deliveryId: guid, headers };
}

/** Notes an attempt's answer on the deliveries recorded under `guid` (the newest one first). */
export function recordAttempt(world: World, guid: string, status: number | null, durationMs: number): void {
  const record = world
    .list('github', DELIVERY)
    .filter((d) => d.guid === guid)
    .pop();
  if (!record) return;
  const ok = status !== null && status >= 200 && status < 300;
  world.update('github', DELIVERY, String(record.id), (d) => ({
    ...d,
    duration: Math.round(durationMs) / 1000,
    status: ok ? 'OK' : status === null ? 'failed to connect to host' : `Invalid HTTP Response: ${status}`,
    status_code: status ?? 0,
  }));
}

/** The deliveries recorded, newest first, as `GET /app/hook/deliveries` lists them (without request and response). */
export function listDeliveries(world: World): Obj[] {
  return world
    .list('github', DELIVERY)
    .reverse()
    .map(({ request: _request, response: _response, type: _type, ...item }) => item);
}

/** One recorded delivery, as `GET /app/hook/deliveries/{id}` shows it. */
export function getDelivery(world: World, id: string): Obj | undefined {
  const found = world.get('github', DELIVERY, id);
  if (!found) return undefined;
  const { type: _type, ...rest } = found;
  return { ...rest, url: hookEndpoints(world)[0]?.url ?? null };
}

/** Appends the delivery `id` again, with the same GUID and body: what `POST /app/hook/deliveries/{id}/attempts` starts. */
export function redeliver(world: World, id: string): boolean {
  const found = world.get('github', DELIVERY, id);
  if (!found || !isPlainObject(found.request) || !isPlainObject(found.request.payload)) return false;
  world.outbox.append({ provider: 'github', type: String(found.type), data: found.request.payload, resend: String(found.guid) });
  return true;
}
