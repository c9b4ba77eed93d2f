/**
 * Releases and dispatches. A release saved as a draft is `release.created`; publishing one (at
 * creation or later) is `release.published`, then `released` (or `prereleased` for a pre-release),
 * as GitHub's docs define the actions. `POST /repos/{o}/{r}/dispatches` is `repository_dispatch`
 * (its `action` the request's `event_type`); a workflow dispatch is `workflow_dispatch`.
 */
import { isPlainObject } from '../../../core/index.js';
import { readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { actingUser } from './access.js';
import { githubError, githubJson, noContent, notFound, validationFailed } from './errors.js';
import { emit } from './hooks.js';
import { githubTime, newId, nodeId } from './objects.js';
import { pathKey, repoKey } from './paths.js';

const DOCS = {
  create: 'https://docs.github.com/rest/releases/releases#create-a-release',
  update: 'https://docs.github.com/rest/releases/releases#update-a-release',
  dispatch: 'https://docs.github.com/rest/repos/repos#create-a-repository-dispatch-event',
  workflow: 'https://docs.github.com/rest/actions/workflows#create-a-workflow-dispatch-event',
} as const;

/** The documentation URL of each release and dispatch write. */
export const RELEASE_DOCS: Readonly<Record<keyof typeof DOCS, string>> = DOCS;

function repositoryAt(world: World, params: Record<string, unknown>): Obj | undefined {
  return world.get('github', 'repository', repoKey(String(params.owner), String(params.repo)));
}

/** The events publishing `release` sends: `published`, then `released` or `prereleased`. */
function emitPublished(world: World, repository: Obj, release: Obj, sender: Obj): void {
  emit(world, 'release.published', repository, { release }, sender);
  emit(world, release.prerelease === true ? 'release.prereleased' : 'release.released', repository, { release }, sender);
}

/** `POST /repos/{o}/{r}/releases`: 201 with the release; `release.created` (and the publishing events unless a draft). */
export function createRelease(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.create);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.create);
    if (typeof fields.tag_name !== 'string' || fields.tag_name === '') return validationFailed(request, 'Release', 'tag_name', DOCS.create);
    const base = pathKey(String(repository.url));
    if (world.list('github', 'release').some((r) => r.tag_name === fields.tag_name && pathKey(String(r.url)).startsWith(`${base}/`))) {
      return validationFailed(request, 'Release', 'tag_name', DOCS.create, 'already_exists');
    }
    const id = newId(world, 'release', 150_000_000);
    const api = `${String(repository.url)}/releases/${id}`;
    const tag = fields.tag_name;
    const draft = fields.draft === true;
    const at = githubTime(new Date(world.now()));
    const sender = actingUser(request, world, actor);
    const release: Obj = {
      url: api,
      assets_url: `${api}/assets`,
      upload_url: `https://uploads.github.com/repos/${String(repository.full_name)}/releases/${id}/assets{?name,label}`,
      html_url: `${String(repository.html_url)}/releases/tag/${encodeURIComponent(tag)}`,
      id,
      author: sender,
      node_id: nodeId('RE', world),
      tag_name: tag,
      target_commitish: typeof fields.target_commitish === 'string' ? fields.target_commitish : String(repository.default_branch ?? 'main'),
      name: typeof fields.name === 'string' ? fields.name : tag,
      draft,
      immutable: false,
      prerelease: fields.prerelease === true,
      created_at: at,
      updated_at: at,
      published_at: draft ? null : at,
      assets: [],
      tarball_url: `${String(repository.url)}/tarball/${tag}`,
      zipball_url: `${String(repository.url)}/zipball/${tag}`,
      body: typeof fields.body === 'string' ? fields.body : null,
    };
    world.put('github', 'release', release);
    emit(world, 'release.created', repository, { release }, sender);
    if (!draft) emitPublished(world, repository, release, sender);
    return githubJson(request, release, 201);
  };
}

/** `PATCH /repos/{o}/{r}/releases/{id}`: `draft: false` publishes a draft; `prerelease: false` releases a pre-release. */
export function updateRelease(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    const key = pathKey(new URL(request.url).pathname);
    const before = world.get('github', 'release', key);
    if (!repository || !before) return notFound(request, DOCS.update);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.update);
    const at = githubTime(new Date(world.now()));
    const after = world.update('github', 'release', key, (r) => {
      const next: Obj = { ...r, updated_at: at };
      for (const field of ['name', 'body', 'target_commitish'] as const) if (typeof fields[field] === 'string') next[field] = fields[field];
      if (typeof fields.draft === 'boolean') next.draft = fields.draft;
      if (typeof fields.prerelease === 'boolean') next.prerelease = fields.prerelease;
      if (r.draft === true && next.draft === false) next.published_at = at;
      return next;
    })!;
    const sender = actingUser(request, world, actor);
    if (before.draft === true && after.draft === false) emitPublished(world, repository, after, sender);
    else if (before.prerelease === true && after.prerelease === false && after.draft === false) emit(world, 'release.released', repository, { release: after }, sender);
    else emit(world, 'release.edited', repository, { release: after, changes: {} }, sender);
    return githubJson(request, after);
  };
}

/** `POST /repos/{o}/{r}/dispatches`: 204; `repository_dispatch` with `action` = `event_type`. */
export function createDispatch(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.dispatch);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.dispatch);
    if (typeof fields.event_type !== 'string' || fields.event_type === '' || fields.event_type.length > 100) return validationFailed(request, 'Repository', 'event_type', DOCS.dispatch, 'invalid');
    if (fields.client_payload !== undefined && !isPlainObject(fields.client_payload)) return validationFailed(request, 'Repository', 'client_payload', DOCS.dispatch, 'invalid');
    const payload = fields.client_payload ?? {};
    emit(world, `repository_dispatch.${fields.event_type}`, repository, { branch: String(repository.default_branch ?? 'main'), client_payload: payload }, actingUser(request, world, actor));
    return noContent(request);
  };
}

/** `POST /repos/{o}/{r}/actions/workflows/{id}/dispatches`: 204; `workflow_dispatch` with the `ref` and `inputs`. */
export function createWorkflowDispatch(actor: string): RouteHandler {
  return async (request, params, world) => {
    const repository = repositoryAt(world, params);
    if (!repository) return notFound(request, DOCS.workflow);
    const fields = await readJsonObject(request);
    if (!fields) return githubError(request, 400, 'Problems parsing JSON', DOCS.workflow);
    if (typeof fields.ref !== 'string' || fields.ref === '') return validationFailed(request, 'Workflow', 'ref', DOCS.workflow);
    if (fields.inputs !== undefined && !isPlainObject(fields.inputs)) return validationFailed(request, 'Workflow', 'inputs', DOCS.workflow, 'invalid');
    const id = String(params.workflow_id);
    const ref = fields.ref.startsWith('refs/') ? fields.ref : `refs/heads/${fields.ref}`;
    const workflow = /\.ya?ml$/.test(id) ? `.github/workflows/${id}` : `.github/workflows/${id}.yml`;
    emit(world, 'workflow_dispatch', repository, { inputs: fields.inputs ?? null, ref, workflow }, actingUser(request, world, actor));
    return noContent(request);
  };
}
