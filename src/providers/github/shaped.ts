/**
 * Bodies of the event types no hand-written builder covers, drawn from the official schema's shape
 * (`generated/shapes.ts`) with the delivery's scene filling what must agree across the body: the
 * repository, sender, organization and installation objects, every other user, the issue or pull
 * request number, ids and the URLs and node ids built from them, commit SHAs and times.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { hex } from '../shared/ids.js';
import { objectOf } from '../shared/literal.js';
import { compileShape, resolve, type CompileOptions, type DrawContext, type FillPlan, type Producer, type Shape, type ShapeDefs, type ShapePath } from '../shared/shape.js';
import { isoSeconds } from '../shared/time.js';
import { drawText } from '../shared/text.js';
import { conform } from './conform.js';
import { defs } from './generated/shapes.js';
import { nodeId } from './node-ids.js';
import { actionsApp } from './objects.js';
import { planPackage } from './packages.js';
import { installation } from './resources.js';
import { siblingPairs } from './siblings.js';
import { knownString } from './strings.js';
import { isLabelShape, labelAt } from './labels.js';
import { isTeamShape, teamAt } from './teams.js';
import { ghsaOf, idOf, newMemo, NUMBERED, numberOf, ownedUrlMaker, parentName, placeOf, shaOf, topPlace, urlMaker, type Places } from './routes.js';
import { DAY, HOUR, type Account, type Scene } from './scene.js';

type Node = Exclude<Shape, { ref: string }>;

/** The top-level keys GitHub puts last, in its order. */
const TRAILING = ['repository', 'organization', 'enterprise', 'sender', 'installation'];
/** Keys of users who act in the event: the sender. */
const ACTORS = new Set([
  'sender', 'user', 'creator', 'author', 'actor', 'triggering_actor', 'merged_by', 'closed_by', 'dismissed_by', 'resolved_by',
  'enabled_by', 'uploader', 'publisher', 'inviter', 'approver', 'requestor', 'answer_chosen_by', 'deleted_by', 'dismisser',
  'blocked_by', 'added_by', 'pusher', 'reviewer', 'assigned_to', 'suspended_by', 'requester',
]);
/** Keys of accounts that own things: the repository owner. */
const OWNERS = new Set(['owner', 'account', 'sponsorable', 'maintainer', 'organization', 'target', 'org']);
const SHA_KEYS = new Set([
  'sha', 'head_sha', 'base_sha', 'before', 'after', 'commit_id', 'commit_sha', 'commit_oid', 'original_commit_id',
  'merge_commit_sha', 'tree_id', 'blob_sha', 'head_commit_id', 'lexical_commit_sha', 'target_oid',
]);
const TEXT_KEYS = ['body', 'title', 'description', 'message', 'summary', 'note', 'text', 'short_description'];
/** String keys the scene fills: the rest are drawn words. */
const STRING_KEYS = new Set(['action', 'node_id', 'ref', 'full_name', 'login', 'color', 'environment', 'workflow', 'privacy_level', ...SHA_KEYS, ...TEXT_KEYS]);
const WORKFLOWS = ['ci', 'deploy', 'release', 'test', 'lint', 'codeql'];
const ENVIRONMENTS = ['production', 'staging', 'preview', 'github-pages'];
/** Numbers the schema bounds (scores 0-10, percentages, merge-queue sizes, review counts): 1-10 fits every bound. */
const BOUNDED = /score|percent|minutes|entries|review_count|max_file/;
/** Nullable fields of the event's main object that the named actions set; any other action sends null. */
const DONE_BY: Readonly<Record<string, readonly string[]>> = {
  closed_at: ['closed'],
  closed_by: ['closed'],
  merged_at: ['closed'],
  merged_by: ['closed'],
  merge_commit_sha: ['closed'],
  active_lock_reason: ['locked'],
  dismissed_at: ['dismissed', 'auto_dismissed'],
  dismissed_by: ['dismissed', 'auto_dismissed'],
  dismissed_reason: ['dismissed', 'auto_dismissed'],
  dismissed_comment: ['dismissed', 'auto_dismissed'],
  fixed_at: ['fixed'],
  resolved_at: ['resolved'],
  resolved_by: ['resolved'],
  resolution: ['resolved'],
  archived_at: ['archived'],
  deleted_at: ['deleted'],
  deleted_by: ['deleted'],
  suspended_at: ['suspend'],
  suspended_by: ['suspend'],
  withdrawn_at: ['withdrawn'],
};
/**
 * Nullable objects GitHub sends as null unless the event is about them, as the hand-built issues and
 * pulls do: an App's `performed_via_github_app`, and a `milestone` outside the (de)milestoned actions.
 */
const USUALLY_NULL = new Set(['performed_via_github_app', 'milestone']);
const NODE_PREFIX: Readonly<Record<string, string>> = {
  issue: 'I', pull_request: 'PR', comment: 'IC', label: 'LA', milestone: 'MI', release: 'RE', review: 'PRR', discussion: 'D',
  check_run: 'CR', check_suite: 'CS', workflow_run: 'WFR', workflow_job: 'CR', deployment: 'DE', team: 'T', project: 'PVT',
};

const REPOSITORY = defs['repository-webhooks'];
const USER = defs['simple-user'];
/** A `simple-user` as `userObject` builds it (`user_view_type` last but one). */
const isUser = (value: JsonValue): boolean => typeof value === 'object' && value !== null && 'user_view_type' in value && 'received_events_url' in value;

/** What the walk of one event needs beside its shape. */
export interface ShapedInput {
  readonly shape: Shape;
  /** The event (`X-GitHub-Event`): alerts and comments are addressed per event. */
  readonly event: string;
  /** The body's `action` (for free-form actions such as `repository_dispatch`'s). */
  readonly action: string | undefined;
  /** The issue or pull request number the body is about. */
  readonly number: number;
  /** The webhooks the event goes to (`repository`, `organization`, `app`, …): a body for no repository hook names no repository it may omit. */
  readonly hooks: readonly string[];
}

/** One body being made: the scene, and the ids, numbers, names and people given out so far, by place. */
interface Body extends DrawContext, Places {
  readonly people: Map<string, Account>;
  /** One object in one form is fitted once per body: the repository of `base.repo`, `head.repo` and `repository` is one value. */
  readonly fitted: Map<JsonValue, Map<Node, JsonValue>>;
  /** A value of a shape the scene's object lacks (what `conform` draws). */
  readonly draw: (shape: Shape) => JsonValue;
}

/** What is the same for every body of one event type: the walk's decisions. */
interface Program {
  readonly make: Producer<Body>;
  readonly dropped: readonly string[];
  /** Walks of the shapes `conform` draws, compiled on first use. */
  readonly draws: Map<Shape, Producer<Body>>;
  readonly planned: CompileOptions<Body>;
}

/** Compiled walks by event shape, then by action, owner kind and hooks. */
const programs = new Map<Shape, Map<string, Program>>();

/**
 * A body of `input.shape`, consistent with `scene`. Optional top-level `enterprise`, `installation`
 * (an App delivery adds it) and, for a user-owned repository, `organization` are left out, as a
 * repository webhook receives them. The walk is compiled once per event type and kind of owner
 * (`compileShape`): a body then costs only its draws.
 * @example
 * shapedBody(scene, { shape: events['label.created'], action: 'created', number: 12 }).label; // { id, node_id, url, name, color, default, … }
 */
export function shapedBody(scene: Scene, input: ShapedInput): JsonObject {
  const program = programFor(input, scene.organization !== undefined);
  const body: Body = {
    faker: scene.faker,
    time: isoSeconds(scene.now),
    scene,
    number: input.number,
    memo: newMemo(),
    people: new Map(),
    fitted: new Map(),
    draw: (shape) => {
      let make = program.draws.get(shape);
      if (!make) program.draws.set(shape, (make = compileShape(shape, program.planned)));
      return make(body);
    },
  };
  return trimTop(program.make(body) as JsonObject, program.dropped);
}

function programFor(input: ShapedInput, organization: boolean): Program {
  let byKind = programs.get(input.shape);
  if (!byKind) programs.set(input.shape, (byKind = new Map()));
  const kind = `${input.event}|${input.action ?? ''}|${organization}|${input.hooks.join(',')}`;
  let program = byKind.get(kind);
  if (!program) {
    const dropped = droppedTop(input, organization);
    const top = topShape(input.shape);
    const topKeys = new Set(typeof top === 'object' && 'props' in top ? Object.keys(top.props) : []);
    const planned: CompileOptions<Body> = { defs: defs as ShapeDefs, plan: planner(input.event, input.action, organization, dropped, topKeys), maxDepth: 10 };
    program = { make: compileShape(input.shape, planned), dropped, draws: new Map(), planned };
    byKind.set(kind, program);
  }
  return program;
}

const always = <C>(make: Producer<C>): FillPlan<C> => ({ always: make });

/** The account at a key: the sender acts, the owner owns, anyone else is one person per key. */
function personFor(name: string): (body: Body) => Account {
  if (ACTORS.has(name)) return (body) => body.scene.sender;
  if (OWNERS.has(name)) return (body) => body.scene.owner;
  return (body) => {
    let person = body.people.get(name);
    if (!person) body.people.set(name, (person = body.scene.person()));
    return person;
  };
}

function fit(body: Body, template: JsonValue, node: Node): JsonValue {
  // The scene's objects are built in these forms already (the hand-written builders' tests check them against the schema).
  if ((node === REPOSITORY && template === body.scene.repository) || (node === USER && isUser(template))) return template;
  let forms = body.fitted.get(template);
  if (!forms) body.fitted.set(template, (forms = new Map()));
  let value = forms.get(node);
  if (value === undefined) forms.set(node, (value = conform(template, node, defs, body.draw)));
  return value;
}

/**
 * The scene's part of an event's walk, decided per place: what must agree across the body (the
 * repository, the people, ids and the URLs and node ids built from them, the number, times) and what
 * the action implies (null until done, the state).
 */
function planner(
  event: string,
  action: string | undefined,
  organization: boolean,
  dropped: readonly string[],
  topKeys: ReadonlySet<string>,
): NonNullable<CompileOptions<Body>['plan']> {
  const createdAt = (body: Body) => body.scene.ago(body.scene.int(HOUR, 30 * DAY));
  const now = (body: Body) => body.time;
  const fitTo = (node: Node, template: (body: Body) => JsonValue) => always((body: Body) => fit(body, template(body), node));
  const pairs = siblingPairs(defs as ShapeDefs, action);

  const planString = (path: ShapePath, key: string): FillPlan<Body> | undefined => {
    if (key === 'action') return path.length === 1 && action !== undefined ? always(() => action) : undefined;
    if (key === 'node_id') {
      const parent = parentName(path, path.length - 2);
      const prefix = NODE_PREFIX[parent ?? ''] ?? 'MDE';
      const place = placeOf(path, path.length - 1);
      return always((body) => nodeId(prefix, [body.scene.repo.id, parent ? idOf(body, place) : body.scene.repo.id]));
    }
    if (key === 'commit_id' && parentName(path, path.length - 2) === 'comment') {
      const place = placeOf(path, path.length - 1);
      return always((body) => shaOf(body, place));
    }
    if (SHA_KEYS.has(key)) return always(({ scene }) => scene.sha());
    if (key === 'ref') {
      // A pull request's `head.ref` and `base.ref` are branch names; a push's, a fully qualified ref.
      const branchOnly = ['head', 'base'].includes(parentName(path, path.length - 2) ?? '');
      return always(({ scene }) => (branchOnly ? scene.repo.defaultBranch : `refs/heads/${scene.repo.defaultBranch}`));
    }
    if (key === 'full_name') return always(({ scene }) => scene.repo.fullName);
    if (key === 'login') {
      const person = personFor(parentName(path, path.length - 2) ?? key);
      return always((body) => person(body).login);
    }
    if (key === 'color') return always(({ faker }) => hex(faker, 6));
    if (key === 'environment') return always(({ scene }) => scene.pick(ENVIRONMENTS));
    if (key === 'workflow') return always(({ scene }) => `.github/workflows/${scene.pick(WORKFLOWS)}.yml`);
    if (key === 'privacy_level') return always(({ scene }) => scene.pick(['public', 'private']));
    return always(({ faker }) => drawText('sentence', faker));
  };

  return (path, node) => {
    const last = path.length - 1;
    const key = path[last];
    // What `trimTop` drops is not drawn.
    if (last === 0 && dropped.includes(key as string)) return always(() => null);
    const packaged = planPackage(event, path, node);
    if (packaged) return packaged;
    const paired = pairs(path, node);
    if (paired) return paired;
    if (typeof node === 'string') {
      if (typeof key !== 'string') return undefined;
      if (node === 'string') {
        const owned = ownedUrlMaker(path, event, true);
        if (owned) return always(owned);
        // Times and URLs the schema leaves as plain strings are still times and URLs.
        if (key.endsWith('_at')) return always(key === 'created_at' ? createdAt : now);
        // `url` too: some forms leave even the object's own URL a plain string.
        if (key.endsWith('_url') || key === 'url') return always(urlMaker(key, parentName(path, last - 1), event, placeOf(path, last)));
        if (key === 'ghsa_id') {
          const place = placeOf(path, last);
          return always((body) => ghsaOf(body, place));
        }
        // A known form first: a description can be a category's or an issue type's.
        const known = knownString(event, path, action);
        if (known) return always(known);
        return STRING_KEYS.has(key) ? planString(path, key) : undefined;
      }
      if (node === 'boolean') {
        const locked = action === 'locked';
        return key === 'locked' && path.length === 2 ? always(() => locked) : undefined;
      }
      if (node !== 'integer' && node !== 'number') return undefined;
      if (key === 'number') {
        if (path.length === 1 || path[last - 1] === 'pull_request' || path[last - 1] === 'issue') return always((body) => body.number);
        const place = placeOf(path, last);
        return NUMBERED.has(parentName(path, last - 1) ?? '') ? always((body) => numberOf(body, place)) : undefined;
      }
      if (key === 'id') {
        const place = placeOf(path, last);
        return last > 0 ? always((body) => idOf(body, place)) : undefined;
      }
      // A project card's column: the one its `column_url` names.
      if (key === 'column_id' && parentName(path, last - 1) === 'project_card') return always((body) => idOf(body, topPlace('project_column')));
      // `sub_issue_id` beside `sub_issue`: that object's id. Ids are integers even where the schema says number.
      if (key.endsWith('_id') && path.length === 1 && topKeys.has(key.slice(0, -3))) {
        const place = topPlace(key.slice(0, -3));
        return always((body) => idOf(body, place));
      }
      if (node === 'number' && key.endsWith('_id')) return always(({ scene }) => scene.int(1_000_000, 2_900_000_000));
      if (BOUNDED.test(key)) return always(({ scene }) => scene.int(1, 10));
      if (key.endsWith('_at')) return always(({ scene }) => Math.floor(scene.now / 1000));
      // Counts (comments, reactions, additions, open issues): small; ids are drawn large.
      return node === 'integer' && !key.endsWith('id') && !key.endsWith('_number') ? always(({ scene }) => scene.int(0, 40)) : undefined;
    }
    if ('nullable' in node) {
      if (typeof key === 'string' && USUALLY_NULL.has(key) && !(key === 'milestone' && action?.includes('milestone'))) return always(() => null);
      // What the action has not done yet is null: `closed_at` on a reopened issue, `merged_by` on an open pull.
      const done = typeof key === 'string' ? DONE_BY[key] : undefined;
      return done && path.length === 2 && !done.includes(action ?? '') ? always(() => null) : undefined;
    }
    if ('enum' in node) {
      if (key === 'state_reason' && path.length === 2) {
        // Agrees with the action: a closed thing was completed (resolved), a reopened one reopened, an open one has none.
        const reason = action === 'closed' ? node.enum.find((value) => value === 'completed' || value === 'resolved') : action === 'reopened' || !node.enum.includes(null) ? 'reopened' : null;
        return reason !== undefined && node.enum.includes(reason) ? always(() => reason) : undefined;
      }
      if (key !== 'state' || path.length !== 2) return undefined;
      const done = action ?? '';
      const state = node.enum.includes(done) ? done : done === 'closed' ? 'closed' : 'open';
      return node.enum.includes(state) ? always(() => state) : undefined;
    }
    if ('format' in node) {
      if (typeof key !== 'string') return undefined;
      if (node.format === 'uri') return always(ownedUrlMaker(path, event, false) ?? urlMaker(key, parentName(path, last - 1), event, placeOf(path, last)));
      if (node.format === 'date-time') return always(key === 'created_at' ? createdAt : now);
      return undefined;
    }
    if (!('props' in node)) return undefined;
    // Array items take their array's name: `assignees[0]` is an assignee.
    const name = typeof key === 'string' ? key : ((path[last - 1] as string | undefined) ?? '');
    const props = node.props;
    if (path.length === 1) {
      if (name === 'repository') return fitTo(node, ({ scene }) => scene.repository);
      if (name === 'sender') return fitTo(node, ({ scene }) => scene.sender.user);
      if (name === 'organization' && organization) return fitTo(node, ({ scene }) => scene.organization!);
      if (name === 'installation') return fitTo(node, ({ scene }) => installation(scene, scene.int(HOUR, 400 * DAY)).object);
    }
    if ('full_name' in props && 'owner' in props) return fitTo(node, ({ scene }) => scene.repository);
    // An App (`check_run.app`, a deployment's creator app): GitHub Actions, which creates most of them.
    if ('external_url' in props && 'permissions' in props && 'events' in props && 'owner' in props) return fitTo(node, ({ scene }) => actionsApp(scene));
    if (isLabelShape(name, props)) {
      const place = placeOf(path, path.length);
      return fitTo(node, (body) => labelAt(body, place));
    }
    if (isTeamShape(props)) {
      const place = placeOf(path, path.length);
      return fitTo(node, (body) => teamAt(body, place));
    }
    if ('login' in props && 'id' in props) {
      if (OWNERS.has(name) && organization && 'description' in props) return fitTo(node, ({ scene }) => scene.organization!);
      const person = personFor(name);
      return fitTo(node, (body) => person(body).user);
    }
    return undefined;
  };
}

/** The object shape a body is drawn from: an event's shape, or its first branch (the walker's choice). */
export function topShape(shape: Shape): Node {
  const node = resolve(shape, defs);
  return typeof node === 'object' && 'anyOf' in node ? resolve(node.anyOf[0]!, defs) : node;
}

/** Whether the event's schema requires the top-level `key`. */
export function requiresTop(shape: Shape, key: string): boolean {
  const node = topShape(shape);
  return typeof node === 'object' && 'props' in node && key in node.props && !node.optional?.includes(key);
}

/**
 * The optional top-level objects a repository hook does not get: `enterprise`, `installation` (an App
 * delivery adds it), `organization` of a user's repository, and `repository` and `organization` of
 * events no repository or organization hook receives (Marketplace purchases, sponsorships).
 */
function droppedTop(input: ShapedInput, organization: boolean): readonly string[] {
  const node = topShape(input.shape);
  const optional = typeof node === 'object' && 'props' in node ? node.optional ?? [] : [];
  // An App receives the events of the repositories and organizations it is installed on.
  const reaches = (kind: string) => input.hooks.includes(kind) || input.hooks.includes('app');
  const kept = (key: string) => (key === 'repository' && reaches('repository')) || (key === 'organization' && organization && reaches('organization'));
  return ['enterprise', 'installation', 'organization', 'repository'].filter((key) => optional.includes(key) && !kept(key));
}

/** `body` without the `dropped` top-level objects, GitHub's trailing keys last. */
function trimTop(body: JsonObject, dropped: readonly string[]): JsonObject {
  const keys: string[] = [];
  for (const key in body) if (!TRAILING.includes(key)) keys.push(key);
  for (const key of TRAILING) if (key in body && !dropped.includes(key)) keys.push(key);
  return objectOf(keys)(keys.map((key) => body[key]!));
}
