/**
 * "Sent by the emulator" (`relay dev --emulate`): every delivery the emulator beside the service sent,
 * newest first, live; a row opens to its attempts and the event as sent, and a delivery the service
 * accepted links to its execution.
 */
import type { SentAnswer, SentItem } from '../service/dashboard/wire.js';
import { call } from './api.js';
import { badge, h, replace, time } from './dom.js';
import { jsonTree } from './json-view.js';
import { on } from './live.js';

/** Rows kept on the page while live deliveries arrive. */
const MAX_ROWS = 200;

const COLUMNS = ['Time', 'Provider', 'Event type', 'Delivery id', 'Endpoint', 'Status', 'Execution'];

/** A delivery's row and the row under it that opens to its attempts and event. */
interface Drawn {
  readonly row: HTMLTableRowElement;
  readonly detail: HTMLTableRowElement;
  readonly toggle: HTMLButtonElement;
}

function attempts(item: SentItem): HTMLElement {
  if (item.attempts.length === 0) return h('p', { class: 'muted' }, 'Not answered yet.');
  return h('table', { class: 'attempts' },
    h('thead', {}, h('tr', {}, ['Attempt', 'Sent', 'Answer', 'Duration'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, item.attempts.map((a) => h('tr', {},
      h('td', {}, String(a.attempt)),
      h('td', {}, h('time', { datetime: a.sentAt }, time(a.sentAt))),
      h('td', {}, a.status === null ? h('span', { class: 'error' }, a.error ?? 'no answer') : h('span', { class: a.status >= 200 && a.status < 300 ? '' : 'error' }, String(a.status))),
      h('td', {}, `${a.durationMs} ms`),
    ))),
  );
}

function details(item: SentItem): HTMLElement {
  return h('div', { class: 'sent-body' },
    h('h3', {}, `Attempts (${item.attempts.length})`),
    attempts(item),
    h('p', { class: 'muted' }, `Endpoint ${item.endpoint.id}`, item.objectId ? ` · object ${item.objectId}` : '', item.copy === 'duplicate' ? ' · a duplicate send' : ''),
    h('h3', {}, 'Event as sent'),
    // Open down to the object the event reports (Stripe's data.object).
    jsonTree(item.event, 3),
  );
}

/** Renders the sent deliveries into `root`; returns the function that stops its live updates. */
export function sentView(root: HTMLElement): () => void {
  const items = new Map<string, SentItem>();
  const drawn = new Map<string, Drawn>();
  const open = new Set<string>();
  let total = 0;
  let loaded = false;
  let ids = 0;
  const tbody = h('tbody');
  const empty = h('p', { class: 'empty', hidden: true }, 'The emulator has sent nothing yet: call its API (relay dev printed its client options) and each delivery appears here.');
  const count = h('span', { class: 'muted', role: 'status' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });
  replace(
    root,
    h('h1', {}, 'Sent by the emulator'),
    h('p', { class: 'muted' }, 'Every webhook the emulated provider APIs sent to this service, with its attempts. Open a row for the event as sent.'),
    h('div', { class: 'toolbar' }, count),
    error,
    h('table', { class: 'sent', 'aria-describedby': 'sent-caption' },
      h('caption', { id: 'sent-caption' }, 'Deliveries the emulator sent, newest first'),
      h('thead', {}, h('tr', {}, COLUMNS.map((c) => h('th', { scope: 'col' }, c)))),
      tbody,
    ),
    empty,
  );

  const setOpen = (key: string, opened: boolean) => {
    const shown = drawn.get(key);
    if (!shown) return;
    if (opened) open.add(key);
    else open.delete(key);
    shown.toggle.setAttribute('aria-expanded', String(opened));
    shown.detail.hidden = !opened;
    if (opened && !shown.detail.firstElementChild!.hasChildNodes()) replace(shown.detail.firstElementChild!, details(items.get(key)!));
  };

  const draw = (item: SentItem): Drawn => {
    const detailId = `sent-detail-${++ids}`;
    const opened = open.has(item.key);
    const toggle = h('button', { type: 'button', class: 'toggle mono', 'aria-expanded': String(opened), 'aria-controls': detailId, title: 'Show the attempts and the event' }, item.deliveryId);
    const at = item.attempts[0]?.sentAt;
    const row = h(
      'tr',
      {
        class: 'sent-row',
        'data-key': item.key,
        'data-status': item.status,
        // A click anywhere on the row opens it, except on the execution's link.
        onclick: (event) => {
          if (!(event.target as Element).closest('a')) setOpen(item.key, !open.has(item.key));
        },
      },
      h('td', {}, at ? h('time', { datetime: at }, time(at)) : h('span', { class: 'muted' }, 'not sent yet')),
      h('td', {}, item.provider),
      h('td', {}, item.type),
      h('td', {}, toggle),
      h('td', { class: 'mono' }, item.endpoint.url),
      h('td', {}, badge(item.status), ' ', h('span', { class: 'muted attempts-count' }, `${item.attempts.length} attempt${item.attempts.length === 1 ? '' : 's'}`)),
      h('td', {}, item.executionId ? h('a', { href: `#/executions/${encodeURIComponent(item.executionId)}`, class: 'mono execution' }, item.executionId) : h('span', { class: 'muted' }, '—')),
    );
    const detail = h('tr', { class: 'sent-detail', id: detailId, hidden: !opened }, h('td', { colspan: COLUMNS.length }, opened ? details(item) : null));
    return { row, detail, toggle };
  };

  /** Shows `item`: in place when its row is there, else a new row on top (or at the bottom, for the first page). */
  const put = (item: SentItem, onTop: boolean) => {
    const known = items.get(item.key);
    // Attempts only grow: a state with fewer is older than the one shown.
    if (known && item.attempts.length < known.attempts.length) return;
    items.set(item.key, item);
    const next = draw(item);
    const shown = drawn.get(item.key);
    drawn.set(item.key, next);
    if (shown) {
      const focused = document.activeElement === shown.toggle;
      shown.row.replaceWith(next.row);
      shown.detail.replaceWith(next.detail);
      if (focused) next.toggle.focus();
      return;
    }
    if (onTop) {
      tbody.prepend(next.row, next.detail);
      total++;
    } else tbody.append(next.row, next.detail);
    while (drawn.size > MAX_ROWS) {
      // The bottom pair of rows: the oldest delivery shown, and its detail.
      const oldest = (tbody.lastElementChild!.previousElementSibling as HTMLElement).dataset.key!;
      const gone = drawn.get(oldest)!;
      gone.row.remove();
      gone.detail.remove();
      drawn.delete(oldest);
      items.delete(oldest);
      open.delete(oldest);
    }
  };

  const counted = () => {
    empty.hidden = drawn.size > 0;
    count.textContent = `${total} sent${total > drawn.size ? `, the newest ${drawn.size} shown` : ''}`;
  };

  // Live: gathered, then applied once per frame; what arrives before the first page waits for it.
  const waiting = new Map<string, SentItem>();
  let frame = 0;
  const flush = () => {
    frame = 0;
    if (!loaded) return;
    for (const item of waiting.values()) put(item, true);
    waiting.clear();
    counted();
  };
  const stop = on('sent', (item) => {
    const queued = waiting.get(item.key);
    if (!queued || item.attempts.length >= queued.attempts.length) waiting.set(item.key, item);
    frame ||= requestAnimationFrame(flush);
  });

  void call<SentAnswer>('sent')
    .then((answer) => {
      for (const item of answer.items) put(item, false);
      total = answer.total;
      loaded = true;
      flush();
    })
    .catch((cause: unknown) => {
      error.hidden = false;
      error.textContent = (cause as Error).message;
    });
  return () => {
    stop();
    cancelAnimationFrame(frame);
  };
}
