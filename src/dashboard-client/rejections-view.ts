/** The deliveries the webhook routes refused, newest first, with the reason and the request's headers. */
import type { Rejection, RejectionsAnswer } from '../service/dashboard/wire.js';
import { call } from './api.js';
import { h, replace, time } from './dom.js';
import { on } from './live.js';

function item(r: Rejection): HTMLElement {
  return h(
    'li',
    { class: 'rejection', 'data-seq': r.seq },
    h('p', {},
      h('time', { datetime: r.at }, time(r.at)), ' ',
      h('strong', {}, `${r.status}`), ' ', h('span', { class: 'mono' }, `${r.method} ${r.path}`), ' — ',
      h('span', { class: 'reason' }, r.error),
    ),
    r.detail ? h('p', { class: 'detail' }, h('span', { class: 'muted' }, 'Detail: '), h('span', { class: 'detail-text' }, r.detail)) : null,
    h('details', {}, h('summary', {}, 'Request headers'),
      h('table', { class: 'headers' }, h('tbody', {}, Object.entries(r.headers).map(([name, value]) => h('tr', {}, h('th', { scope: 'row', class: 'mono' }, name), h('td', { class: 'mono' }, value))))),
    ),
  );
}

/** Renders the refused deliveries into `root`; returns the function that stops its live updates. */
export function rejectionsView(root: HTMLElement): () => void {
  const list = h('ol', { class: 'rejections plain', 'aria-label': 'Refused deliveries, newest first' });
  const empty = h('p', { class: 'empty' }, 'No delivery has been refused since the service started.');
  const note = h('p', { class: 'muted' });
  replace(root, h('h1', {}, 'Rejected deliveries'), note, empty, list);
  let capacity = 0;
  const show = (items: readonly Rejection[], prepend: boolean) => {
    if (items.length === 0) return;
    empty.hidden = true;
    if (prepend) list.prepend(...items.map(item));
    else replace(list, items.map(item));
    while (capacity > 0 && list.children.length > capacity) list.lastElementChild!.remove();
  };
  const stop = on('rejection', (r) => show([r], true));
  void call<RejectionsAnswer>('rejections').then((answer) => {
    capacity = answer.capacity;
    note.textContent = `Every 4xx answer of POST /api/webhook/<provider>, with its reason; the last ${answer.capacity} are kept in memory.`;
    show(answer.items, false);
  });
  return stop;
}
