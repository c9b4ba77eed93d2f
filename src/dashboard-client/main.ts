/**
 * The relay dashboard in the browser: hash routes (`#/`, `#/executions/<id>`, `#/rejected`,
 * `#/trigger`, and `#/sent` when an emulator reports to the service), the token prompt when the
 * service asks for one, and the live stream.
 */
import './app.css';
import type { CatalogAnswer, ListAnswer, SessionAnswer } from '../service/dashboard/wire.js';
import { ApiError, call, post, whenUnauthorized } from './api.js';
import { detailView } from './detail-view.js';
import { h, replace } from './dom.js';
import { listQuery, listView } from './list-view.js';
import { connect, on } from './live.js';
import { rejectionsView } from './rejections-view.js';
import { sentView } from './sent-view.js';
import { triggerView } from './trigger-view.js';

const app = document.getElementById('app')!;
let stop: () => void = () => {};

function signIn(reason?: string): void {
  stop();
  stop = () => {};
  const token = h('input', { id: 'token', name: 'token', type: 'password', required: true, autocomplete: 'current-password' });
  const error = h('p', { class: 'error', role: 'alert' }, reason ?? '');
  const submit = async (event: Event) => {
    event.preventDefault();
    try {
      await post<SessionAnswer>('session', { token: token.value });
      location.reload();
    } catch (cause) {
      error.textContent = (cause as Error).message;
    }
  };
  replace(
    app,
    h('main', { class: 'signin' },
      h('h1', {}, 'relay dev'),
      h('p', {}, 'This service has RELAY_API_TOKEN set. Enter the token once; the page keeps it in an HttpOnly cookie.'),
      h('form', { onsubmit: (e) => void submit(e) }, h('label', { for: 'token' }, 'API token'), token, h('button', { type: 'submit' }, 'Sign in')),
      error,
    ),
  );
  token.focus();
}

async function start(): Promise<void> {
  // The catalog, and the list's first page when the list is shown, are asked for at once: a 401 means
  // the token is needed.
  const [path, query] = route();
  const firstPage = path === '/' ? call<ListAnswer>(`executions?${listQuery(new URLSearchParams(query))}`) : undefined;
  firstPage?.catch(() => {});
  let catalog: CatalogAnswer;
  try {
    catalog = await call<CatalogAnswer>('catalog');
  } catch (cause) {
    if (cause instanceof ApiError && cause.status === 401) return signIn();
    replace(app, h('p', { class: 'error', role: 'alert' }, (cause as Error).message));
    return;
  }
  whenUnauthorized(() => signIn('The session ended (the service restarted or the token changed): enter the token again.'));
  const liveState = h('span', { class: 'live', role: 'status' }, 'Connecting…');
  const rejectedCount = h('span', { class: 'count', 'aria-label': 'new' });
  const main = h('main', { id: 'main', tabindex: -1 });
  const links = [
    h('a', { href: '#/' }, 'Executions'),
    catalog.sent ? h('a', { href: '#/sent' }, 'Sent by the emulator') : null,
    h('a', { href: '#/rejected' }, 'Rejected', rejectedCount),
    h('a', { href: '#/trigger' }, 'Trigger'),
  ].filter((link) => link !== null);
  replace(
    app,
    h('a', { href: '#main', class: 'skip', onclick: (e) => (e.preventDefault(), main.focus()) }, 'Skip to content'),
    h('header', {}, h('span', { class: 'brand' }, 'relay dev'), h('nav', { 'aria-label': 'Sections' }, links), liveState),
    main,
  );
  connect((state) => {
    liveState.textContent = state === 'live' ? 'Live' : 'Reconnecting…';
    liveState.dataset.state = state;
  });
  let unseen = 0;
  on('rejection', () => {
    if (location.hash.startsWith('#/rejected')) return;
    rejectedCount.textContent = ` ${++unseen}`;
  });

  let prefetched = firstPage;
  const show = () => {
    // A filter that re-renders the page keeps the keyboard on the control that changed it.
    const focused = document.activeElement?.id;
    stop();
    const [path, query] = route();
    for (const link of links) link.toggleAttribute('aria-current', link.getAttribute('href') === `#${path}`);
    if (path.startsWith('/executions/')) stop = detailView(main, decodeURIComponent(path.slice('/executions/'.length)));
    else if (path === '/rejected') {
      unseen = 0;
      rejectedCount.textContent = '';
      stop = rejectionsView(main);
    } else if (path === '/trigger') stop = triggerView(main, catalog);
    else if (path === '/sent' && catalog.sent) stop = sentView(main);
    else stop = listView(main, catalog, new URLSearchParams(query), prefetched);
    prefetched = undefined;
    if (focused) (main.querySelector(`#${CSS.escape(focused)}`) as HTMLElement | null)?.focus();
  };
  window.addEventListener('hashchange', show);
  show();
}

/** The route in the hash: its path and query. */
function route(): [string, string | undefined] {
  const hash = location.hash.slice(1) || '/';
  return hash.split('?', 2) as [string, string | undefined];
}

void start();
