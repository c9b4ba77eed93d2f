/**
 * GitHub App deliveries. An App's webhook receives every event of its installations with an
 * `installation` object in the body (`{ id, node_id }`, or the whole installation in `installation*`
 * events) and `X-GitHub-Hook-Installation-Target-Type: integration` with the App's id as target id.
 */
import { isPlainObject, type JsonObject } from '../../core/index.js';
import type { Faker } from '../shared/random.js';
import type { AppDelivery } from '../types.js';
import { legacyNodeId } from './node-ids.js';

/** The App and installation a delivery is made for. */
export interface AppIds {
  readonly id: number;
  readonly installationId: number;
}

/**
 * The ids of an App delivery: those the caller gave, the installation's own when the body carries a
 * whole installation, else drawn.
 */
export function appIds(faker: Faker, option: AppDelivery, body: JsonObject): AppIds {
  const own = isPlainObject(body.installation) ? body.installation : undefined;
  const ownApp = typeof own?.app_id === 'number' ? own.app_id : undefined;
  const ownId = ownApp !== undefined && typeof own?.id === 'number' ? own.id : undefined;
  return {
    id: option.id ?? ownApp ?? faker.number.int({ min: 100_000, max: 1_300_000 }),
    installationId: option.installationId ?? ownId ?? faker.number.int({ min: 40_000_000, max: 75_000_000 }),
  };
}

/**
 * `body` as the App receives it: a whole installation object keeps its form with the App's ids (and
 * the URLs that name the installation), any other body gets `installation: { id, node_id }` last.
 * @example
 * asAppDelivery({ action: 'created', sender }, { id: 123, installationId: 456 }).installation;
 * // { id: 456, node_id: 'MDIzOkludGVncmF0aW9uSW5zdGFsbGF0aW9uNDU2' }
 */
export function asAppDelivery(body: JsonObject, app: AppIds, withInstallation = true): JsonObject {
  if (!withInstallation) return body;
  const current = body.installation;
  if (isPlainObject(current) && 'app_id' in current) {
    const old = String(current.id);
    const installation: JsonObject = {};
    for (const [key, value] of Object.entries(current)) {
      installation[key] = typeof value === 'string' && key.endsWith('url') ? value.replace(`/installations/${old}`, `/installations/${app.installationId}`) : value;
    }
    installation.id = app.installationId;
    installation.app_id = app.id;
    return { ...body, installation };
  }
  const { installation: _dropped, ...rest } = body;
  return { ...rest, installation: { id: app.installationId, node_id: legacyNodeId('IntegrationInstallation', app.installationId) } };
}
