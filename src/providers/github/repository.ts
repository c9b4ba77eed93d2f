/**
 * The repository object in each form webhooks carry it: top-level `repository`, `pull_request.head.repo`
 * and `base.repo` (with merge settings), `push`'s legacy form, a fork, and the minimal form inside
 * workflow runs.
 *
 * Every form is one object literal with the same keys, in GitHub's order; a form leaves the keys it
 * lacks `undefined`, which `JSON.stringify` omits. Growing a copy key by key instead (`{ ...repo,
 * extra }`) costs V8 ~100 µs per 90-key object; a literal costs well under 1 µs.
 */
import type { JsonObject, JsonValue } from '../../core/index.js';
import { isoSeconds } from '../shared/time.js';
import { userObject } from './users.js';

export interface Account {
  readonly login: string;
  readonly id: number;
  readonly type: 'User' | 'Organization';
  /** The display name, as commits carry it. */
  readonly name: string;
  /** The no-reply address GitHub puts on web and API commits. */
  readonly email: string;
  /** The committer's UTC offset in minutes, for commit timestamps. */
  readonly utcOffset: number;
  /** The `simple-user` object. */
  readonly user: JsonObject;
}

export interface Repo {
  readonly id: number;
  readonly nodeId: string;
  readonly name: string;
  readonly fullName: string;
  readonly private: boolean;
  readonly defaultBranch: string;
  /** `https://api.github.com/repos/<owner>/<name>`. */
  readonly api: string;
  /** `https://github.com/<owner>/<name>`. */
  readonly html: string;
  readonly description: string | null;
  readonly language: string | null;
  /** Epoch ms. */
  readonly createdAt: number;
  readonly openIssues: number;
  /** Seconds between the last push and the delivery. */
  readonly pushedAgo: number;
  /** Epoch ms of the last push (whole seconds). */
  readonly pushedAt: number;
}

/** What varies between repositories beyond `Repo`. */
export interface RepositoryStats {
  readonly updatedAt: string;
  readonly homepage: string | null;
  readonly size: number;
  readonly stars: number;
  readonly forks: number;
  readonly hasIssues: boolean;
  readonly hasPages: boolean;
  readonly hasDiscussions: boolean;
  readonly license: JsonObject | null;
  readonly allowForking: boolean;
  readonly topics: readonly string[];
}

/** The merge settings of `pull_request.head.repo` and `base.repo`. */
export interface MergeSettings {
  readonly squashOnly: boolean;
  readonly autoMerge: boolean;
  readonly deleteBranchOnMerge: boolean;
  readonly updateBranch: boolean;
}

export interface RepositoryForm {
  /** Pull request form: merge settings after `default_branch`. */
  readonly settings?: MergeSettings;
  /** `push` form: Unix times, the owner with `name` and `email`, `stargazers`, `master_branch`, `organization`. */
  readonly push?: boolean;
  /** Org repositories list their custom properties (none set) at the end. */
  readonly customProperties?: boolean;
  /** A new fork: `fork: true` and `public: true`. */
  readonly fork?: boolean;
}

export function repositoryObject(repo: Repo, owner: Account, stats: RepositoryStats, form: RepositoryForm = {}): JsonObject {
  const { api, fullName } = repo;
  const settings = form.settings;
  const push = form.push === true;
  const fields: Record<string, JsonValue | undefined> = {
    id: repo.id,
    node_id: repo.nodeId,
    name: repo.name,
    full_name: fullName,
    private: repo.private,
    // `push` keeps the legacy owner form, whose `name` is the login.
    owner: push ? pushOwner(owner) : owner.user,
    html_url: repo.html,
    description: repo.description,
    fork: form.fork === true,
    ...repositoryUrls(api),
    created_at: push ? Math.floor(repo.createdAt / 1000) : isoSeconds(repo.createdAt),
    updated_at: stats.updatedAt,
    pushed_at: push ? Math.floor(repo.pushedAt / 1000) : isoSeconds(repo.pushedAt),
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `${repo.html}.git`,
    svn_url: repo.html,
    homepage: stats.homepage,
    size: stats.size,
    stargazers_count: stats.stars,
    watchers_count: stats.stars,
    language: repo.language,
    has_issues: stats.hasIssues,
    has_projects: true,
    has_downloads: true,
    has_wiki: !repo.private,
    has_pages: stats.hasPages,
    has_discussions: stats.hasDiscussions,
    forks_count: stats.forks,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: repo.openIssues,
    license: stats.license,
    allow_forking: stats.allowForking,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [...stats.topics],
    visibility: repo.private ? 'private' : 'public',
    forks: stats.forks,
    open_issues: repo.openIssues,
    watchers: stats.stars,
    default_branch: repo.defaultBranch,
    allow_squash_merge: settings && true,
    allow_merge_commit: settings && !settings.squashOnly,
    allow_rebase_merge: settings && !settings.squashOnly,
    allow_auto_merge: settings && settings.autoMerge,
    delete_branch_on_merge: settings && settings.deleteBranchOnMerge,
    allow_update_branch: settings && settings.updateBranch,
    use_squash_pr_title_as_default: settings && false,
    squash_merge_commit_message: settings && 'COMMIT_MESSAGES',
    squash_merge_commit_title: settings && 'COMMIT_OR_PR_TITLE',
    merge_commit_message: settings && 'PR_TITLE',
    merge_commit_title: settings && 'MERGE_MESSAGE',
    stargazers: push ? stats.stars : undefined,
    master_branch: push ? repo.defaultBranch : undefined,
    organization: push && owner.type === 'Organization' ? owner.login : undefined,
    custom_properties: form.customProperties ? {} : undefined,
    public: form.fork ? true : undefined,
  };
  // Keys left undefined are not part of this form: JSON.stringify omits them.
  return fields as JsonObject;
}

/** The owner as `push` writes it: the legacy form with `name` (the login) and `email` first. */
function pushOwner(owner: Account): JsonObject {
  const { user } = owner;
  return userObject(owner.login, owner.id, user.node_id as string, owner.type, {
    name: owner.login,
    email: owner.type === 'User' ? owner.email : null,
  });
}

/** The API URLs every repository form lists, in GitHub's key order, from `url` to `deployments_url`. */
function repositoryUrls(api: string): JsonObject {
  return {
    url: api,
    forks_url: `${api}/forks`,
    keys_url: `${api}/keys{/key_id}`,
    collaborators_url: `${api}/collaborators{/collaborator}`,
    teams_url: `${api}/teams`,
    hooks_url: `${api}/hooks`,
    issue_events_url: `${api}/issues/events{/number}`,
    events_url: `${api}/events`,
    assignees_url: `${api}/assignees{/user}`,
    branches_url: `${api}/branches{/branch}`,
    tags_url: `${api}/tags`,
    blobs_url: `${api}/git/blobs{/sha}`,
    git_tags_url: `${api}/git/tags{/sha}`,
    git_refs_url: `${api}/git/refs{/sha}`,
    trees_url: `${api}/git/trees{/sha}`,
    statuses_url: `${api}/statuses/{sha}`,
    languages_url: `${api}/languages`,
    stargazers_url: `${api}/stargazers`,
    contributors_url: `${api}/contributors`,
    subscribers_url: `${api}/subscribers`,
    subscription_url: `${api}/subscription`,
    commits_url: `${api}/commits{/sha}`,
    git_commits_url: `${api}/git/commits{/sha}`,
    comments_url: `${api}/comments{/number}`,
    issue_comment_url: `${api}/issues/comments{/number}`,
    contents_url: `${api}/contents/{+path}`,
    compare_url: `${api}/compare/{base}...{head}`,
    merges_url: `${api}/merges`,
    archive_url: `${api}/{archive_format}{/ref}`,
    downloads_url: `${api}/downloads`,
    issues_url: `${api}/issues{/number}`,
    pulls_url: `${api}/pulls{/number}`,
    milestones_url: `${api}/milestones{/number}`,
    notifications_url: `${api}/notifications{?since,all,participating}`,
    labels_url: `${api}/labels{/name}`,
    releases_url: `${api}/releases{/id}`,
    deployments_url: `${api}/deployments`,
  };
}

/** The minimal repository `workflow_run.repository` and `head_repository` hold. */
export function minimalRepository(repo: Repo, owner: Account): JsonObject {
  const { api } = repo;
  return {
    id: repo.id,
    node_id: repo.nodeId,
    name: repo.name,
    full_name: repo.fullName,
    private: repo.private,
    owner: owner.user,
    html_url: repo.html,
    description: repo.description,
    fork: false,
    ...repositoryUrls(api),
  };
}
