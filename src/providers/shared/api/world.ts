/** A world seen through another outbox: what a wrapper hands a route so that the events it appends are changed or held. */
import type { OutboxWriter, World } from './types.js';

/**
 * `world` with its objects as they are and `outbox` in place of its own.
 * @example
 * const scoped = withOutbox(world, { append: (event) => world.outbox.append({ ...event, request }) });
 */
export function withOutbox(world: World, outbox: OutboxWriter): World {
  return {
    put: (...args) => world.put(...args),
    merge: (...args) => world.merge(...args),
    get: (...args) => world.get(...args),
    list: (...args) => world.list(...args),
    update: (...args) => world.update(...args),
    delete: (...args) => world.delete(...args),
    shops: () => world.shops(),
    now: () => world.now(),
    id: (...args) => world.id(...args),
    outbox,
  };
}
