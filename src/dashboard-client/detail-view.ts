/**
 * One execution: ids, type, status, attempt, times, the replay chain both ways, steps, logs, the
 * payload as a collapsible tree, the delivery's headers with the verification result; Replay, Retry
 * and "copy as". Refreshed live while its execution changes.
 */
import type { DetailAnswer, ExecutionJson } from '../service/dashboard/wire.js';
import { ApiError, call, post } from './api.js';
import { asCurl, asTrigger, asVitest } from './copy-as.js';
import { badge, h, replace, time, type Child } from './dom.js';
import { jsonTree, setOpen } from './json-view.js';
import { on } from './live.js';

const link = (id: string) => h('a', { href: `#/executions/${id}`, class: 'mono' }, id);

function field(name: string, ...value: Child[]): Child {
  return [h('dt', {}, name), h('dd', {}, ...value)];
}

function copyBlock(label: string, text: string | undefined, id: string): Child {
  if (text === undefined) return null;
  const pre = h('pre', { id, class: 'copy', tabindex: 0 }, text);
  const status = h('span', { class: 'muted', role: 'status' });
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      status.textContent = 'Copied.';
    } catch {
      getSelection()?.selectAllChildren(pre);
      status.textContent = 'Selected: press Ctrl+C to copy.';
    }
  };
  return h('section', { class: 'copy-as', 'aria-labelledby': `${id}-label` }, h('h3', { id: `${id}-label` }, label), h('button', { type: 'button', class: 'secondary', onclick: () => void copy() }, `Copy ${label}`), status, pre);
}

/** Renders execution `id` into `root`; returns the function that stops its live refresh. */
export function detailView(root: HTMLElement, id: string): () => void {
  let stopped = false;
  let timer = 0;
  const message = h('p', { role: 'status', class: 'notice' });

  const act = async (action: 'replay' | 'retry') => {
    try {
      const done = await post<ExecutionJson>(`executions/${encodeURIComponent(id)}/${action}`);
      if (action === 'replay') location.hash = `#/executions/${done.id}`;
      else {
        message.textContent = `Retrying: attempt ${done.attempt}.`;
        void load();
      }
    } catch (cause) {
      message.textContent = (cause as Error).message;
    }
  };

  const render = (d: DetailAnswer) => {
    const e = d.execution;
    const chain: Child[] = [];
    if (e.replayedFrom) chain.push(field('Replayed from', link(e.replayedFrom)));
    if (d.replays.length > 0) chain.push(field('Replays', h('ul', { class: 'plain' }, d.replays.map((r) => h('li', {}, link(r.id), ' ', h('span', { class: 'muted' }, time(r.createdAt)))))));
    const payload = jsonTree(e.event.data);
    replace(
      root,
      h('p', {}, h('a', { href: '#/' }, '← Executions')),
      h('h1', {}, 'Execution ', h('span', { class: 'mono' }, e.id), ' ', badge(e.status)),
      h('div', { class: 'actions', role: 'group', 'aria-label': 'Actions' },
        h('button', { type: 'button', onclick: () => void act('replay') }, 'Replay'),
        e.status === 'failed' ? h('button', { type: 'button', onclick: () => void act('retry') }, 'Retry') : null,
      ),
      message,
      h('dl', { class: 'facts' },
        field('Execution', h('span', { class: 'mono' }, e.id)),
        field('Event', h('span', { class: 'mono' }, e.eventId)),
        field('Event type', e.eventType),
        field('Provider', e.event.provider),
        field('Delivery id', h('span', { class: 'mono' }, e.event.deliveryId ?? '—')),
        field('Status', badge(e.status)),
        field('Attempt', String(e.attempt)),
        field('Created', h('time', { datetime: e.createdAt }, time(e.createdAt))),
        field('Updated', h('time', { datetime: e.updatedAt }, time(e.updatedAt))),
        e.error ? field('Error', h('span', { class: 'error' }, e.error)) : null,
        chain,
      ),
      h('section', { 'aria-labelledby': 'steps-title' },
        h('h2', { id: 'steps-title' }, `Steps (${e.steps.length})`),
        e.steps.length === 0 ? h('p', { class: 'muted' }, 'No steps recorded.') : h('table', { class: 'steps' },
          h('thead', {}, h('tr', {}, ['Step', 'Status', 'Attempt', 'Duration', 'Result'].map((c) => h('th', { scope: 'col' }, c)))),
          h('tbody', {}, e.steps.map((s) => h('tr', {},
            h('td', { class: 'mono' }, s.name),
            h('td', {}, badge(s.status)),
            h('td', {}, String(s.attempt)),
            h('td', {}, s.durationMs === null ? '—' : `${s.durationMs} ms`),
            h('td', {}, s.error ? h('span', { class: 'error' }, s.error) : h('code', {}, JSON.stringify(s.result) ?? 'null')),
          ))),
        ),
      ),
      h('section', { 'aria-labelledby': 'logs-title' },
        h('h2', { id: 'logs-title' }, `Logs (${e.logs.length})`),
        e.logs.length === 0 ? h('p', { class: 'muted' }, 'No logs.') : h('ol', { class: 'logs' }, e.logs.map((l) => h('li', { class: `log log-${l.level}` },
          h('time', { datetime: l.at }, time(l.at)), ' ', h('span', { class: 'level' }, l.level), ' ', h('span', { class: 'message' }, l.message),
          l.fields ? h('code', { class: 'fields' }, ` ${JSON.stringify(l.fields)}`) : null,
        ))),
      ),
      h('section', { 'aria-labelledby': 'payload-title' },
        h('h2', { id: 'payload-title' }, 'Payload'),
        h('div', { class: 'actions' },
          h('button', { type: 'button', class: 'secondary', onclick: () => setOpen(payload, true) }, 'Expand all'),
          h('button', { type: 'button', class: 'secondary', onclick: () => setOpen(payload, false) }, 'Collapse all'),
        ),
        payload,
      ),
      h('section', { 'aria-labelledby': 'headers-title' },
        h('h2', { id: 'headers-title' }, 'Delivery headers'),
        h('p', { class: `verification verification-${d.verification.status}` }, h('strong', {}, d.verification.status === 'verified' ? 'Verified. ' : d.verification.status === 'failed' ? 'Not verified. ' : 'Not checked. '), d.verification.message),
        h('table', { class: 'headers' }, h('tbody', {}, Object.entries(d.headers).map(([name, value]) => h('tr', {}, h('th', { scope: 'row', class: 'mono' }, name), h('td', { class: 'mono' }, value))))),
      ),
      h('section', { 'aria-labelledby': 'copy-title' },
        h('h2', { id: 'copy-title' }, 'Copy as'),
        copyBlock('relay trigger', asTrigger(d, location.origin), 'copy-trigger'),
        copyBlock('curl', asCurl(d, location.origin), 'copy-curl'),
        copyBlock('Vitest test', asVitest(d), 'copy-vitest'),
      ),
    );
  };

  async function load(): Promise<void> {
    try {
      const detail = await call<DetailAnswer>(`executions/${encodeURIComponent(id)}`);
      if (stopped) return;
      const focused = document.activeElement?.textContent;
      render(detail);
      // Keep the keyboard where it was across a live refresh.
      if (focused) [...root.querySelectorAll('button')].find((b) => b.textContent === focused)?.focus();
    } catch (cause) {
      if (stopped) return;
      replace(root, h('p', {}, h('a', { href: '#/' }, '← Executions')), h('p', { class: 'error', role: 'alert' }, (cause as ApiError).message));
    }
  }
  const refresh = (changed: string) => {
    if (changed !== id) return;
    clearTimeout(timer);
    timer = window.setTimeout(() => void load(), 100);
  };
  const stops = [on('update', (u) => refresh(u.id)), on('activity', (a) => a.ids.forEach(refresh))];
  replace(root, h('p', { class: 'loading' }, `Loading ${id}…`));
  void load();
  return () => {
    stopped = true;
    clearTimeout(timer);
    for (const stop of stops) stop();
  };
}
