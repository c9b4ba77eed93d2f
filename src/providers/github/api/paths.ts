/** GitHub objects are keyed by the path of their API `url`; this maps paths to kinds and back. */
import { API } from '../users.js';

export { API };

const REPO = String.raw`/repos/[^/]+/[^/]+`;

/** Path pattern → kind, for every kind the catalog's payloads hold. */
const PATTERNS: readonly (readonly [RegExp, string])[] = [
  [new RegExp(`^${REPO}$`), 'repository'],
  [new RegExp(`^${REPO}/issues/\\d+$`), 'issue'],
  [new RegExp(`^${REPO}/issues/comments/\\d+$`), 'issue_comment'],
  [new RegExp(`^${REPO}/pulls/\\d+$`), 'pull_request'],
  [new RegExp(`^${REPO}/pulls/comments/\\d+$`), 'review_comment'],
  [new RegExp(`^${REPO}/pulls/\\d+/reviews/\\d+$`), 'review'],
  [new RegExp(`^${REPO}/labels/[^/]+$`), 'label'],
  [new RegExp(`^${REPO}/releases/\\d+$`), 'release'],
  [new RegExp(`^${REPO}/check-runs/\\d+$`), 'check_run'],
  [new RegExp(`^${REPO}/check-suites/\\d+$`), 'check_suite'],
  [new RegExp(`^${REPO}/actions/runs/\\d+$`), 'workflow_run'],
  [new RegExp(`^${REPO}/actions/jobs/\\d+$`), 'workflow_job'],
  [new RegExp(`^${REPO}/actions/workflows/[^/]+$`), 'workflow'],
  [new RegExp(`^${REPO}/commits/[0-9a-f]{40}$`), 'commit'],
  [new RegExp(`^${REPO}/git/commits/[0-9a-f]{40}$`), 'git_commit'],
  [new RegExp(`^${REPO}/hooks/\\d+$`), 'hook'],
  [/^\/users\/[^/]+$/, 'user'],
  [/^\/orgs\/[^/]+$/, 'organization'],
  [/^\/licenses\/[^/]+$/, 'license'],
  [/^\/app\/installations\/\d+$/, 'installation'],
];

/** The world key of an API URL or path: decoded, lower-cased, without the host (GitHub paths are case-insensitive). */
export function pathKey(urlOrPath: string): string {
  const path = urlOrPath.startsWith(API) ? urlOrPath.slice(API.length) : urlOrPath;
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // A malformed escape stays as it is.
  }
  return decoded.replace(/\/+$/, '').toLowerCase();
}

/** The kind of the object at an API URL, or `undefined` for URLs that are not a resource the mock keeps. */
export function kindOfUrl(url: string): string | undefined {
  if (!url.startsWith(`${API}/`)) return undefined;
  const key = pathKey(url);
  return PATTERNS.find(([re]) => re.test(key))?.[1];
}

/** The repository part of a key: `/repos/owner/name`. */
export function repoKey(owner: string, repo: string): string {
  return pathKey(`/repos/${owner}/${repo}`);
}
