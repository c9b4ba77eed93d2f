/**
 * The JSON the dashboard's API answers with: shared, as types only, by the server (this folder) and
 * the browser client (src/dashboard-client), so that the two cannot drift apart.
 */
import type { ExecutionStatus } from '../store/types.js';
import type { ExecutionDetail, ExecutionJson } from '../views.js';

/** An execution in the list: its JSON plus the provider it arrived at. */
export interface ListItem extends ExecutionJson {
  readonly provider: string;
  readonly updatedAt: string;
  readonly error: string | null;
}

/** `GET /_dashboard/api/executions`. */
export interface ListAnswer {
  readonly items: readonly ListItem[];
  readonly nextCursor: string | null;
}

/** How the stored delivery's signature checks against the secrets configured now. */
export interface Verification {
  readonly status: 'verified' | 'failed' | 'not-checked';
  readonly message: string;
}

/** `GET /_dashboard/api/executions/<id>`: the execution in full, with what the page shows beside it. */
export interface DetailAnswer {
  readonly execution: ExecutionDetail;
  /** The executions replayed from this one, oldest first. */
  readonly replays: readonly ExecutionJson[];
  /** The delivery's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  /** The raw body as received (what a curl line resends). */
  readonly body: string;
  readonly verification: Verification;
  /** Where the service receives this provider's webhooks (`/api/webhook/stripe`): where a curl line resends to. */
  readonly mountPath: string;
  /**
   * The delivery's main resource, what `relay trigger --data` and `triggerWebhook`'s `data` merge into (Stripe's
   * `data.object`, the whole body of a GitHub event), from the provider's slice; `null` when they cannot build
   * the provider (`relay trigger` sends the built-ins only).
   */
  readonly mainResource: Readonly<Record<string, unknown>> | null;
}

/** A delivery a webhook route refused with a 4xx. */
export interface Rejection {
  /** Increasing number, for keys. */
  readonly seq: number;
  readonly at: string;
  readonly method: string;
  readonly path: string;
  readonly provider: string;
  readonly status: number;
  /** The `error` of the JSON answer. */
  readonly error: string;
  /** The `X-Relay-Error-Detail` header, when the answer had one. */
  readonly detail: string | null;
  /** The request headers (cookies and authorization left out). */
  readonly headers: Readonly<Record<string, string>>;
}

/** `GET /_dashboard/api/rejections`, newest first. */
export interface RejectionsAnswer {
  readonly items: readonly Rejection[];
  /** How many the service keeps. */
  readonly capacity: number;
}

/** A mounted provider, as the filters and the Trigger form see it. */
export interface CatalogProvider {
  readonly id: string;
  readonly name: string;
  readonly secretEnv: string | null;
  readonly secretConfigured: boolean;
  /** The event types it can build (the Trigger form's suggestions); empty for custom plugins. */
  readonly eventTypes: readonly string[];
  /** Whether the Trigger form can send it (a built-in, with a delivery builder). */
  readonly canTrigger: boolean;
}

/** `GET /_dashboard/api/catalog`. */
export interface CatalogAnswer {
  readonly providers: readonly CatalogProvider[];
  readonly statuses: readonly ExecutionStatus[];
  /** Whether an emulator beside the service reports what it sends (`relay dev --emulate`): the "Sent by the emulator" view. */
  readonly sent: boolean;
}

/** `POST /_dashboard/api/trigger`'s body. */
export interface TriggerRequest {
  readonly provider: string;
  readonly eventType: string;
  readonly data?: Record<string, unknown>;
  readonly seed?: number;
}

/** `POST /_dashboard/api/trigger`: the webhook route's answer to the delivery. */
export interface TriggerAnswer {
  readonly status: number;
  readonly execution?: ExecutionJson;
  readonly error?: string;
  readonly detail?: string;
}

/** `GET /_dashboard/api/session`. */
export interface SessionAnswer {
  /** `open` when no token is set; `signed-in` when the request carried it. */
  readonly access: 'open' | 'signed-in';
}

/** One attempt of a delivery the emulator sent. */
export interface SentAttempt {
  /** 1, then 2, 3, … for retries. */
  readonly attempt: number;
  /** When it was signed and sent. */
  readonly sentAt: string;
  /** The answer's status; `null` when the endpoint could not be reached or did not answer in time. */
  readonly status: number | null;
  readonly durationMs: number;
  /** Why there is no status, when there is none. */
  readonly error?: string;
}

/** A delivery an emulator beside the service sent (`relay dev --emulate`), of one event to one endpoint. */
export interface SentDelivery {
  /** The same for the delivery as its attempts grow, and unique among the source's deliveries. */
  readonly key: string;
  readonly provider: string;
  /** The event type, without the provider: `customer.created`. */
  readonly type: string;
  /** The provider's id of the delivery (Stripe's event id): the one the service stores it under. */
  readonly deliveryId: string;
  readonly endpoint: { readonly id: string; readonly url: string };
  /** The id of the object the event reports, when it has one. */
  readonly objectId: string | null;
  /** `duplicate`: a second send of the same event (same ids, signed anew). */
  readonly copy: 'original' | 'duplicate';
  /** `pending` while attempts remain, `delivered` once one was answered 2xx, `failed` when none was. */
  readonly status: 'pending' | 'delivered' | 'failed';
  readonly attempts: readonly SentAttempt[];
  /** The body as sent, parsed. */
  readonly event: unknown;
}

/** A sent delivery with the execution this service stored it as, found by its delivery id. */
export interface SentItem extends SentDelivery {
  /** `null` until the service accepted it (or when the store cannot look up by delivery id). */
  readonly executionId: string | null;
}

/** `GET /_dashboard/api/sent`: the newest `limit` deliveries, newest first. */
export interface SentAnswer {
  readonly items: readonly SentItem[];
  /** How many the emulator has sent in all. */
  readonly total: number;
}

/** What the live stream (`GET /_dashboard/api/live`, server-sent events) sends, by event name. */
export interface LiveEvents {
  /** A new execution (possibly already moved on: the latest state is sent). */
  readonly execution: ListItem;
  /** An execution changed. */
  readonly update: Pick<ListItem, 'id' | 'status' | 'attempt' | 'updatedAt' | 'error'>;
  /** Steps or logs of these executions changed. */
  readonly activity: { readonly ids: readonly string[] };
  readonly rejection: Rejection;
  /** The emulator sent a delivery, or a new attempt of one was answered (its latest state). */
  readonly sent: SentItem;
}

export type { ExecutionDetail, ExecutionJson, ExecutionStatus };
export type { LogJson, StepJson } from '../views.js';
