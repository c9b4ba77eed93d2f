import { exactCatalog } from '../shared/catalog.js';
import { appOnlyInSchema, githubEventTypes } from './generated/event-types.js';

export { githubEventTypes };

/**
 * The types the hand-written scene builders cover (`events.ts`): their bodies carry the richest
 * cross-references. Every other type is drawn from the official schema's shape (`shaped.ts`).
 */
export const handBuiltEventTypes = [
  'check_run.completed',
  'check_run.created',
  'check_run.rerequested',
  'check_suite.completed',
  'check_suite.requested',
  'create',
  'delete',
  'fork',
  'installation.created',
  'installation.deleted',
  'installation_repositories.added',
  'installation_repositories.removed',
  'issue_comment.created',
  'issues.assigned',
  'issues.closed',
  'issues.edited',
  'issues.labeled',
  'issues.opened',
  'ping',
  'pull_request.closed',
  'pull_request.edited',
  'pull_request.labeled',
  'pull_request.opened',
  'pull_request.ready_for_review',
  'pull_request.reopened',
  'pull_request.review_requested',
  'pull_request.synchronize',
  'pull_request_review.submitted',
  'pull_request_review_comment.created',
  'push',
  'release.created',
  'release.published',
  'star.created',
  'star.deleted',
  'status',
  'workflow_job.completed',
  'workflow_job.in_progress',
  'workflow_job.queued',
  'workflow_run.completed',
  'workflow_run.in_progress',
  'workflow_run.requested',
] as const;

/**
 * Types GitHub sends only to GitHub Apps, so their deliveries are App deliveries by default: those
 * the spec delivers to Apps alone or whose schema requires `installation`, and the Checks API's
 * requests to the App that creates the suites and runs (the docs: "GitHub Apps only"), which the
 * spec lists for repository hooks too.
 */
export const appOnlyEventTypes: ReadonlySet<string> = new Set([
  ...appOnlyInSchema,
  'check_run.requested_action',
  'check_run.rerequested',
  'check_suite.requested',
  'check_suite.rerequested',
]);

/** Exactly the 261 event types of `@octokit/openapi-webhooks`' `webhooks`. */
export const catalog = exactCatalog(githubEventTypes);
