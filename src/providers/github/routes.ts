/**
 * Where GitHub's REST API and web pages put each object of a schema-drawn body, as GitHub's own
 * payloads name them: issues and pull requests by number (`/issues/12`, `/pull/12`), labels by name,
 * milestones and alerts by number under their product (`/code-scanning/alerts/3`), review comments
 * under `/pulls/comments`, a deployment status under its deployment, a review under its pull request,
 * security advisories by GHSA id, memberships under their organization (teams: teams.ts).
 *
 * A URL and the fields it is made of (the object's `id`, `number`, `name`, `ghsa_id`) agree because
 * both take one value per place: the object's last three keys in the body (`placeOf`).
 */
import type { ShapePath } from '../shared/shape.js';
import { LABELS } from './objects.js';
import type { Scene } from './scene.js';
import { API, WEB } from './users.js';

/** One body's values by place, and what every URL starts from. */
export interface Places {
  readonly scene: Scene;
  /** The issue or pull request number the body is about. */
  readonly number: number;
  /** The values given out so far, by kind and place. */
  readonly memo: Memo;
}

/** One map per kind of value, keyed by place alone (no key is built per lookup). */
export interface Memo {
  readonly id: Map<string, number>;
  readonly number: Map<string, number>;
  readonly name: Map<string, string>;
  readonly ghsa: Map<string, string>;
  readonly sha: Map<string, string>;
  /** Body-wide facts by name (`fact`): a package event's package, an advisory's vulnerable package. */
  readonly facts: Map<string, unknown>;
}

/** An empty memo, for a new body. */
export const newMemo = (): Memo => ({ id: new Map(), number: new Map(), name: new Map(), ghsa: new Map(), sha: new Map(), facts: new Map() });

/** How an object is named in its URLs. */
type By = 'id' | 'number' | 'name' | 'ghsa';

/** The object's ref (its number, name, GHSA id or id) in one body. */
type Ref = (body: Places) => string | number;

interface Route {
  readonly by: By;
  /** The path after `/repos/<owner>/<repo>/` of the object at `place`, named by `ref`. */
  readonly api: (body: Places, place: string, ref: Ref) => string;
  readonly web: (body: Places, place: string, ref: Ref) => string;
}

const route = (by: By, api: string, web: string): Route => ({ by, api: (body, _, ref) => `${api}/${ref(body)}`, web: (body, _, ref) => `${web}/${ref(body)}` });
const ISSUE = route('number', 'issues', 'issues');
const PULL = route('number', 'pulls', 'pull');
const LABEL = route('name', 'labels', 'labels');
const DISCUSSION = route('number', 'discussions', 'discussions');
/** The number of the body's discussion (`discussion`), which its comments are addressed under. */
const discussionNumber = (body: Places) => numberOf(body, topPlace('discussion'));
/** A discussion comment (an answer is one): its page is its discussion's, at the comment's anchor. */
const DISCUSSION_COMMENT: Route = {
  by: 'id',
  api: (body, _, ref) => `discussions/${discussionNumber(body)}/comments/${ref(body)}`,
  web: (body, _, ref) => `discussions/${discussionNumber(body)}#discussioncomment-${ref(body)}`,
};

/** Routes by the name of the object's key (array items take their array's name). */
const ROUTES: Readonly<Record<string, Route>> = {
  issue: ISSUE,
  sub_issue: ISSUE,
  parent_issue: ISSUE,
  blocked_issue: ISSUE,
  blocking_issue: ISSUE,
  pull_request: PULL,
  pull_requests: PULL,
  label: LABEL,
  labels: LABEL,
  // An issue or discussion transferred in: in `changes.new_repository`, which is the delivered repository here.
  new_issue: ISSUE,
  discussion: DISCUSSION,
  new_discussion: DISCUSSION,
  answer: DISCUSSION_COMMENT,
  old_answer: DISCUSSION_COMMENT,
  milestone: route('number', 'milestones', 'milestone'),
  // A GitHub Pages build, and a release asset.
  build: route('id', 'pages/builds', 'pages/builds'),
  assets: route('id', 'releases/assets', 'releases/assets'),
  check_run: route('id', 'check-runs', 'runs'),
  check_suite: route('id', 'check-suites', 'check-suites'),
  workflow_run: route('id', 'actions/runs', 'actions/runs'),
  workflow_job: route('id', 'actions/jobs', 'actions/jobs'),
  workflow: route('id', 'actions/workflows', 'actions/workflows'),
  deployment: route('id', 'deployments', 'deployments'),
  repository_advisory: route('ghsa', 'security-advisories', 'security/advisories'),
  review: {
    by: 'id',
    api: (body, _, ref) => `pulls/${body.number}/reviews/${ref(body)}`,
    web: (body, _, ref) => `pull/${body.number}#pullrequestreview-${ref(body)}`,
  },
  // Under its deployment (the body's `deployment`).
  deployment_status: {
    by: 'id',
    api: (body, _, ref) => {
      const deployment = idOf(body, topPlace('deployment'));
      return `deployments/${deployment}/statuses/${ref(body)}`;
    },
    web: (body, _, ref) => `deployments/${ref(body)}`,
  },
};

/** Alerts by event (and the events named after it: `secret_scanning_alert_location`): each product keeps its alerts by number under its own path. */
const ALERTS: Readonly<Record<string, Route>> = {
  code_scanning_alert: route('number', 'code-scanning/alerts', 'security/code-scanning'),
  dependabot_alert: route('number', 'dependabot/alerts', 'security/dependabot'),
  secret_scanning_alert: route('number', 'secret-scanning/alerts', 'security/secret-scanning'),
};

const reviewComment: Route = {
  by: 'id',
  api: (body, _, ref) => `pulls/comments/${ref(body)}`,
  web: (body, _, ref) => `pull/${body.number}#discussion_r${ref(body)}`,
};

/** Comments by event: an issue's, a pull request's review comments, a commit's. */
const COMMENTS: Readonly<Record<string, Route>> = {
  // Its page is its commit's.
  commit_comment: {
    by: 'id',
    api: (body, _, ref) => `comments/${ref(body)}`,
    web: (body, place, ref) => {
      const sha = shaOf(body, place);
      return `commit/${sha}#commitcomment-${ref(body)}`;
    },
  },
  discussion_comment: DISCUSSION_COMMENT,
  pull_request_review_comment: reviewComment,
  pull_request_review_thread: reviewComment,
  issue_comment: {
    by: 'id',
    api: (body, _, ref) => `issues/comments/${ref(body)}`,
    web: (body, _, ref) => `issues/${body.number}#issuecomment-${ref(body)}`,
  },
};

/** Objects whose `number` is their own (the body's issue and pull request take the body's number). */
export const NUMBERED: ReadonlySet<string> = new Set([
  ...Object.entries(ROUTES).filter(([, r]) => r.by === 'number').map(([name]) => name),
  'alert',
  'project',
]);

/** The place `idOf` and the other per-place values key by: the last three keys of `path` up to `depth`. */
export const placeOf = (path: ShapePath, depth: number): string => `${String(path[depth - 1])}.${String(path[depth - 2])}.${String(path[depth - 3])}`;
/** The nearest object key at or above `index` of `path` (array indices skipped). */
export function parentName(path: ShapePath, index: number): string | undefined {
  for (let i = index; i >= 0; i--) {
    const key = path[i];
    if (typeof key === 'string') return key;
  }
  return undefined;
}

/** The place of a top-level object named `key` (`deployment` of `deployment_status`, `sub_issue` of `sub_issue_id`). */
export const topPlace = (key: string): string => placeOf([key, 'id'], 1);

function remember<T>(values: Map<string, T>, place: string, body: Places, draw: (body: Places) => T): T {
  let value = values.get(place);
  if (value === undefined) values.set(place, (value = draw(body)));
  return value;
}

const drawId = (body: Places) => body.scene.int(1_000_000, 2_900_000_000);
const drawNumber = (body: Places) => {
  const n = body.scene.int(1, 400);
  return n === body.number ? n + 1 : n;
};
/** GitHub's default labels and the common additions: one body never names two labels alike. */
const LABEL_NAMES = LABELS.map(([name]) => name);
const drawLabel = (body: Places) => {
  const taken = new Set(body.memo.name.values());
  const free = LABEL_NAMES.filter((label) => !taken.has(label));
  return free.length > 0 ? body.scene.pick(free) : `${body.scene.pick(LABEL_NAMES)}-${body.scene.int(2, 99)}`;
};
const drawGhsa = (body: Places) => {
  const group = () => Array.from({ length: 4 }, () => body.scene.pick(GHSA_ALPHABET)).join('');
  return `GHSA-${group()}-${group()}-${group()}`;
};
const drawSha = (body: Places) => body.scene.sha();

/** The id of the object at `place`. */
export const idOf = (body: Places, place: string): number => remember(body.memo.id, place, body, drawId);
/** The number of an issue, pull request, milestone or alert at `place` other than the body's own. */
export const numberOf = (body: Places, place: string): number => remember(body.memo.number, place, body, drawNumber);
/** The name of the label at `place`: one of GitHub's usual labels. */
export const nameOf = (body: Places, place: string): string => remember(body.memo.name, place, body, drawLabel);
/** The GHSA id of the advisory at `place` (`GHSA-xxxx-xxxx-xxxx`, GitHub's alphabet). */
export const ghsaOf = (body: Places, place: string): string => remember(body.memo.ghsa, place, body, drawGhsa);
/** The commit SHA of the object at `place` (a commit comment's `commit_id`, and its page). */
export const shaOf = (body: Places, place: string): string => remember(body.memo.sha, place, body, drawSha);
/** The body-wide fact `name`, drawn by `draw` the first time it is asked for, so that the fields stating it agree. */
export const fact = <T>(body: Places, name: string, draw: (body: Places) => T): T => remember(body.memo.facts as Map<string, T>, name, body, draw);
const GHSA_ALPHABET = [...'23456789cfghjmpqrvwx'];

/**
 * The URL at `key` (`url`, `html_url`, `<part>_url`) of the object named `parent` at `place`, in an
 * `event` body. An `issue` or `pull_request` is the body's own and takes the body's number.
 * @example
 * urlMaker('url', 'alert', 'code_scanning_alert', 'alert.undefined.undefined')(body); // 'https://api.github.com/repos/o/r/code-scanning/alerts/3'
 */
export function urlMaker(key: string, parent: string | undefined, event: string, place: string): (body: Places) => string {
  if (key === 'avatar_url') return (body) => `https://avatars.githubusercontent.com/u/${idOf(body, place)}?v=4`;
  if (parent === undefined) return key === 'url' ? ({ scene }) => scene.repo.api : ({ scene }) => scene.repo.html;
  if (key === 'repository_url') return ({ scene }) => scene.repo.api;
  if (key === 'pull_request_url') return ({ scene, number }) => `${scene.repo.api}/pulls/${number}`;
  if (key === 'issue_url') return ({ scene, number }) => `${scene.repo.api}/issues/${number}`;
  if (key === 'deployment_url') return (body) => `${body.scene.repo.api}/deployments/${idOf(body, topPlace('deployment'))}`;
  // The chosen answer's page: the body's `answer` where it has one.
  if (key === 'answer_html_url') return (body) => `${body.scene.repo.html}/discussions/${discussionNumber(body)}#discussioncomment-${idOf(body, topPlace('answer'))}`;
  // A webhook's own endpoint: the receiver's URL, not GitHub's.
  if (key === 'url' && parent === 'config') return () => 'https://example.com/webhook';
  const special = organizationUrl(key, parent) ?? projectUrl(key, parent, place);
  if (special) return special;
  const alerts = Object.keys(ALERTS).find((name) => event.startsWith(name));
  // A review thread's `comments` are the event's comments too.
  const comment = parent === 'comment' || parent === 'comments';
  const known = parent === 'alert' ? ALERTS[alerts ?? ''] : comment ? COMMENTS[event] : ROUTES[parent];
  const found: Route = known ?? route('id', plural(parent), plural(parent));
  const main = parent === 'issue' || parent === 'pull_request';
  const ref = refMaker(found.by, main, place);
  const suffix = key === 'html_url' || key === 'url' ? '' : `/${key.replace(/_url$/, '').replace(/_/g, '-')}`;
  if (key === 'html_url') return (body) => `${body.scene.repo.html}/${found.web(body, place, ref)}`;
  return (body) => `${body.scene.repo.api}/${found.api(body, place, ref)}${suffix}`;
}

/**
 * URLs made from the object holding them, or `undefined` for any other: a `_links` entry's `href` (a
 * pull request's, a review's, a review comment's), a `reactions.url`, a check run's
 * `output.annotations_url`, and an advisory's `references[].url` (its GitHub advisory page).
 * `template` keeps a URI template (`pulls/comments{/number}`) where the schema takes any string; where
 * it asks for a URI, the URI the template expands to with no arguments.
 * @example
 * ownedUrlMaker(['pull_request', '_links', 'issue', 'href'], 'pull_request', false)!(body); // 'https://api.github.com/repos/o/r/issues/12'
 */
export function ownedUrlMaker(path: ShapePath, event: string, template: boolean): ((body: Places) => string) | undefined {
  const last = path.length - 1;
  const key = path[last];
  /** The `url` or `html_url` of the object that has `path[index]` as a key. */
  const of = (index: number, kind: 'url' | 'html_url') => urlMaker(kind, parentName(path, index - 1), event, placeOf(path, index));
  if (key === 'url' && path[last - 1] === 'reactions') {
    const api = of(last - 1, 'url');
    return (body) => `${api(body)}/reactions`;
  }
  if (key === 'url' && path[last - 2] === 'references') {
    // An advisory's reference: a page elsewhere, its entry in GitHub's advisory database.
    const place = placeOf(path, last - 2);
    return (body) => `${WEB}/advisories/${ghsaOf(body, place)}`;
  }
  if (key === 'annotations_url' && path[last - 1] === 'output') {
    const api = of(last - 1, 'url');
    return (body) => `${api(body)}/annotations`;
  }
  if (key !== 'href' || path[last - 2] !== '_links') return undefined;
  const links = last - 2;
  const api = of(links, 'url');
  // A pull request's issue: the same number under `issues`.
  const issue = (body: Places) => api(body).replace(/\/pulls\/(\d+)$/, '/issues/$1');
  switch (path[last - 1]) {
    case 'self':
      return api;
    case 'html':
      return of(links, 'html_url');
    case 'issue':
      return issue;
    case 'comments':
      return (body) => `${issue(body)}/comments`;
    case 'review_comments':
      return (body) => `${api(body)}/comments`;
    case 'review_comment':
      return ({ scene }) => `${scene.repo.api}/pulls/comments${template ? '{/number}' : ''}`;
    case 'commits':
      return (body) => `${api(body)}/commits`;
    case 'statuses': {
      const place = placeOf(path, links);
      return (body) => `${body.scene.repo.api}/statuses/${shaOf(body, place)}`;
    }
    case 'pull_request':
      // A review's or review comment's pull request: the body's.
      return ({ scene, number }) => `${scene.repo.api}/pulls/${number}`;
    default:
      return undefined;
  }
}

function refMaker(by: By, main: boolean, place: string): Ref {
  switch (by) {
    case 'number':
      return main ? (body) => body.number : (body) => numberOf(body, place);
    case 'name':
      // Only labels are routed by name.
      return (body) => encodeURIComponent(nameOf(body, place));
    case 'ghsa':
      return (body) => ghsaOf(body, place);
    case 'id':
      return (body) => idOf(body, place);
  }
}

/**
 * Projects (classic) live outside the repository: `/projects/<id>`, `/projects/columns/<id>`,
 * `/projects/columns/cards/<id>`; a project's page is the repository's `projects/<number>`. A card or column
 * names the body's column and project.
 */
function projectUrl(key: string, parent: string, place: string): ((body: Places) => string) | undefined {
  const project = (body: Places) => `${API}/projects/${idOf(body, topPlace('project'))}`;
  const column = (body: Places) => `${API}/projects/columns/${idOf(body, topPlace('project_column'))}`;
  if (parent === 'project') {
    if (key === 'url') return project;
    if (key === 'html_url') return (body) => `${body.scene.repo.html}/projects/${numberOf(body, place)}`;
    if (key === 'columns_url') return (body) => `${project(body)}/columns`;
    if (key === 'owner_url') return ({ scene }) => scene.repo.api;
  }
  if (parent === 'project_column') {
    if (key === 'url') return column;
    if (key === 'cards_url') return (body) => `${column(body)}/cards`;
    if (key === 'project_url') return project;
  }
  if (parent === 'project_card') {
    if (key === 'url') return (body) => `${API}/projects/columns/cards/${idOf(body, place)}`;
    if (key === 'column_url') return column;
    if (key === 'project_url') return project;
    if (key === 'content_url') return ({ scene, number }) => `${scene.repo.api}/issues/${number}`;
  }
  return undefined;
}

/** Memberships live under the organization, not the repository (teams do too: teams.ts builds them whole). */
function organizationUrl(key: string, parent: string): ((body: Places) => string) | undefined {
  if (parent === 'membership' && key === 'url') return ({ scene }) => `${API}/orgs/${scene.owner.login}/memberships/${scene.sender.login}`;
  if (parent === 'membership' && key === 'organization_url') return ({ scene }) => `${API}/orgs/${scene.owner.login}`;
  return undefined;
}

function plural(name: string): string {
  const path = name.replace(/_/g, '-');
  return path.endsWith('s') ? path : `${path}s`;
}
