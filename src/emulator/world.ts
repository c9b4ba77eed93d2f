/**
 * The in-memory provider world: the objects each provider's API would return, keyed by provider,
 * scope (a Shopify shop), kind and id, and the outbox of the events API writes caused. Reads hand
 * out copies, so callers cannot change the world by mutating what they got.
 */
import { base62, copyData, isPlainObject, randomBase62, RelayError, unknownProviderMessage } from '../core/index.js';
import { seededRng, type ObservedDelivery, type Rng } from '../providers/index.js';
import { Outbox } from './outbox.js';
import { isMockProviderId, mockProviderIds, type MockProviderId, type Obj, type World, type WorldAdapter, type WorldPutOptions, type WorldScope } from './types.js';

/** Options of a new world. */
export interface WorldOptions {
  /** The clock objects and outbox events are stamped with, in milliseconds since the epoch. Default: `Date.now`. */
  readonly now?: () => number;
  /** Draws the ids `id()` mints from this seed (the same calls give the same ids). Default: the platform's CSPRNG. */
  readonly seed?: number;
}

/** A request a mock could not answer, kept until `unsupportedRequests({ clear: true })`. */
export interface UnsupportedRequest {
  readonly provider: MockProviderId;
  readonly method: string;
  readonly url: string;
}

interface Entry {
  value: Obj;
  seq: number;
}

/** The default scope of objects seeded without a shop, for a provider whose adapter keeps them by shop (Shopify). */
const ANY_SHOP = '*';

/**
 * The in-memory state behind every mocked provider API. One instance, `providerWorld`, serves the
 * handlers; every delivery built by `buildDelivery` in this process is recorded into it.
 * @example
 * providerWorld.put('stripe', 'customer', { id: 'cus_123', object: 'customer', email: 'a@example.com' });
 * providerWorld.get('stripe', 'customer', 'cus_123')?.email; // 'a@example.com'
 */
export class ProviderWorld implements World {
  readonly #buckets = new Map<string, Map<string, Entry>>();
  readonly #adapters = new Map<string, WorldAdapter>();
  readonly #unsupported: UnsupportedRequest[] = [];
  /** The endpoints (`METHOD origin/path`) already noted once: their message is printed only the first time. */
  readonly #noted = new Set<string>();
  #seq = 0;
  /** The events API writes caused, waiting for a dispatcher (`outbox.pending()`, `outbox.drain()`). */
  readonly outbox: Outbox;
  readonly #now: () => number;
  readonly #seed: number | undefined;
  #rng: Rng | undefined;

  constructor(options: WorldOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#seed = options.seed;
    this.#rng = options.seed === undefined ? undefined : seededRng(options.seed);
    this.outbox = new Outbox(() => this.#now());
  }

  /** The world's clock, in milliseconds since the epoch. */
  now(): number {
    return this.#now();
  }

  /**
   * A fresh id: `prefix_` and `length` base62 characters, from the seed when the world has one.
   * @example
   * createWorld({ seed: 7 }).id('cus', 14); // the same id in every run
   */
  id(prefix: string, length = 24): string {
    const rng = this.#rng;
    const text = rng ? base62(length, () => Math.floor(rng() * 62)) : randomBase62(length);
    return prefix === '' ? text : `${prefix}_${text}`;
  }

  /** Teaches the world a provider's keys and payloads (done once by `relaykit/msw` for the five built-ins). */
  addAdapter(adapter: WorldAdapter): void {
    this.#adapters.set(adapter.provider, adapter);
  }

  /**
   * Adds a copy of an object, replacing any with the same key, and returns the object given (equal to
   * the stored copy, which it shares nothing with). With `{ adopt: true }`, stores the object itself.
   * @example
   * providerWorld.put('github', 'issue', issue); // keyed by issue.url's path
   */
  put(provider: MockProviderId, kind: string, object: Obj, options: WorldPutOptions = {}): Obj {
    const { bucket, id } = this.#locate('put', provider, kind, object, options);
    bucket.set(id, { value: options.adopt === true ? object : copyData(object), seq: ++this.#seq });
    // The caller's own object is equal to what was stored and shares nothing with it: no second copy.
    return object;
  }

  /**
   * Merges an object's top-level fields over the stored one (adds it when absent), so a partial
   * copy (a customer inside an order) never drops what a fuller one recorded.
   */
  merge(provider: MockProviderId, kind: string, object: Obj, options: WorldPutOptions = {}): Obj {
    const { bucket, id } = this.#locate('merge', provider, kind, object, options);
    const current = bucket.get(id);
    const value = copyData(current ? { ...current.value, ...object } : object);
    bucket.set(id, { value, seq: current?.seq ?? ++this.#seq });
    return copyData(value);
  }

  /**
   * A copy of the object stored under `id`, or `undefined`.
   * @example
   * providerWorld.get('clerk', 'user', 'user_123');
   */
  get(provider: MockProviderId, kind: string, id: string, scope: WorldScope = {}): Obj | undefined {
    const entry = this.#bucket(provider, kind, scope, false)?.get(String(id));
    return entry ? copyData(entry.value) : undefined;
  }

  /**
   * Copies of every object of a kind, oldest first (in the order they were first stored).
   * @example
   * providerWorld.list('stripe', 'refund').length;
   */
  list(provider: MockProviderId, kind: string, scope: WorldScope = {}): Obj[] {
    const bucket = this.#bucket(provider, kind, scope, false);
    if (!bucket) return [];
    return [...bucket.values()].sort((a, b) => a.seq - b.seq).map((entry) => copyData(entry.value));
  }

  /**
   * Changes a stored object in place with `change` (given a copy; its result is stored). Returns
   * the stored copy, or `undefined` when there is no such object.
   * @example
   * providerWorld.update('shopify', 'order', '450789469', (o) => ({ ...o, note: 'Rush' }), { shop: 'acme.myshopify.com' });
   */
  update(provider: MockProviderId, kind: string, id: string, change: (current: Obj) => Obj, scope: WorldScope = {}): Obj | undefined {
    const bucket = this.#bucket(provider, kind, scope, false);
    const entry = bucket?.get(String(id));
    if (!bucket || !entry) return undefined;
    const next = change(copyData(entry.value));
    if (!isPlainObject(next)) throw new RelayError('INVALID_DATA', `providerWorld.update(${provider}, ${kind}, ${id}): the change must return an object.`);
    entry.value = copyData(next);
    return copyData(entry.value);
  }

  /** Removes an object; returns whether there was one. */
  delete(provider: MockProviderId, kind: string, id: string, scope: WorldScope = {}): boolean {
    return this.#bucket(provider, kind, scope, false)?.delete(String(id)) ?? false;
  }

  /** The Shopify shops that hold any object. */
  shops(): string[] {
    const shops = new Set<string>();
    for (const key of this.#buckets.keys()) {
      const [, scope] = key.split('\u0000');
      // Only a provider whose adapter keeps objects by shop has buckets with a scope.
      if (scope && scope !== ANY_SHOP) shops.add(scope);
    }
    return [...shops];
  }

  /**
   * Records the objects a delivery's payload contains. `buildDelivery` deliveries are recorded
   * automatically once handlers exist; call this for deliveries built elsewhere (a fixture file).
   * @example
   * providerWorld.record({ provider: 'stripe', eventType: 'payment_intent.succeeded', headers, body });
   */
  record(delivery: ObservedDelivery): void {
    if (!isMockProviderId(delivery.provider)) return;
    const adapter = this.#adapters.get(delivery.provider);
    if (!adapter) return;
    let payload: unknown;
    try {
      payload = JSON.parse(delivery.body);
    } catch {
      // A body that is not JSON (a deliberately broken delivery) holds no objects.
      return;
    }
    adapter.record(this, delivery, payload);
  }

  /**
   * Notes a request no mock answers. Returns `true` the first time this world sees its endpoint
   * (method, origin and path), so that callers print one line per distinct endpoint.
   */
  noteUnsupported(request: UnsupportedRequest): boolean {
    this.#unsupported.push(request);
    const url = new URL(request.url);
    const key = `${request.method} ${url.origin}${url.pathname}`;
    if (this.#noted.has(key)) return false;
    this.#noted.add(key);
    return true;
  }

  /**
   * The requests no mock could answer, oldest first. They are kept across `reset()` (a test that
   * resets the world after each case can still check them at the end) until asked with `{ clear: true }`,
   * which returns them and empties the list.
   * @example
   * afterAll(() => expect(providerWorld.unsupportedRequests({ clear: true })).toEqual([]));
   */
  unsupportedRequests(options: { clear?: boolean } = {}): readonly UnsupportedRequest[] {
    if (typeof options !== 'object' || options === null || !['boolean', 'undefined'].includes(typeof options.clear)) {
      throw new RelayError('INVALID_OPTION', `unsupportedRequests takes { clear?: boolean }, got ${JSON.stringify(options)}.`);
    }
    const list = [...this.#unsupported];
    if (options.clear === true) this.#unsupported.length = 0;
    return list;
  }

  /**
   * Empties the world: every object, and the events waiting in its outbox. The unsupported requests
   * are kept (see `unsupportedRequests`).
   * @example
   * afterEach(() => providerWorld.reset());
   */
  reset(): void {
    this.#buckets.clear();
    this.outbox.clear();
    if (this.#seed !== undefined) this.#rng = seededRng(this.#seed);
  }

  #locate(verb: string, provider: MockProviderId, kind: string, object: Obj, options: WorldPutOptions): { bucket: Map<string, Entry>; id: string } {
    this.#check(provider, kind);
    if (!isPlainObject(object)) {
      throw new RelayError('INVALID_DATA', `providerWorld.${verb}(${provider}, ${kind}, …): the object must be a plain JSON object.`);
    }
    const adapter = this.#adapters.get(provider);
    const id = options.id ?? adapter?.identify(kind, object);
    if (id === undefined || id === '') {
      throw new RelayError(
        'INVALID_DATA',
        `providerWorld.${verb}(${provider}, ${kind}, …): the object has no key. ${adapter?.keyHint ?? 'Give it an `id`.'} Or pass { id }.`,
      );
    }
    return { bucket: this.#bucket(provider, kind, options, true)!, id: String(id) };
  }

  #bucket(provider: MockProviderId, kind: string, scope: WorldScope, create: boolean): Map<string, Entry> | undefined {
    this.#check(provider, kind);
    const byShop = this.#adapters.get(provider)?.byShop === true;
    const key = `${provider}\u0000${byShop ? (scope.shop?.toLowerCase() ?? ANY_SHOP) : ''}\u0000${kind}`;
    let bucket = this.#buckets.get(key);
    if (!bucket && create) {
      bucket = new Map();
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  #check(provider: MockProviderId, kind: string): void {
    if (!isMockProviderId(provider)) {
      throw new RelayError('UNKNOWN_PROVIDER', unknownProviderMessage(String(provider), { context: 'for the provider world', lists: [['Mocked', mockProviderIds]] }));
    }
    if (typeof kind !== 'string' || kind === '') {
      throw new RelayError('INVALID_OPTION', `The kind of a ${provider} object must be a non-empty string (e.g. "customer"), got ${String(kind)}.`);
    }
  }
}
