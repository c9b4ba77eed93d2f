/**
 * The emulator's dispatcher: turns outbox events into deliveries as the provider sends them. Each event
 * is wrapped once in the provider's envelope; each endpoint subscribed to its type gets it signed with
 * that endpoint's secret at each attempt's send time, a failed attempt retried on the provider's schedule
 * (compressed by `timeScale`), one endpoint's batches in the order the API calls caused them. Every
 * delivery and its attempts are recorded.
 */
import { copyData, isSuccessStatus, RelayError } from '../core/index.js';
import { planSequence, runSequence, type Delivery, type FlowAttempt, type FlowOrder, type SendContext, type Target } from '../harness/index.js';
import { getProvider } from '../providers/index.js';
import type { EmulatedEndpoint, OutboxEvent, ProviderEmulation, World } from '../providers/internal.js';

/** One attempt, as recorded. */
export interface DeliveryAttempt {
  /** 1, then 2, 3, … for retries. */
  readonly attempt: number;
  /** When it was signed and sent, epoch milliseconds. */
  readonly sentAt: number;
  /** The answer's status; `null` when the endpoint could not be reached or did not answer in time. */
  readonly status: number | null;
  readonly durationMs: number;
  /** Why there is no status, when there is none. */
  readonly error?: string;
}

/** A delivery of one event to one endpoint. */
export interface EmulatorDelivery {
  readonly provider: string;
  /** The event type: `charge.succeeded`. */
  readonly type: string;
  /** The provider's id of the delivery (Stripe's event id), the same to every endpoint. */
  readonly deliveryId: string;
  readonly endpoint: { readonly id: string; readonly url: string };
  /** The body as sent, parsed. */
  readonly event: unknown;
  /** The id of the object the event reports (`data.object.id` for Stripe). */
  readonly objectId: string | undefined;
  /** `duplicate`: a second send of the same event (same ids, signed anew), as `chaos.duplicates` makes. */
  readonly copy: 'original' | 'duplicate';
  /** `pending` while attempts remain, `delivered` once one was answered 2xx, `failed` when none was. */
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: readonly DeliveryAttempt[];
}

/** How the dispatcher sends. */
export interface DispatchOptions {
  /** Retry a delivery not answered 2xx on the provider's schedule. */
  readonly retries: boolean;
  /** 0: no waiting between attempts; 1: the provider's real schedule. */
  readonly timeScale: number;
  /** The order each batch goes in, and extra copies of each event (as providers sometimes send). */
  readonly order: FlowOrder;
  readonly duplicates: number;
  readonly seed: number;
  /** Told of each attempt once it is answered (or failed), with the delivery as recorded then. */
  readonly onAttempt?: (delivery: EmulatorDelivery, attempt: DeliveryAttempt) => void;
}

/**
 * A delivery as the dispatcher keeps it: its status changes and its attempts grow; the body stays the
 * string that was sent, parsed only when someone reads `deliveries()`.
 */
type Recorded = Omit<EmulatorDelivery, 'status' | 'attempts' | 'event'> & {
  status: EmulatorDelivery['status'];
  readonly attempts: DeliveryAttempt[];
  readonly body: string;
};

/** What a reader gets: a copy, with the body parsed. */
function published({ body, ...record }: Recorded): EmulatorDelivery {
  return { ...copyData(record), event: JSON.parse(body) as unknown };
}

function objectIdOf(data: Record<string, unknown>): string | undefined {
  return typeof data.id === 'string' ? data.id : undefined;
}

function attemptOf(attempt: FlowAttempt): DeliveryAttempt {
  return {
    attempt: attempt.attempt,
    sentAt: attempt.sentAt,
    status: attempt.status,
    durationMs: Math.round(attempt.durationMs * 10) / 10,
    // The harness's unreachable message ends with a hint about relay dev, which is not what an emulator's endpoint is.
    ...(attempt.error !== undefined ? { error: attempt.error.replace(/ Is the service running\?.*$/, '') } : {}),
  };
}

/** Sends outbox events to the endpoints of a world, and keeps what it sent. */
export class Dispatcher {
  readonly #records: Recorded[] = [];
  readonly #inflight = new Set<Promise<void>>();
  /** Per endpoint, the batch sent last: the next waits for it. */
  readonly #chains = new Map<string, Promise<void>>();
  /** Endpoints delivered to in process, by endpoint id (the `webhooks` option's `target`). */
  readonly #targets = new Map<string, { target: Target; path: string }>();
  #batches = 0;

  constructor(
    private readonly options: DispatchOptions,
    private readonly emulations: ReadonlyMap<string, ProviderEmulation>,
  ) {}

  /** Sends the endpoint `id` to `target` (a handler, a server) at `path` instead of its URL. */
  routeInProcess(id: string, target: Target, path: string): void {
    this.#targets.set(id, { target, path });
  }

  /** Starts delivering `events` (in the order given); returns at once. */
  dispatch(events: readonly OutboxEvent[], world: World): void {
    const byEndpoint = new Map<string, { endpoint: EmulatedEndpoint; provider: string; deliveries: Delivery[]; records: Recorded[] }>();
    // A provider's endpoints are read once per batch: no API call runs between its events.
    const subscribed = new Map<string, EmulatedEndpoint[]>();
    for (const event of events) {
      const emulation = this.emulations.get(event.provider);
      if (!emulation) continue;
      let all = subscribed.get(event.provider);
      if (!all) subscribed.set(event.provider, (all = emulation.endpoints(world)));
      const endpoints = all.filter((endpoint) => endpoint.accepts(event.type, event));
      if (endpoints.length === 0) continue;
      const envelope = emulation.envelope(event, world, endpoints.length);
      const provider = getProvider(event.provider);
      for (const endpoint of endpoints) {
        const built = endpoint.deliver ? endpoint.deliver(envelope, event) : envelope;
        // A provider that sends the same headers on every attempt (GitHub, Shopify) is signed once, here;
        // the others are signed at each attempt's send time (the harness's signedAt).
        const headers = provider.retry.resend === 'same' ? { ...built.headers, ...provider.sign({ body: built.body, secret: endpoint.secret, timestamp: Date.now(), deliveryId: built.deliveryId }) } : built.headers;
        let batch = byEndpoint.get(endpoint.id);
        if (!batch) byEndpoint.set(endpoint.id, (batch = { endpoint, provider: event.provider, deliveries: [], records: [] }));
        const url = new URL(endpoint.url);
        batch.deliveries.push({
          provider: event.provider,
          eventType: event.type,
          method: 'POST',
          path: `${url.pathname}${url.search}`,
          headers,
          body: built.body,
          deliveryId: built.deliveryId,
          seed: 0,
          timestamp: event.at,
        });
        const record: Recorded = {
          provider: event.provider,
          type: event.type,
          deliveryId: built.deliveryId,
          endpoint: { id: endpoint.id, url: endpoint.url },
          body: built.body,
          objectId: emulation.objectId?.(event) ?? objectIdOf(event.data),
          copy: 'original',
          status: 'pending',
          attempts: [],
        };
        batch.records.push(record);
        this.#records.push(record);
      }
    }
    for (const [id, batch] of byEndpoint) {
      const previous = this.#chains.get(id) ?? Promise.resolve();
      const run = previous.then(() => this.#send(batch.provider, batch.endpoint, batch.deliveries, batch.records, world));
      this.#chains.set(id, run);
      this.#inflight.add(run);
      void run.finally(() => this.#inflight.delete(run));
    }
  }

  async #send(providerId: string, endpoint: EmulatedEndpoint, deliveries: Delivery[], records: Recorded[], world: World): Promise<void> {
    const provider = getProvider(providerId);
    const rule = provider.retry;
    const inProcess = this.#targets.get(endpoint.id);
    const url = new URL(endpoint.url);
    const sequence = planSequence(deliveries.length, { order: this.options.order, duplicates: this.options.duplicates, seed: this.options.seed + this.#batches++ });
    // A duplicate send is a delivery of its own in the record, beside the original it copies.
    const copies = new WeakMap<object, Recorded>();
    const recordOf = (send: { readonly index: number; readonly copy: 'original' | 'duplicate' }): Recorded => {
      if (send.copy === 'original') return records[send.index]!;
      let copy = copies.get(send);
      if (!copy) {
        copy = { ...records[send.index]!, copy: 'duplicate', status: 'pending', attempts: [] };
        copies.set(send, copy);
        this.#records.push(copy);
        records.push(copy);
      }
      return copy;
    };
    const context: SendContext = {
      provider,
      secret: endpoint.secret,
      target: inProcess ? inProcess.target : url.origin,
      ...(inProcess ? { path: inProcess.path } : {}),
      rule,
      maxAttempts: this.options.retries ? rule.delays.length + 1 : 1,
      timeScale: this.options.timeScale,
      timeoutMs: rule.timeoutMs,
      // Signatures carry the real time, as the provider's do: a receiver checks them against its own clock.
      now: Date.now,
      onAttempt: (send, attempt) => {
        const record = recordOf(send);
        const recorded = attemptOf(attempt);
        record.attempts.push(recorded);
        this.emulations.get(providerId)?.attempted?.(world, record.deliveryId, attempt.status, attempt.durationMs);
        if (isSuccessStatus(attempt.status ?? 0)) record.status = 'delivered';
        else if (record.attempts.length >= context.maxAttempts) record.status = 'failed';
        if (this.options.onAttempt) this.options.onAttempt(published(record), recorded);
      },
    };
    try {
      await runSequence(deliveries, sequence, context);
    } catch (caught) {
      // A handler that threw, or a target that is no target: recorded, never thrown into the API call that caused it.
      const reason = caught instanceof Error ? caught.message : String(caught);
      for (const record of records) if (record.status === 'pending') record.attempts.push({ attempt: record.attempts.length + 1, sentAt: Date.now(), status: null, durationMs: 0, error: reason });
    }
    for (const record of records) if (record.status === 'pending') record.status = 'failed';
  }

  /** Resolves once every batch started so far (retries included) is over. */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  /** Copies of what was sent, oldest first, filtered. */
  deliveries(filter: { provider?: string; type?: string; status?: EmulatorDelivery['status'] } = {}): EmulatorDelivery[] {
    if (typeof filter !== 'object' || filter === null) {
      throw new RelayError('INVALID_OPTION', `deliveries takes { provider?, type?, status? }, got ${JSON.stringify(filter)}.`);
    }
    return this.#records
      .filter((r) => (filter.provider === undefined || r.provider === filter.provider) && (filter.type === undefined || r.type === filter.type) && (filter.status === undefined || r.status === filter.status))
      .map(published);
  }

  /** Forgets what was sent (batches still running finish unrecorded). */
  clear(): void {
    this.#records.length = 0;
  }
}
