/**
 * GitHub deliveries of the hand-written builders against GitHub's official webhooks OpenAPI
 * (`@octokit/openapi-webhooks@12`; the whole catalog is checked in github-catalog.test.ts): every body validates against its `webhook-<event>-<action>` component schema, and every
 * delivery carries the headers the spec marks required. Then realism: cross-references inside a
 * body, times derived from the delivery time, the `data` merge and determinism by seed.
 */
import { createRequire } from 'node:module';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { appOnlyEventTypes, handBuiltEventTypes } from '../../src/providers/github/catalog.js';
import { header, objects } from '../support/json.js';

type Json = Record<string, any>;

const require = createRequire(import.meta.url);
const spec = require('@octokit/openapi-webhooks/generated/api.github.com.json') as {
  components: { schemas: Record<string, unknown> };
  webhooks: Record<string, { post: { parameters?: { name: string; in: string; required?: boolean }[] } }>;
};

const secret = 'gh-webhook-secret';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);
/** Seeds per type: enough to reach both org- and user-owned repositories, merged and unmerged pulls, … */
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const ACTIONLESS = new Set(['push', 'ping', 'create', 'delete', 'fork', 'status']);

/** `pull_request.opened` → `pull-request-opened`, the spec's name for webhooks and (with `webhook-`) schemas. */
function specName(type: string): string {
  return type.replace(/[._]/g, '-');
}

function split(type: string): { event: string; action: string | undefined } {
  const dot = type.indexOf('.');
  return dot === -1 ? { event: type, action: undefined } : { event: type.slice(0, dot), action: type.slice(dot + 1) };
}

async function build(type: string, options: { seed?: number; timestamp?: number; data?: Json } = {}): Promise<{ delivery: Delivery; body: Json }> {
  const delivery = await buildDelivery('github', type, { secret, seed: options.seed ?? 1, timestamp: options.timestamp ?? at, data: options.data });
  return { delivery, body: JSON.parse(delivery.body) as Json };
}

let ajv: InstanceType<typeof Ajv2020>;
const validators = new Map<string, ValidateFunction>();

function validator(type: string): ValidateFunction {
  let validate = validators.get(type);
  if (!validate) {
    validate = ajv.compile({ $ref: `gh#/components/schemas/webhook-${specName(type)}` });
    validators.set(type, validate);
  }
  return validate;
}

beforeAll(() => {
  ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ $id: 'gh', components: spec.components });
});

describe('the GitHub catalog', () => {
  it('builds 41 types by hand, each with an official component schema and webhook entry', () => {
    expect(handBuiltEventTypes.length).toBe(41);
    const missing = handBuiltEventTypes.filter((t) => !spec.components.schemas[`webhook-${specName(t)}`] || !spec.webhooks[specName(t)]);
    expect(missing).toEqual([]);
  });
});

describe('GitHub bodies validate against the official webhooks schema', () => {
  it.each([...handBuiltEventTypes])('%s matches webhook-<event>-<action> for every seed', async (type) => {
    const validate = validator(type);
    for (const seed of SEEDS) {
      const { body } = await build(type, { seed });
      const valid = validate(body);
      expect(valid, `${type} (seed ${seed}):\n${ajv.errorsText(validate.errors, { separator: '\n' })}`).toBe(true);
    }
  });

  it('rejects a pull_request.opened body without repository.full_name (negative control)', async () => {
    const validate = validator('pull_request.opened');
    const { body } = await build('pull_request.opened');
    expect(validate(body)).toBe(true);
    delete body.repository.full_name;
    expect(validate(body)).toBe(false);
    expect(validate.errors?.some((e) => e.instancePath === '/repository' && e.params.missingProperty === 'full_name')).toBe(true);
  });

  it('rejects a push body whose head_commit lacks its id (negative control)', async () => {
    const validate = validator('push');
    const { body } = await build('push');
    delete body.head_commit.id;
    expect(validate(body)).toBe(false);
  });
});

describe('GitHub delivery headers', () => {
  it.each([...handBuiltEventTypes])('%s carries every header the spec requires, in canonical casing', async (type) => {
    const { event, action } = split(type);
    const required = (spec.webhooks[specName(type)]!.post.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
    expect(required).toEqual(expect.arrayContaining(['X-GitHub-Delivery', 'X-Hub-Signature-256', 'User-Agent']));
    const { delivery, body } = await build(type);
    const absent = required.filter((name) => !header(delivery.headers, name));
    expect(absent).toEqual([]);

    expect(delivery.headers['X-GitHub-Event']).toBe(event);
    expect(body.action).toBe(action);
    if (ACTIONLESS.has(type)) expect('action' in body).toBe(false);
    expect(delivery.headers['Content-Type']).toBe('application/json');
    expect(delivery.headers['User-Agent']).toMatch(/^GitHub-Hookshot\/[0-9a-f]{7}$/);
    expect(delivery.headers['X-GitHub-Delivery']).toBe(delivery.deliveryId);
    expect(delivery.headers['X-GitHub-Hook-ID']).toMatch(/^[1-9][0-9]{8}$/);
    expect(delivery.headers['X-Hub-Signature-256']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(delivery.headers['X-Hub-Signature']).toMatch(/^sha1=[0-9a-f]{40}$/);
  });

  it.each([...handBuiltEventTypes])('%s names the hook target the body describes', async (type) => {
    const { delivery, body } = await build(type);
    if (!appOnlyEventTypes.has(type)) {
      expect(delivery.headers['X-GitHub-Hook-Installation-Target-Type']).toBe('repository');
      expect(delivery.headers['X-GitHub-Hook-Installation-Target-ID']).toBe(String(body.repository.id));
      expect(body.installation).toBeUndefined();
    } else {
      // Events GitHub sends only to Apps go to the App's own webhook.
      expect(delivery.headers['X-GitHub-Hook-Installation-Target-Type']).toBe('integration');
      expect(body.installation.id).toEqual(expect.any(Number));
      if (type.startsWith('installation')) expect(delivery.headers['X-GitHub-Hook-Installation-Target-ID']).toBe(String(body.installation.app_id));
      else expect(Object.keys(body.installation)).toEqual(['id', 'node_id']);
    }
  });

  it('sends X-GitHub-Delivery as a version-1 UUID whose time is the delivery time', async () => {
    for (const timestamp of [at, Date.UTC(2019, 4, 15, 15, 20, 49, 123)]) {
      const { delivery } = await build('push', { timestamp });
      const id = delivery.headers['X-GitHub-Delivery']!;
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-1[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const [low, mid, high] = id.split('-') as [string, string, string];
      const ticks = (BigInt(`0x${high.slice(1)}`) << 48n) | (BigInt(`0x${mid}`) << 32n) | BigInt(`0x${low}`);
      expect(Number((ticks - 0x01b21dd213814000n) / 10_000n)).toBe(timestamp);
    }
  });

  it('sends the hook id of ping in X-GitHub-Hook-ID', async () => {
    for (const seed of SEEDS) {
      const { delivery, body } = await build('ping', { seed });
      expect(body.hook_id).toBe(body.hook.id);
      expect(delivery.headers['X-GitHub-Hook-ID']).toBe(String(body.hook_id));
      expect(body.hook.url).toBe(`${body.repository.url}/hooks/${body.hook_id}`);
    }
  });
});

describe('GitHub bodies are realistic and self-consistent', () => {
  it.each([...handBuiltEventTypes])('%s: users, repositories and organizations have ids, node ids and URLs that agree', async (type) => {
    for (const seed of SEEDS.slice(0, 4)) {
      const { body } = await build(type, { seed });
      for (const [path, o] of objects(body)) {
        if (typeof o.login === 'string' && typeof o.received_events_url === 'string') {
          expect(o.url, path).toBe(`https://api.github.com/users/${o.login}`);
          expect(o.html_url, path).toBe(`https://github.com/${o.login}`);
          expect(o.avatar_url, path).toBe(`https://avatars.githubusercontent.com/u/${o.id}?v=4`);
          expect(decodeNodeId(o.node_id, o.type === 'Organization' ? ['Organization', 'O'] : ['User', 'U']), path).toEqual([o.id]);
        }
        if (typeof o.full_name === 'string' && typeof o.owner === 'object' && o.owner !== null && typeof o.clone_url === 'string') {
          expect(o.full_name, path).toBe(`${o.owner.login}/${o.name}`);
          expect(o.url, path).toBe(`https://api.github.com/repos/${o.full_name}`);
          expect(o.html_url, path).toBe(`https://github.com/${o.full_name}`);
          expect(o.clone_url, path).toBe(`https://github.com/${o.full_name}.git`);
          expect(o.pulls_url, path).toBe(`https://api.github.com/repos/${o.full_name}/pulls{/number}`);
          expect(decodeNodeId(o.node_id, ['Repository', 'R']), path).toEqual([o.id]);
        }
      }
      if (body.organization) {
        expect(body.organization.login).toBe(body.repository.owner.login);
        expect(body.organization.id).toBe(body.repository.owner.id);
        expect(body.organization.url).toBe(`https://api.github.com/orgs/${body.organization.login}`);
      }
    }
  });

  it.each([...handBuiltEventTypes])('%s: commit SHAs are 40 lowercase hex digits', async (type) => {
    const { body } = await build(type);
    const shaKeys = new Set(['sha', 'head_sha', 'before', 'after', 'tree_id', 'commit_id', 'original_commit_id', 'merge_commit_sha']);
    for (const [path, o] of objects(body)) {
      for (const [key, value] of Object.entries(o)) {
        if (shaKeys.has(key) && value !== null) expect(value, `${path}.${key}`).toMatch(/^[0-9a-f]{40}$/);
      }
    }
  });

  it.each([...handBuiltEventTypes])('%s: every time is at or before the delivery, without milliseconds', async (type) => {
    for (const timestamp of [at, Date.UTC(2017, 2, 3, 4, 5, 6, 789)]) {
      const { body } = await build(type, { timestamp });
      let count = 0;
      for (const [path, o] of objects(body)) {
        for (const [key, value] of Object.entries(o)) {
          const isTime = typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value);
          const isUnix = typeof value === 'number' && /_at$/.test(key);
          if (!isTime && !isUnix) continue;
          count++;
          if (isTime) expect(value, `${path}.${key}`).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(Z|[+-]\d\d:\d\d)$/);
          const ms = isTime ? Date.parse(value as string) : (value as number) * 1000;
          expect(ms, `${path}.${key} = ${String(value)}`).toBeLessThanOrEqual(timestamp);
          expect(ms, `${path}.${key} = ${String(value)}`).toBeGreaterThan(timestamp - 10 * 365 * 86_400_000);
        }
      }
      expect(count).toBeGreaterThan(0);
    }
  });

  it('push: after is the head commit, the last of the commits, and compare spans before...after', async () => {
    for (const seed of SEEDS) {
      const { body } = await build('push', { seed });
      const last = body.commits[body.commits.length - 1];
      expect(body.after).toBe(body.head_commit.id);
      expect(last).toEqual(body.head_commit);
      expect(body.before).not.toBe(body.after);
      expect(body.compare).toBe(`${body.repository.html_url}/compare/${body.before.slice(0, 12)}...${body.after.slice(0, 12)}`);
      expect(body.ref).toMatch(/^refs\/heads\/\S+$/);
      expect(body.pusher.name).toBe(body.sender.login);
      expect(body.repository.pushed_at).toBeLessThanOrEqual(at / 1000);
      for (const commit of body.commits) {
        expect(commit.url).toBe(`${body.repository.html_url}/commit/${commit.id}`);
        expect(commit.author.username).toBe(body.sender.login);
        expect(Date.parse(commit.timestamp)).toBeLessThanOrEqual(body.repository.pushed_at * 1000);
      }
      // push keeps the legacy repository form: Unix times and the owner's login as `name`.
      expect(Number.isInteger(body.repository.created_at)).toBe(true);
      expect(body.repository.owner.name).toBe(body.repository.owner.login);
      expect(body.repository.master_branch).toBe(body.repository.default_branch);
    }
  });

  it.each(handBuiltEventTypes.filter((t) => t.startsWith('pull_request')))(
    '%s: the pull request points at the delivered repository and its head commit',
    async (type) => {
      for (const seed of SEEDS) {
        const { body } = await build(type, { seed });
        const pull = body.pull_request;
        const { repository } = body;
        expect(pull.base.repo).toEqual(pull.head.repo);
        for (const [key, value] of Object.entries(repository)) {
          if (key !== 'custom_properties') expect(pull.base.repo[key], `base.repo.${key}`).toEqual(value);
        }
        expect(pull.base.ref).toBe(repository.default_branch);
        expect(pull.head.label).toBe(`${repository.owner.login}:${pull.head.ref}`);
        expect(pull.head.sha).not.toBe(pull.base.sha);
        expect(pull.url).toBe(`${repository.url}/pulls/${pull.number}`);
        expect(pull.html_url).toBe(`${repository.html_url}/pull/${pull.number}`);
        expect(pull.statuses_url).toBe(`${repository.url}/statuses/${pull.head.sha}`);
        expect(pull._links.statuses.href).toBe(pull.statuses_url);
        expect(decodeNodeId(pull.node_id, ['PullRequest', 'PR'])).toEqual([repository.id, pull.id]);
        if ('number' in body) expect(body.number).toBe(pull.number);
        if (body.review) {
          expect(body.review.commit_id).toBe(pull.head.sha);
          expect(body.review.pull_request_url).toBe(pull.url);
          expect(body.review.user).toEqual(body.sender);
        }
        if (body.comment) {
          expect(body.comment.commit_id).toBe(pull.head.sha);
          expect(body.comment.pull_request_url).toBe(pull.url);
        }
      }
    },
  );

  it('pull_request.synchronize: after is the new head and before differs', async () => {
    const { body } = await build('pull_request.synchronize');
    expect(body.after).toBe(body.pull_request.head.sha);
    expect(body.before).not.toBe(body.after);
  });

  it('pull_request.closed: closed_at is set, and a merged pull has merged_at and merged_by', async () => {
    const seen = new Set<boolean>();
    for (const seed of SEEDS) {
      const { body } = await build('pull_request.closed', { seed });
      const pull = body.pull_request;
      expect(pull.state).toBe('closed');
      expect(pull.closed_at).not.toBeNull();
      seen.add(pull.merged);
      if (pull.merged) {
        expect(pull.merged_at).toBe(pull.closed_at);
        expect(pull.merged_by).toEqual(body.sender);
      } else {
        expect(pull.merged_at).toBeNull();
        expect(pull.merged_by).toBeNull();
      }
    }
    expect(seen).toEqual(new Set([true, false]));
  });

  it('pull_request.opened, labeled and review_requested carry the pull, label and reviewer consistently', async () => {
    const opened = (await build('pull_request.opened')).body;
    expect(opened.pull_request.user).toEqual(opened.sender);
    expect(opened.pull_request.state).toBe('open');
    expect(opened.pull_request.created_at).toBe(opened.pull_request.updated_at);

    const labeled = (await build('pull_request.labeled')).body;
    expect(labeled.pull_request.labels).toContainEqual(labeled.label);
    expect(labeled.label.url).toBe(`${labeled.repository.url}/labels/${encodeURIComponent(labeled.label.name)}`);

    const requested = (await build('pull_request.review_requested')).body;
    expect(requested.pull_request.requested_reviewers).toContainEqual(requested.requested_reviewer);
  });

  it('issues and issue_comment: the issue belongs to the repository, and labels, assignees and comments refer to it', async () => {
    for (const type of handBuiltEventTypes.filter((t) => t.startsWith('issue'))) {
      const { body } = await build(type);
      const { issue, repository } = body;
      expect(issue.repository_url).toBe(repository.url);
      expect(issue.url).toBe(`${repository.url}/issues/${issue.number}`);
      expect(issue.html_url).toBe(`${repository.html_url}/issues/${issue.number}`);
      expect(decodeNodeId(issue.node_id, ['Issue', 'I'])).toEqual([repository.id, issue.id]);
      if (body.label) expect(issue.labels).toContainEqual(body.label);
      if (body.assignee) expect(issue.assignees).toContainEqual(body.assignee);
      if (body.comment) {
        expect(body.comment.issue_url).toBe(issue.url);
        expect(body.comment.html_url).toBe(`${issue.html_url}#issuecomment-${body.comment.id}`);
        expect(body.comment.user).toEqual(body.sender);
      }
      if (type === 'issues.closed') expect([issue.state, issue.state_reason]).toEqual(['closed', 'completed']);
    }
  });

  it('workflow_run, workflow_job, check_run and check_suite describe one run on one commit', async () => {
    for (const seed of SEEDS.slice(0, 4)) {
      const run = (await build('workflow_run.completed', { seed })).body;
      expect(run.workflow_run.workflow_id).toBe(run.workflow.id);
      expect(run.workflow_run.path).toBe(run.workflow.path);
      expect(run.workflow_run.head_sha).toBe(run.workflow_run.head_commit.id);
      expect(run.workflow_run.repository.id).toBe(run.repository.id);
      expect(run.workflow_run.url).toBe(`${run.repository.url}/actions/runs/${run.workflow_run.id}`);
      expect(run.workflow_run.check_suite_url).toBe(`${run.repository.url}/check-suites/${run.workflow_run.check_suite_id}`);
      expect(run.workflow_run.status).toBe('completed');
      expect(run.workflow_run.conclusion).toMatch(/^(success|failure)$/);

      const job = (await build('workflow_job.completed', { seed })).body.workflow_job;
      expect(job.run_url).toBe(job.url.replace(/\/jobs\/\d+$/, `/runs/${job.run_id}`));
      expect(job.check_run_url).toMatch(new RegExp(`/check-runs/${job.id}$`));
      expect(job.steps.every((s: Json) => s.status === 'completed')).toBe(true);

      const queued = (await build('workflow_job.queued', { seed })).body.workflow_job;
      expect([queued.steps, queued.runner_name, queued.conclusion]).toEqual([[], null, null]);

      const check = (await build('check_run.completed', { seed })).body.check_run;
      expect(check.head_sha).toBe(check.check_suite.head_sha);
      expect(check.check_suite.after).toBe(check.head_sha);
      expect(check.completed_at).not.toBeNull();

      const suite = (await build('check_suite.completed', { seed })).body.check_suite;
      expect(suite.head_sha).toBe(suite.head_commit.id);
      expect(suite.after).toBe(suite.head_sha);
    }
  });

  it('status: the status, its commit and the branch head share one SHA', async () => {
    const { body } = await build('status');
    expect(body.commit.sha).toBe(body.sha);
    expect(body.branches[0].commit.sha).toBe(body.sha);
    expect(body.name).toBe(body.repository.full_name);
    expect(body.commit.html_url).toBe(`${body.repository.html_url}/commit/${body.sha}`);
  });

  it('fork and star: the sender is not the owner, and the forkee is the sender\'s public fork', async () => {
    for (const seed of SEEDS) {
      const fork = (await build('fork', { seed })).body;
      expect(fork.sender.login).not.toBe(fork.repository.owner.login);
      expect(fork.forkee.owner).toEqual(fork.sender);
      expect(fork.forkee.full_name).toBe(`${fork.sender.login}/${fork.repository.name}`);
      expect([fork.forkee.fork, fork.forkee.public, fork.repository.private]).toEqual([true, true, false]);
      const star = (await build('star.created', { seed })).body;
      expect(star.sender.login).not.toBe(star.repository.owner.login);
    }
  });

  it('release: URLs name the release and its tag in the repository', async () => {
    const { body } = await build('release.published');
    const { release, repository } = body;
    expect(release.html_url).toBe(`${repository.html_url}/releases/tag/${release.tag_name}`);
    expect(release.url).toBe(`${repository.url}/releases/${release.id}`);
    expect(release.author).toEqual(body.sender);
    expect(release.target_commitish).toBe(repository.default_branch);
  });

  it('installation events name the repository owner as the account', async () => {
    for (const type of handBuiltEventTypes.filter((t) => t.startsWith('installation'))) {
      const { body } = await build(type);
      expect(body.installation.target_id).toBe(body.installation.account.id);
      expect(body.installation.target_type).toBe(body.installation.account.type);
      const repos = body.repositories ?? [...body.repositories_added, ...body.repositories_removed];
      expect(repos).toHaveLength(1);
      expect(repos[0].full_name.startsWith(`${body.installation.account.login}/`)).toBe(true);
    }
  });
});

describe('GitHub bodies: serialization, data merge and determinism', () => {
  it('serializes the body once, as compact JSON', async () => {
    const { delivery, body } = await build('pull_request.opened');
    expect(delivery.body).toBe(JSON.stringify(body));
    expect(delivery.body).not.toMatch(/\n/);
  });

  it('deep-merges data into the whole body: objects merge, arrays and scalars replace, null sets null', async () => {
    const base = (await build('pull_request.opened', { seed: 11 })).body;
    const { delivery, body } = await build('pull_request.opened', {
      seed: 11,
      data: { pull_request: { title: 'Add webhooks', labels: [], body: null }, number: 9, custom: { flag: true } },
    });
    expect(body.pull_request.title).toBe('Add webhooks');
    expect(body.pull_request.labels).toEqual([]);
    expect(body.pull_request.body).toBeNull();
    expect(body.number).toBe(9);
    expect(body.custom).toEqual({ flag: true });
    // Everything not named in data is untouched.
    expect(body.pull_request.head).toEqual(base.pull_request.head);
    expect(body.repository).toEqual(base.repository);
    expect(body.sender).toEqual(base.sender);
    expect(Object.keys(body).slice(0, Object.keys(base).length)).toEqual(Object.keys(base));
    expect(delivery.body).toBe(JSON.stringify(body));
  });

  it('names an overridden repository id as the hook target', async () => {
    const { delivery, body } = await build('push', { data: { repository: { id: 4242 } } });
    expect(body.repository.id).toBe(4242);
    expect(delivery.headers['X-GitHub-Hook-Installation-Target-ID']).toBe('4242');
  });


  it('derives times from the delivery time: a later timestamp shifts them by the same amount', async () => {
    const later = at + 86_400_000 * 30;
    const a = (await build('issues.opened', { seed: 3 })).body;
    const b = (await build('issues.opened', { seed: 3, timestamp: later })).body;
    expect(Date.parse(b.issue.created_at) - Date.parse(a.issue.created_at)).toBe(later - at);
    expect(Date.parse(b.repository.created_at) - Date.parse(a.repository.created_at)).toBe(later - at);
  });
});

/**
 * The database ids a node id encodes, checked against both formats GitHub uses: legacy
 * base64(`0<len>:<Type><id>`) and current `<prefix>_` + base64url(MessagePack `[0, …ids]`).
 */
function decodeNodeId(value: unknown, [type, prefix]: [string, string]): number[] | string {
  if (typeof value !== 'string') return `not a string: ${String(value)}`;
  if (value.startsWith(`${prefix}_`)) {
    const bytes = [...Buffer.from(value.slice(prefix.length + 1), 'base64url')];
    if ((bytes[0]! & 0xf0) !== 0x90 || bytes[1] !== 0) return `bad header: ${value}`;
    const count = (bytes[0]! & 0x0f) - 1;
    const ids: number[] = [];
    let i = 2;
    for (let n = 0; n < count; n++) {
      const tag = bytes[i++]!;
      const size = tag === 0xce ? 4 : tag === 0xcd ? 2 : tag === 0xcc ? 1 : tag === 0xcf ? 8 : 0;
      let id = size === 0 ? tag : 0;
      for (let k = 0; k < size; k++) id = id * 256 + bytes[i++]!;
      ids.push(id);
    }
    return i === bytes.length ? ids : `trailing bytes: ${value}`;
  }
  const text = Buffer.from(value, 'base64').toString('utf8');
  const match = new RegExp(`^0${type.length}:${type}(\\d+)$`).exec(text);
  return match ? [Number(match[1])] : `not a ${type} node id: ${value} (${text})`;
}
