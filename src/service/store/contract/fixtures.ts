/**
 * Deliveries for the Store contract: an event and its pending execution, with time-sortable ids. No test runner's
 * import, so that child processes (and any runner) can use them.
 */
import { eventId, executionId } from '../../ids.js';
import type { ExecutionRecord, StoredEvent } from '../types.js';

/** An event and its execution, as `insertDelivery` takes them. */
export interface Delivery {
  event: StoredEvent;
  execution: ExecutionRecord;
}

/** What `delivery` makes. */
export interface DeliveryOptions {
  provider?: string;
  /** The type without the provider: `payment_intent.succeeded`. */
  type?: string;
  /** `undefined` for a fresh unique id. */
  deliveryId?: string | null;
  data?: unknown;
  headers?: Record<string, string>;
  body?: string;
  dataIsBody?: boolean;
  replayedFrom?: string | null;
  /** The millisecond the ids and timestamps are made at; each call without one is 1 ms later than the last. */
  at?: number;
}

let clock = Date.UTC(2026, 0, 1);
let serial = 0;

/** A fresh delivery; each one newer than the one made before it. */
export function delivery(options: DeliveryOptions = {}): Delivery {
  const at = options.at ?? clock++;
  const provider = options.provider ?? 'stripe';
  const iso = new Date(at).toISOString();
  const data = 'data' in options ? options.data : { object: { id: `pi_${serial}`, amount: 2000 } };
  const event: StoredEvent = {
    id: eventId(at),
    provider,
    type: `${provider}.${options.type ?? 'payment_intent.succeeded'}`,
    deliveryId: options.deliveryId === undefined ? `dlv_${process.pid}_${serial++}` : options.deliveryId,
    headers: options.headers ?? { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=abc' },
    body: options.body ?? JSON.stringify(data) ?? 'null',
    data,
    ...(options.dataIsBody ? { dataIsBody: true } : {}),
    receivedAt: iso,
  };
  const execution: ExecutionRecord = {
    id: executionId(at),
    eventId: event.id,
    eventType: event.type,
    status: 'pending',
    attempt: 1,
    createdAt: iso,
    updatedAt: iso,
    replayedFrom: options.replayedFrom ?? null,
    error: null,
  };
  return { event, execution };
}
