/**
 * This process as one of the service instances on a store. Several processes may serve one store (a second
 * `relay dev` in the same folder, a test run beside it): each registers itself with its pid and host and a
 * lease it renews while it lives, and owns the executions it accepts. Another instance takes over an
 * execution only once its owner is gone (recovery.ts): its lease expired, or its process is no longer on
 * this host.
 */
import { hostname } from 'node:os';
import { ulid } from './ids.js';
import type { InstanceRecord, Store } from './store/types.js';

/** How long a lease holds without renewal: a process blocked this long (or on another host and silent) is taken for gone. */
export const LEASE_MS = 30_000;
/** How often a live instance renews its lease and looks for work that gone instances left. */
export const RENEW_MS = 10_000;

/** Who an instance is: enough to tell whether it still runs. */
export interface Identity {
  readonly id: string;
  readonly pid: number;
  readonly host: string;
}

/** Whether process `pid` exists on this host. */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether `owner` (an instance record, `undefined` when none is registered under the owner's id) is gone, as
 * `self` sees it at `now`: unregistered, its lease expired, or on this host with its process ended. (A pid
 * reused by another process keeps a gone owner alive only until its lease expires.)
 */
export function ownerGone(owner: InstanceRecord | undefined, self: Identity, now: number, alive: (pid: number) => boolean = processAlive): boolean {
  if (owner === undefined) return true;
  if (owner.id === self.id) return false;
  if (!(Date.parse(owner.leaseUntil) > now)) return true;
  return owner.host === self.host && !alive(owner.pid);
}

export interface InstanceOptions {
  readonly store: () => Store;
  readonly now: () => number;
  /** For tests: another process's identity. Default: this process's pid and host. */
  readonly pid?: number;
  readonly host?: string;
  /** For tests: how a pid on this host is found alive. */
  readonly alive?: (pid: number) => boolean;
}

/** This service's registration on its store: an id, a lease renewed on a timer, removed on close. */
export class Instance implements Identity {
  readonly id: string;
  readonly pid: number;
  readonly host: string;
  readonly alive: (pid: number) => boolean;
  readonly #store: () => Store;
  readonly #now: () => number;
  readonly #startedAt: string;
  #registered = false;
  #registering: Promise<void> | undefined;

  constructor(options: InstanceOptions) {
    this.#store = options.store;
    this.#now = options.now;
    const at = options.now();
    this.id = `inst_${ulid(at)}`;
    this.#startedAt = new Date(at).toISOString();
    this.pid = options.pid ?? process.pid;
    this.host = options.host ?? hostname();
    this.alive = options.alive ?? processAlive;
  }

  /** Whether the store keeps instances; without them it is taken to be served by this process alone. */
  get shared(): boolean {
    const store = this.#store();
    return typeof store.putInstance === 'function' && typeof store.listInstances === 'function';
  }

  /** Registers this instance, or renews its lease. Resolves once committed: a store that cannot be written to fails here. */
  async renew(): Promise<void> {
    const store = this.#store();
    if (!store.putInstance) return;
    const now = this.#now();
    await store.putInstance({ id: this.id, pid: this.pid, host: this.host, startedAt: this.#startedAt, leaseUntil: new Date(now + LEASE_MS).toISOString() });
    this.#registered = true;
  }

  /** Registers this instance unless it has been: queued now, so that it shares the commit of the write that needs it. */
  ensure(): void {
    if (this.#registered || this.#registering) return;
    this.#registering = this.renew()
      .catch(() => {
        // The write that needed it fails with the same cause, and says so; the next one registers again.
      })
      .finally(() => (this.#registering = undefined));
  }

  /** The registered instances by id, this one included. */
  async registered(): Promise<Map<string, InstanceRecord>> {
    const store = this.#store();
    const list = store.listInstances ? await store.listInstances() : [];
    return new Map(list.map((instance) => [instance.id, instance]));
  }

  /** Whether the owner `id` (`null` or `undefined`: none) is gone, given the registered instances. */
  gone(id: string | null | undefined, registered: ReadonlyMap<string, InstanceRecord>): boolean {
    if (id === this.id) return false;
    return ownerGone(id == null ? undefined : registered.get(id), this, this.#now(), this.alive);
  }

  /** Removes this instance's registration (its executions have finished). */
  async remove(): Promise<void> {
    if (!this.#registered) return;
    this.#registered = false;
    await this.#store().deleteInstance?.(this.id);
  }
}
