/**
 * Recording a Clerk delivery: the resource in `data` (user, session, organization, membership,
 * invitation, role, permission, waitlist entry, billing objects), every object nested in it, and
 * the users and organizations it names by id (`references.ts`).
 */
import { isPlainObject } from '../../../core/index.js';
import { nestedObjects, stringId, type WorldAdapter } from '../../shared/api/index.js';
import { recordReferences } from './references.js';

// A verification repeats its identification's id and kind; it is not an object of its own.
const NOT_OBJECTS = new Set(['verification']);

/** How the world keys and records Clerk objects. */
export const clerkAdapter: WorldAdapter = {
  provider: 'clerk',
  keyHint: 'Clerk objects are keyed by their `id`.',
  identify: (_kind, object) => stringId(object),
  record(world, _delivery, payload) {
    if (!isPlainObject(payload) || !isPlainObject(payload.data)) return;
    const data = payload.data;
    for (const child of nestedObjects(data, () => true, NOT_OBJECTS)) world.merge('clerk', child.object as string, child);
    const id = stringId(data);
    if (typeof data.object === 'string' && id) {
      if (data.deleted === true) world.delete('clerk', data.object, id);
      else world.put('clerk', data.object, data);
    }
    recordReferences(world, data);
  },
};
