/** SIGINT and SIGTERM for the commands that serve until stopped (`relay dev`, `relay emulate`). */

/**
 * SIGINT and SIGTERM, listened to from the moment a server listens until the process exits. A
 * listener removed after the first signal and added again to wait for a second left a moment in which
 * the signal's default action applied, and a quick second signal ended the process at once, unreported
 * (exit by signal, not 1). Signals that come while nothing waits are queued for the next wait.
 * @example
 * const signals = listenForSignals();
 * const first = await signals.next(); // 'SIGINT'
 */
export function listenForSignals(): { next(): Promise<NodeJS.Signals> } {
  const queued: NodeJS.Signals[] = [];
  let waiting: ((signal: NodeJS.Signals) => void)[] = [];
  const on = (signal: NodeJS.Signals) => () => {
    const woken = waiting;
    waiting = [];
    if (woken.length === 0) queued.push(signal);
    for (const wake of woken) wake(signal);
  };
  process.on('SIGINT', on('SIGINT'));
  process.on('SIGTERM', on('SIGTERM'));
  return {
    next: () => (queued.length > 0 ? Promise.resolve(queued.shift()!) : new Promise((resolve) => waiting.push(resolve))),
  };
}
