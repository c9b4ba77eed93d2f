/**
 * Delivery observers: code that wants to know about every delivery built in this process (the mock
 * provider world of `relaykit/msw` registers the objects a payload contains) subscribes here. With
 * no observer, building a delivery pays nothing for it.
 */

/** What an observer sees of a built delivery. */
export interface ObservedDelivery {
  readonly provider: string;
  /** The canonical event type. */
  readonly eventType: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The signed body, exactly as sent. */
  readonly body: string;
}

/** Called synchronously for each built delivery; an observer must not throw. */
export type DeliveryObserver = (delivery: ObservedDelivery) => void;

const observers = new Set<DeliveryObserver>();

/**
 * Subscribes to every delivery built in this process; returns the unsubscribe function.
 * @example
 * const stop = observeDeliveries((d) => console.log(d.provider, d.eventType));
 */
export function observeDeliveries(observer: DeliveryObserver): () => void {
  observers.add(observer);
  return () => {
    observers.delete(observer);
  };
}

/** Tells every observer about a delivery. */
export function notifyDelivery(delivery: ObservedDelivery): void {
  for (const observer of observers) observer(delivery);
}

/** Whether anyone is observing (so callers can skip building what they would notify). */
export function hasDeliveryObservers(): boolean {
  return observers.size > 0;
}
