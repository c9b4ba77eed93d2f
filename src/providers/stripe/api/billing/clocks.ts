/**
 * Test clocks (`stripe.testHelpers.testClocks.*`, docs.stripe.com/api/test_clocks): create
 * (`test_helpers.test_clock.created`), delete (`.deleted`; its customers and subscriptions go with
 * it), and advance: the answer says `advancing`; before it returns, every subscription of the
 * clock's customers is moved to the new time (`advance.ts`), then the clock is `ready`
 * (`.advancing` first, `.ready` last). Retrieve and list are served from the world by the generic
 * paths. A customer joins a clock with `test_clock` at creation, or with `customer` here.
 */
import type { Obj, RouteHandler, World } from '../../../shared/api/index.js';
import { emit } from '../emit.js';
import { resourceMissing, stripeJson } from '../errors.js';
import { formBody } from '../write.js';
import { clockCustomers, moveSubscriptions, shortestInterval } from './advance.js';
import { Chain } from './chain.js';
import { badParam, badState, integer, missingParam, refuseUnknown, save, seconds, text } from './params.js';
import { addInterval } from './periods.js';

/** The world kind test clocks are kept under (their `object`). */
export const CLOCK_KIND = 'test_helpers.test_clock';
/** How long after creation Stripe deletes a clock (the docs example: created + 7 days). */
const LIFETIME = 7 * 86_400;

/** `POST /v1/test_helpers/test_clocks`. */
export function createClock(): RouteHandler {
  return async (request, params, world) => {
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['frozen_time', 'name', 'customer']);
    if (refused) return refused;
    const frozen = integer(body, 'frozen_time', { min: 0 });
    if (frozen instanceof Response) return frozen;
    if (frozen === undefined) return missingParam('frozen_time');
    const customerId = text(body, 'customer');
    const customer = customerId ? world.get('stripe', 'customer', customerId) : undefined;
    if (customerId && (!customer || customer.deleted === true)) return resourceMissing('customer', customerId, 'customer');
    if (customer && customer.test_clock) return badParam('customer', `Customer ${customerId} is already attached to a test clock.`);
    const created = seconds(world.now());
    const clock: Obj = {
      id: world.id('clock', 24),
      object: CLOCK_KIND,
      created,
      deletes_after: created + LIFETIME,
      frozen_time: frozen,
      livemode: false,
      name: text(body, 'name') ?? null,
      status: 'ready',
      status_details: {},
    };
    const stored = save(world, CLOCK_KIND, clock);
    if (customer) save(world, 'customer', { ...customer, test_clock: clock.id });
    emit(world, ['test_helpers.test_clock.created'], stored);
    return stripeJson(stored);
  };
}

/** `DELETE /v1/test_helpers/test_clocks/:id`: the clock, its customers and their subscriptions are gone. */
export function deleteClock(): RouteHandler {
  return (request, params, world) => {
    const id = String(params.id);
    const clock = world.get('stripe', CLOCK_KIND, id);
    if (!clock) return resourceMissing(CLOCK_KIND, id);
    for (const customer of clockCustomers(world, id)) {
      for (const sub of world.list('stripe', 'subscription')) if (sub.customer === customer.id) world.delete('stripe', 'subscription', String(sub.id));
      world.delete('stripe', 'customer', String(customer.id));
    }
    world.delete('stripe', CLOCK_KIND, id);
    emit(world, ['test_helpers.test_clock.deleted'], clock);
    return stripeJson({ id, object: CLOCK_KIND, deleted: true });
  };
}

/** The latest time a clock may be advanced to: two of its shortest subscription interval, else two years. */
export function advanceLimit(world: World, clock: Obj): number {
  const from = Number(clock.frozen_time);
  const shortest = shortestInterval(world, String(clock.id));
  return shortest ? addInterval(from, shortest.interval, shortest.count, 2) : addInterval(from, 'year', 2);
}

/** `POST /v1/test_helpers/test_clocks/:id/advance`. */
export function advanceClock(): RouteHandler {
  return async (request, params, world) => {
    const id = String(params.id);
    const clock = world.get('stripe', CLOCK_KIND, id);
    if (!clock) return resourceMissing(CLOCK_KIND, id);
    const body = await formBody(request);
    const refused = refuseUnknown(body, ['frozen_time']);
    if (refused) return refused;
    const target = integer(body, 'frozen_time', { min: 0 });
    if (target instanceof Response) return target;
    if (target === undefined) return missingParam('frozen_time');
    if (clock.status !== 'ready') return badState(`The test clock ${id} is ${String(clock.status)}; it can only be advanced when it is ready.`, 'test_clock_not_ready' as string);
    if (target <= Number(clock.frozen_time)) {
      return badParam('frozen_time', `The frozen_time (${target}) must be after the test clock's current frozen_time (${String(clock.frozen_time)}).`, 'parameter_invalid_integer');
    }
    const limit = advanceLimit(world, clock);
    if (target > limit) {
      return badParam('frozen_time', `Cannot advance the test clock to ${target}: at most two intervals of its shortest subscription ahead (or two years with none), that is ${limit}.`, 'parameter_invalid_integer');
    }
    const advancing = save(world, CLOCK_KIND, { ...clock, status: 'advancing', status_details: { advancing: { target_frozen_time: target } } });
    const chain = new Chain(world);
    chain.emit(['test_helpers.test_clock.advancing'], advancing);
    // Stripe advances asynchronously; the emulator does it before answering, the dispatcher delivers after.
    moveSubscriptions(chain, advancing, target);
    const ready = save(world, CLOCK_KIND, { ...advancing, frozen_time: target, status: 'ready', status_details: {} });
    chain.emit(['test_helpers.test_clock.ready'], ready);
    chain.commit();
    return stripeJson(advancing);
  };
}
