/**
 * One body builder per GitHub event. Keys follow GitHub's order: the event's own fields, then
 * `repository`, `organization` (org-owned repositories only) and `sender`.
 */
import type { JsonObject } from '../../core/index.js';
import { drawText } from '../shared/text.js';
import { checkRun, checkSuite, ciBuild, commitStatus, job, workflow, workflowJob, workflowRun } from './ci.js';
import { issue, issueComment } from './issues.js';
import { commits, pushCommit, pushRepository } from './objects.js';
import { labels, pullRequest, review, reviewComment } from './pulls.js';
import { forkee, hook, installation, installationRepository, release, zen } from './resources.js';
import { DAY, HOUR, type Scene, type SceneOptions } from './scene.js';

/** The resource a delivery's hook belongs to (`X-GitHub-Hook-Installation-Target-*`). */
export interface HookTarget {
  readonly type: 'repository' | 'organization' | 'business' | 'sponsors_listing' | 'marketplace' | 'integration';
  readonly id: number;
}

export interface EventInput {
  /** The body's `action`; empty for events without one (`push`, `ping`, …). */
  readonly action: string;
  /** The hook's id, sent as `X-GitHub-Hook-ID` (and as `hook_id` in `ping`). */
  readonly hookId: number;
}

export interface EventBody {
  readonly body: JsonObject;
  readonly target: HookTarget;
}

export interface EventSpec {
  /** Constraints on the scene, for all of the event's actions or per action. */
  readonly scene?: SceneOptions | ((action: string) => SceneOptions);
  build(scene: Scene, input: EventInput): EventBody;
}

/** `head` followed by `repository`, `organization` and `sender`, delivered to a repository hook. */
function onRepository(scene: Scene, head: JsonObject): EventBody {
  const body: JsonObject = { ...head, repository: scene.repository };
  if (scene.organization) body.organization = scene.organization;
  body.sender = scene.sender.user;
  return { body, target: { type: 'repository', id: scene.repo.id } };
}

function branchName(scene: Scene): string {
  return `${scene.pick(['feat', 'fix', 'chore', 'release'])}/${scene.faker.git.branch()}`;
}

function tagName(scene: Scene): string {
  return `v${scene.int(0, 4)}.${scene.int(0, 30)}.${scene.int(0, 12)}`;
}

/** The `ref` and `ref_type` of a `create` or `delete` event: a tag with probability `tagChance`, else a branch. */
function gitRef(scene: Scene, tagChance: number): JsonObject {
  const tag = scene.chance(tagChance);
  return { ref: tag ? tagName(scene) : branchName(scene), ref_type: tag ? 'tag' : 'branch' };
}

const push: EventSpec = {
  scene: { pushed: true },
  build(scene) {
    const { repo, sender } = scene;
    const branch = scene.chance(0.6) ? repo.defaultBranch : branchName(scene);
    const list = commits(scene, sender, scene.int(1, 3), repo.pushedAgo + scene.int(2, 120)).map((c) => pushCommit(scene, c));
    const head = list[list.length - 1]!;
    const before = scene.sha();
    const after = head.id as string;
    const body: JsonObject = {
      ref: `refs/heads/${branch}`,
      before,
      after,
      repository: pushRepository(scene),
      pusher: { name: sender.login, email: sender.email },
    };
    if (scene.organization) body.organization = scene.organization;
    Object.assign(body, {
      sender: sender.user,
      created: false,
      deleted: false,
      forced: false,
      base_ref: null,
      compare: `${repo.html}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
      commits: list,
      head_commit: head,
    });
    return { body, target: { type: 'repository', id: repo.id } };
  },
};

const pullRequestEvent: EventSpec = {
  scene: (action) => ({ pushed: action === 'synchronize' }),
  build(scene, { action }) {
    switch (action) {
      case 'opened': {
        const pull = pullRequest(scene, { createdAgo: scene.int(1, 3), draft: scene.chance(0.2) });
        return onRepository(scene, { action, number: pull.number, pull_request: pull.object });
      }
      case 'synchronize': {
        const pull = pullRequest(scene);
        return onRepository(scene, { action, number: pull.number, before: pull.previousSha, after: pull.headSha, pull_request: pull.object });
      }
      case 'edited': {
        const pull = pullRequest(scene);
        const changes: JsonObject = scene.chance(0.5)
          ? { title: { from: `WIP ${pull.object.title as string}` } }
          : { body: { from: drawText('sentence', scene.faker) } };
        return onRepository(scene, { action, number: pull.number, changes, pull_request: pull.object });
      }
      case 'labeled': {
        const added = labels(scene, scene.int(1, 3));
        const pull = pullRequest(scene, { labels: added, author: otherAuthor(scene) });
        return onRepository(scene, { action, number: pull.number, pull_request: pull.object, label: added[added.length - 1]! });
      }
      case 'review_requested': {
        const reviewer = scene.person();
        const pull = pullRequest(scene, { requestedReviewers: [reviewer] });
        return onRepository(scene, { action, number: pull.number, pull_request: pull.object, requested_reviewer: reviewer.user });
      }
      case 'closed': {
        const pull = pullRequest(scene, { state: 'closed', author: otherAuthor(scene) });
        return onRepository(scene, { action, number: pull.number, pull_request: pull.object });
      }
      case 'ready_for_review':
      case 'reopened': {
        const pull = pullRequest(scene, { draft: false });
        return onRepository(scene, { action, number: pull.number, pull_request: pull.object });
      }
      default:
        throw unsupported('pull_request', action);
    }
  },
};

/** The author of a pull request or issue someone else acts on: the sender, or another person. */
function otherAuthor(scene: Scene) {
  return scene.chance(0.5) ? scene.sender : scene.person();
}

const pullRequestReview: EventSpec = {
  build(scene, { action }) {
    const pull = pullRequest(scene, { author: scene.person(), form: 'review' });
    return onRepository(scene, { action, review: review(scene, pull), pull_request: pull.object });
  },
};

const pullRequestReviewComment: EventSpec = {
  build(scene, { action }) {
    const pull = pullRequest(scene, { author: scene.person(), form: 'review' });
    return onRepository(scene, { action, comment: reviewComment(scene, pull), pull_request: pull.object });
  },
};

const issues: EventSpec = {
  build(scene, { action }) {
    switch (action) {
      case 'opened':
        return onRepository(scene, { action, issue: issue(scene, { createdAgo: scene.int(1, 3), comments: 0 }) });
      case 'closed':
        return onRepository(scene, { action, issue: issue(scene, { state: 'closed', author: otherAuthor(scene) }) });
      case 'edited': {
        const edited = issue(scene);
        const changes: JsonObject = scene.chance(0.5) ? { title: { from: `${edited.title as string}?` } } : { body: { from: drawText('sentence', scene.faker) } };
        return onRepository(scene, { action, issue: edited, changes });
      }
      case 'labeled': {
        const added = labels(scene, scene.int(1, 3));
        return onRepository(scene, { action, issue: issue(scene, { labels: added, author: otherAuthor(scene) }), label: added[added.length - 1]! });
      }
      case 'assigned': {
        const assignee = scene.chance(0.5) ? scene.sender : scene.person();
        return onRepository(scene, { action, issue: issue(scene, { assignees: [assignee], author: otherAuthor(scene) }), assignee: assignee.user });
      }
      default:
        throw unsupported('issues', action);
    }
  },
};

const issueCommentEvent: EventSpec = {
  build(scene, { action }) {
    const commented = issue(scene, { author: otherAuthor(scene), comments: scene.int(1, 9) });
    return onRepository(scene, { action, issue: commented, comment: issueComment(scene, commented) });
  },
};

const create: EventSpec = {
  build(scene) {
    return onRepository(scene, {
      ...gitRef(scene, 0.3),
      master_branch: scene.repo.defaultBranch,
      description: scene.repo.description,
      pusher_type: 'user',
    });
  },
};

const deleteEvent: EventSpec = {
  build(scene) {
    return onRepository(scene, {
      ...gitRef(scene, 0.2),
      pusher_type: 'user',
    });
  },
};

const fork: EventSpec = {
  scene: { sender: 'other', public: true },
  build(scene) {
    return onRepository(scene, { forkee: forkee(scene) });
  },
};

const star: EventSpec = {
  scene: { sender: 'other', public: true },
  build(scene, { action }) {
    return onRepository(scene, { action, starred_at: action === 'created' ? scene.ago(1) : null });
  },
};

const status: EventSpec = { build: (scene) => onRepository(scene, commitStatus(scene)) };

const releaseEvent: EventSpec = {
  build: (scene, { action }) => onRepository(scene, { action, release: release(scene) }),
};

const ping: EventSpec = {
  scene: { sender: 'owner' },
  build: (scene, { hookId }) => onRepository(scene, { zen: zen(scene), hook_id: hookId, hook: hook(scene, hookId) }),
};

const workflowRunEvent: EventSpec = {
  build(scene, { action }) {
    const build = ciBuild(scene);
    const phase = action === 'requested' || action === 'in_progress' || action === 'completed' ? action : undefined;
    if (!phase) throw unsupported('workflow_run', action);
    return onRepository(scene, { action, workflow_run: workflowRun(scene, build, phase), workflow: workflow(scene, build) });
  },
};

const workflowJobEvent: EventSpec = {
  build(scene, { action }) {
    const build = ciBuild(scene);
    const phase = action === 'queued' || action === 'in_progress' || action === 'completed' ? action : undefined;
    if (!phase) throw unsupported('workflow_job', action);
    return onRepository(scene, { action, workflow_job: workflowJob(scene, build, job(scene, build), phase) });
  },
};

const checkRunEvent: EventSpec = {
  build(scene, { action }) {
    const build = ciBuild(scene);
    return onRepository(scene, { action, check_run: checkRun(scene, build, job(scene, build), action === 'created' ? 'queued' : 'completed') });
  },
};

const checkSuiteEvent: EventSpec = {
  build(scene, { action }) {
    const build = ciBuild(scene);
    return onRepository(scene, { action, check_suite: checkSuite(scene, build, action === 'completed' ? 'completed' : 'queued', true) });
  },
};

/** Installation events go to the App's own hook: the target is the App (`integration`), not a repository. */
const installationEvent: EventSpec = {
  scene: { sender: 'owner' },
  build(scene, { action }) {
    const app = installation(scene, action === 'created' ? 1 : scene.int(HOUR, 400 * DAY));
    return {
      body: { action, installation: app.object, repositories: [installationRepository(scene)], requester: null, sender: scene.sender.user },
      target: { type: 'integration', id: app.appId },
    };
  },
};

const installationRepositories: EventSpec = {
  scene: { sender: 'owner' },
  build(scene, { action }) {
    const app = installation(scene, scene.int(HOUR, 400 * DAY));
    const changed = [installationRepository(scene)];
    return {
      body: {
        action,
        installation: app.object,
        repository_selection: 'selected',
        repositories_added: action === 'added' ? changed : [],
        repositories_removed: action === 'removed' ? changed : [],
        requester: null,
        sender: scene.sender.user,
      },
      target: { type: 'integration', id: app.appId },
    };
  },
};

function unsupported(event: string, action: string): Error {
  return new Error(`relaykit cannot build GitHub ${event}${action ? `.${action}` : ''}: add it to the builder before the catalog.`);
}

/** Builders by `X-GitHub-Event` name. */
export const events: Readonly<Record<string, EventSpec>> = {
  check_run: checkRunEvent,
  check_suite: checkSuiteEvent,
  create,
  delete: deleteEvent,
  fork,
  installation: installationEvent,
  installation_repositories: installationRepositories,
  issue_comment: issueCommentEvent,
  issues,
  ping,
  pull_request: pullRequestEvent,
  pull_request_review: pullRequestReview,
  pull_request_review_comment: pullRequestReviewComment,
  push,
  release: releaseEvent,
  star,
  status,
  workflow_job: workflowJobEvent,
  workflow_run: workflowRunEvent,
};
