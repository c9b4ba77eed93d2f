/**
 * GitHub's mirrored fields (src/providers/github/mirrors.ts): a `data` override of one moves the
 * others. The issue or pull request number (`number`, `pull_request.number`, `issue.number` and the
 * URLs that name it) and the repository's identity (`full_name`, `name`, `owner.login` and every URL
 * on its paths), for hand-built and schema-drawn types alike.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { builder } from '../../src/providers/github/build.js';
import { seededFaker } from '../../src/providers/shared/random.js';

type Json = Record<string, any>;
const at = Date.UTC(2026, 10, 21, 16, 29, 56);

function body(eventType: string, seed: number, data?: Json): Json {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now: at, data }).body) as Json;
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) strings(item, out);
  else if (value !== null && typeof value === 'object') for (const item of Object.values(value)) strings(item, out);
  return out;
}

const NUMBERED = ['pull_request.opened', 'pull_request.closed', 'pull_request.assigned', 'pull_request_review.submitted', 'issues.opened', 'issues.reopened', 'issue_comment.created', 'issue_comment.edited'];
const REPOSITORY = ['push', 'pull_request.opened', 'issues.opened', 'label.created', 'deployment_status.created', 'pull_request.labeled'];
const login = fc.stringMatching(/^[a-z][a-z0-9-]{0,14}[a-z0-9]$/);

describe('GitHub mirrors', () => {
  it('an override of number, pull_request.number or issue.number moves the others and the URLs naming it', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NUMBERED), fc.integer({ min: 1, max: 999_999 }), fc.integer({ min: 1, max: 1000 }), fc.constantFrom('number', 'pull_request', 'issue'), (type, n, seed, where) => {
        const base = body(type, seed);
        const holder = where === 'number' ? 'number' : where;
        if (holder !== 'number' && !base[holder]) return;
        if (holder === 'number' && !('number' in base)) return;
        const data = holder === 'number' ? { number: n } : { [holder]: { number: n } };
        const out = body(type, seed, data);
        if ('number' in base) expect(out.number).toBe(n);
        if (out.pull_request) {
          expect(out.pull_request.number).toBe(n);
          expect(out.pull_request.url).toMatch(new RegExp(`/pulls/${n}$`));
          expect(out.pull_request.html_url).toMatch(new RegExp(`/pull/${n}$`));
        }
        if (out.issue) {
          expect(out.issue.number).toBe(n);
          expect(out.issue.url).toMatch(new RegExp(`/issues/${n}$`));
        }
        // Nothing else moves.
        expect(out.repository).toEqual(base.repository);
        expect(out.sender).toEqual(base.sender);
      }),
      { numRuns: 60 },
    );
  });

  it('an override of repository full_name, name or owner.login moves the rest of its identity and every URL on its paths', () => {
    fc.assert(
      fc.property(fc.constantFrom(...REPOSITORY), login, login, fc.integer({ min: 1, max: 1000 }), fc.constantFrom('full_name', 'name', 'owner'), (type, owner, name, seed, how) => {
        const base = body(type, seed);
        const old = base.repository.full_name as string;
        const [oldOwner, oldName] = old.split('/') as [string, string];
        const patch = how === 'full_name' ? { full_name: `${owner}/${name}` } : how === 'name' ? { name } : { owner: { login: owner } };
        const full = how === 'full_name' ? `${owner}/${name}` : how === 'name' ? `${oldOwner}/${name}` : `${owner}/${oldName}`;
        fc.pre(full !== old);
        const repo = body(type, seed, { repository: patch }).repository;
        expect(repo.full_name).toBe(full);
        expect(`${repo.owner.login}/${repo.name}`).toBe(full);
        expect(repo.url).toBe(`https://api.github.com/repos/${full}`);
        expect(repo.html_url).toBe(`https://github.com/${full}`);
        expect(repo.pulls_url).toBe(`https://api.github.com/repos/${full}/pulls{/number}`);
        if (typeof repo.clone_url === 'string') expect(repo.clone_url).toBe(`https://github.com/${full}.git`);
        const out = body(type, seed, { repository: patch });
        expect(strings(out).filter((s) => s.includes(`/repos/${old}/`) || s.endsWith(`/repos/${old}`) || s.includes(`github.com/${old}/`))).toEqual([]);
        expect(repo.id).toBe(base.repository.id);
      }),
      { numRuns: 60 },
    );
  });

  it('keeps what the override states itself', () => {
    const out = body('issues.opened', 3, { number: 5, issue: { number: 6, html_url: 'https://example.com/i' }, repository: { full_name: 'acme/widgets', html_url: 'https://example.com/r' } });
    expect(out.issue.number).toBe(6);
    expect(out.issue.html_url).toBe('https://example.com/i');
    expect(out.repository.full_name).toBe('acme/widgets');
    expect(out.repository.html_url).toBe('https://example.com/r');
    expect(out.repository.url).toBe('https://api.github.com/repos/acme/widgets');
  });
});
