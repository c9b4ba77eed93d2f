/** GitHub's credential check: reads work unauthenticated; writes need a token; a wrong token is 401 everywhere. */
import { authorization, bearerToken } from '../../shared/api/index.js';
import { githubError } from './errors.js';

/**
 * The 401 GitHub gives, or `undefined` when the request may go on. `issued` holds the installation
 * tokens the mock handed out (`POST /app/installations/{id}/access_tokens`), valid whatever `tokens` lists.
 */
export function checkGithubToken(
  request: Request,
  tokens: readonly string[] | undefined,
  write: boolean,
  documentationUrl: string,
  issued: Pick<ReadonlySet<string>, 'has'> = new Set(),
): Response | undefined {
  const auth = authorization(request);
  if (!auth) return write ? githubError(request, 401, 'Requires authentication', documentationUrl) : undefined;
  const token = bearerToken(request);
  if (token === undefined || (tokens !== undefined && !tokens.includes(token) && !issued.has(token))) {
    return githubError(request, 401, 'Bad credentials', 'https://docs.github.com/rest');
  }
  return undefined;
}
