/**
 * Recording a Clerk delivery: the resource in `data` (user, session, organization, membership,
 * invitation, role, permission, waitlist entry, billing objects) and every object nested in it.
 */
import { isPlainObject } from '../../providers/shared/merge.js';
import type { Obj } from '../shared/types.js';
import type { WorldAdapter } from '../shared/world.js';

function clerkId(object: Obj): string | undefined {
  return typeof object.id === 'string' && object.id !== '' ? object.id : undefined;
}

function nested(value: unknown, out: Obj[], top: boolean): void {
  if (Array.isArray(value)) {
    for (const item of value) nested(item, out, false);
    return;
  }
  if (!isPlainObject(value)) return;
  // A verification repeats its identification's id and kind; it is not an object of its own.
  for (const [key, child] of Object.entries(value)) if (key !== 'verification') nested(child, out, false);
  if (!top && typeof value.object === 'string' && clerkId(value)) out.push(value);
}

/** How the world keys and records Clerk objects. */
export const clerkAdapter: WorldAdapter = {
  provider: 'clerk',
  keyHint: 'Clerk objects are keyed by their `id`.',
  identify: (_kind, object) => clerkId(object),
  record(world, _delivery, payload) {
    if (!isPlainObject(payload) || !isPlainObject(payload.data)) return;
    const data = payload.data;
    const found: Obj[] = [];
    nested(data, found, true);
    for (const child of found) world.merge('clerk', child.object as string, child);
    const id = clerkId(data);
    if (typeof data.object !== 'string' || !id) return;
    if (data.deleted === true) {
      world.delete('clerk', data.object, id);
      return;
    }
    world.put('clerk', data.object, data);
  },
};
