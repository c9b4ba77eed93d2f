/**
 * The executions list: newest first, filters (provider, event type, status), search by id, older
 * pages by keyset cursor, and live updates applied once per animation frame.
 */
import type { CatalogAnswer, ListAnswer, ListItem, LiveEvents } from '../service/dashboard/wire.js';
import { call } from './api.js';
import { badge, h, replace, time } from './dom.js';
import { on } from './live.js';

/** Rows kept on the page while live updates arrive (older ones are a page away). */
const MAX_ROWS = 200;

interface Filters {
  provider: string;
  type: string;
  status: string;
  q: string;
}

function filtersOf(params: URLSearchParams): Filters {
  return { provider: params.get('provider') ?? '', type: params.get('type') ?? '', status: params.get('status') ?? '', q: params.get('q') ?? '' };
}

/** The API query of the list shown for the route's `params`. */
export function listQuery(params: URLSearchParams): URLSearchParams {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(filtersOf(params))) if (value) query.set(name, value);
  return query;
}

/**
 * Renders the list into `root` (its first page from `firstPage` when given, already asked for);
 * returns the function that stops its live updates.
 */
export function listView(root: HTMLElement, catalog: CatalogAnswer, params: URLSearchParams, firstPage?: Promise<ListAnswer>): () => void {
  const filters = filtersOf(params);
  let items: ListItem[] = [];
  let more = false;
  const rows = new Map<string, HTMLTableRowElement>();
  const tbody = h('tbody');
  const empty = h('p', { class: 'empty', hidden: true }, 'No executions match. Trigger one from the Trigger page or with relay trigger.');
  const older = h('button', { type: 'button', class: 'secondary', hidden: true, onclick: () => void load(true) }, 'Load older executions');
  const count = h('span', { class: 'muted', role: 'status' });
  const error = h('p', { class: 'error', role: 'alert', hidden: true });

  const providerSelect = h('select', { id: 'filter-provider', name: 'provider' }, h('option', { value: '' }, 'All providers'), catalog.providers.map((p) => h('option', { value: p.id }, p.name)));
  const typeList = h('datalist', { id: 'filter-types' });
  const typeInput = h('input', { id: 'filter-type', name: 'type', list: 'filter-types', placeholder: 'e.g. stripe.payment_intent.succeeded', autocomplete: 'off' });
  const statusSelect = h('select', { id: 'filter-status', name: 'status' }, h('option', { value: '' }, 'Any status'), catalog.statuses.map((s) => h('option', { value: s }, s)));
  const searchInput = h('input', { id: 'filter-q', name: 'q', type: 'search', placeholder: 'exec_…, evt_… or a delivery id', autocomplete: 'off' });
  providerSelect.value = filters.provider;
  typeInput.value = filters.type;
  statusSelect.value = filters.status;
  searchInput.value = filters.q;
  const fillTypes = () => {
    const providers = catalog.providers.filter((p) => !providerSelect.value || p.id === providerSelect.value);
    replace(typeList, providers.flatMap((p) => p.eventTypes.map((t) => h('option', { value: `${p.id}.${t}` }))));
  };
  fillTypes();

  const apply = () => {
    const next = new URLSearchParams();
    for (const [name, value] of [['provider', providerSelect.value], ['type', typeInput.value.trim()], ['status', statusSelect.value], ['q', searchInput.value.trim()]] as const) {
      if (value) next.set(name, value);
    }
    const hash = `#/${next.size ? `?${next}` : ''}`;
    if (location.hash !== hash) location.hash = hash;
  };
  const form = h(
    'form',
    { role: 'search', class: 'filters', 'aria-label': 'Filter executions', onsubmit: (e) => (e.preventDefault(), apply()) },
    h('label', { for: 'filter-provider' }, 'Provider'), providerSelect,
    h('label', { for: 'filter-type' }, 'Event type'), typeInput, typeList,
    h('label', { for: 'filter-status' }, 'Status'), statusSelect,
    h('label', { for: 'filter-q' }, 'Search'), searchInput,
    h('button', { type: 'submit' }, 'Apply'),
  );
  providerSelect.addEventListener('change', () => (fillTypes(), apply()));
  statusSelect.addEventListener('change', apply);

  const table = h(
    'table',
    { class: 'executions', 'aria-describedby': 'executions-caption' },
    h('caption', { id: 'executions-caption' }, 'Executions, newest first'),
    h('thead', {}, h('tr', {}, ['Created', 'Execution', 'Event type', 'Status', 'Attempt'].map((c) => h('th', { scope: 'col' }, c)))),
    tbody,
  );
  replace(root, h('h1', {}, 'Executions'), form, h('div', { class: 'toolbar' }, count), error, table, empty, older);

  const row = (item: ListItem): HTMLTableRowElement => {
    const tr = h(
      'tr',
      { 'data-id': item.id, 'data-status': item.status },
      h('td', {}, h('time', { datetime: item.createdAt }, time(item.createdAt))),
      h('td', {}, h('a', { href: `#/executions/${item.id}`, class: 'mono' }, item.id), item.replayedFrom ? h('span', { class: 'muted' }, ' replay') : null),
      h('td', {}, item.eventType),
      h('td', {}, badge(item.status)),
      h('td', {}, String(item.attempt)),
    );
    rows.set(item.id, tr);
    return tr;
  };
  const render = () => {
    rows.clear();
    replace(tbody, items.map(row));
    empty.hidden = items.length > 0;
    older.hidden = !more;
    count.textContent = `${items.length} shown${more ? ', more below' : ''}`;
  };

  async function load(append: boolean, given?: Promise<ListAnswer>): Promise<void> {
    const query = listQuery(params);
    if (append && items.length > 0) query.set('before', items[items.length - 1]!.id);
    try {
      const page = await (given ?? call<ListAnswer>(`executions?${query}`));
      items = append ? [...items, ...page.items] : [...page.items];
      more = page.nextCursor !== null;
      error.hidden = true;
      render();
    } catch (cause) {
      error.hidden = false;
      error.textContent = (cause as Error).message;
    }
  }

  // Live: gathered, then applied once per frame, so a burst costs one layout.
  const fresh: ListItem[] = [];
  const changes = new Map<string, LiveEvents['update']>();
  let frame = 0;
  const flush = () => {
    frame = 0;
    if (fresh.length > 0) {
      const added = fresh.splice(0).reverse().filter((item) => !rows.has(item.id));
      items = [...added, ...items];
      if (items.length > MAX_ROWS) {
        for (const gone of items.splice(MAX_ROWS)) {
          rows.get(gone.id)?.remove();
          rows.delete(gone.id);
        }
        more = true;
      }
      tbody.prepend(...added.filter((item) => items.includes(item)).map(row));
      empty.hidden = items.length > 0;
      older.hidden = !more;
      count.textContent = `${items.length} shown${more ? ', more below' : ''}`;
    }
    for (const [id, change] of changes) {
      const index = items.findIndex((i) => i.id === id);
      if (index === -1) continue;
      const item = (items[index] = { ...items[index]!, ...change });
      rows.get(id)?.replaceWith(row(item));
    }
    changes.clear();
  };
  const schedule = () => (frame ||= requestAnimationFrame(flush));
  const matches = (item: ListItem) =>
    !filters.q &&
    (!filters.provider || item.provider === filters.provider) &&
    (!filters.status || item.status === filters.status) &&
    (!filters.type || (filters.type.endsWith('*') ? item.eventType.startsWith(filters.type.slice(0, -1)) : item.eventType === filters.type || item.eventType === `${filters.provider}.${filters.type}`));
  const stops = [
    on('execution', (item) => {
      if (matches(item)) fresh.push(item);
      schedule();
    }),
    on('update', (change) => {
      changes.set(change.id, { ...changes.get(change.id), ...change });
      const pending = fresh.find((i) => i.id === change.id);
      if (pending) Object.assign(pending, change);
      schedule();
    }),
  ];
  void load(false, firstPage);
  return () => {
    for (const stop of stops) stop();
    cancelAnimationFrame(frame);
  };
}
