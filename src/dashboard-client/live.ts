/** The live stream (server-sent events) from the page's side: one EventSource, listeners by event name. */
import type { LiveEvents } from '../service/dashboard/wire.js';

type Listener<K extends keyof LiveEvents> = (data: LiveEvents[K]) => void;

const listeners = new Map<keyof LiveEvents, Set<Listener<never>>>();
let source: EventSource | undefined;

/** Opens the stream (once); `onState` hears `live` or `reconnecting`. */
export function connect(onState: (state: 'live' | 'reconnecting') => void): void {
  if (source) return;
  source = new EventSource('/_dashboard/api/live');
  source.onopen = () => onState('live');
  source.onerror = () => onState('reconnecting');
  for (const name of ['execution', 'update', 'activity', 'rejection', 'sent'] as const) {
    source.addEventListener(name, (event) => {
      const data = JSON.parse((event as MessageEvent<string>).data) as never;
      for (const listener of listeners.get(name) ?? []) listener(data);
    });
  }
}

/** Calls `listener` for each `name` event until the returned function is called. */
export function on<K extends keyof LiveEvents>(name: K, listener: Listener<K>): () => void {
  let set = listeners.get(name);
  if (!set) listeners.set(name, (set = new Set()));
  set.add(listener as Listener<never>);
  return () => set.delete(listener as Listener<never>);
}
