/**
 * The URLs of every GitHub catalog type name their object as GitHub's REST API does: issues, pull
 * requests, milestones and alerts by number, labels by name, advisories by GHSA id, the rest by id;
 * alerts under their product, review comments under `pulls/comments`, a deployment status under its
 * deployment; discussions by number and their comments at their anchors; teams by organization, named
 * as people name them, with the slug GitHub makes of the name. Ids are integers, and a top-level
 * `<object>_id` is that object's id.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { keyOf, objects } from '../support/json.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
const types = getProvider('github').catalog.eventTypes;
const bodies = await Promise.all(
  types.flatMap((type) => [1, 2].map(async (seed) => ({ type, seed, body: JSON.parse((await buildDelivery('github', type, { secret: 's', seed })).body) as Record<string, Json> }))),
);

/** What the URL of an object must end with, by the route its URL takes. */
function expectedTail(url: string, o: Record<string, Json>): string | undefined {
  if (/\/(issues|pulls|milestones|alerts)\/\d+$/.test(url) && typeof o.number === 'number') return `/${o.number}`;
  if (/\/labels\/[^/]+$/.test(url) && typeof o.name === 'string') return `/labels/${encodeURIComponent(o.name)}`;
  if (url.includes('/security-advisories/') && typeof o.ghsa_id === 'string') return `/${o.ghsa_id}`;
  if (/\/(check-runs|check-suites|comments|statuses|actions\/runs|actions\/jobs|deployments)\/\d+$/.test(url) && typeof o.id === 'number') return `/${o.id}`;
  return undefined;
}

describe('GitHub URLs and ids, every catalog type, seeds 1 and 2', () => {
  it("every object's url is an https URL on its REST route, naming the object as GitHub does", () => {
    const failures: string[] = [];
    let checked = 0;
    for (const { type, seed, body } of bodies) {
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        const key = keyOf(path);
        if (typeof o.url !== 'string') continue;
        if (!o.url.startsWith('https://')) failures.push(`${type} seed ${seed} ${key}.url is ${JSON.stringify(o.url)}`);
        if (/\/(repository-advisorys|deployment-status|pull-requests|sub-issues|parent-issues|blocked-issues)\//.test(o.url)) failures.push(`${type} ${key}.url ${o.url} is no REST route`);
        if (key === 'alert' && !/\/(code-scanning|dependabot|secret-scanning)\/alerts\/\d+$/.test(o.url)) failures.push(`${type} alert.url ${o.url}`);
        const tail = expectedTail(o.url, o);
        if (tail !== undefined) {
          checked++;
          if (!o.url.endsWith(tail)) failures.push(`${type} seed ${seed} ${key}.url ${o.url} does not end with ${tail}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // 477 URLs with a known route over the 522 bodies when this was written: the check is not vacuous.
    expect(checked).toBeGreaterThan(400);
  });

  it('ids are integers, and a top-level <object>_id is that object’s id', () => {
    const failures: string[] = [];
    for (const { type, seed, body } of bodies) {
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        for (const [k, v] of Object.entries(o)) {
          if ((k === 'id' || k.endsWith('_id')) && typeof v === 'number' && !Number.isInteger(v)) failures.push(`${type} seed ${seed} ${path}.${k} is ${v}`);
        }
      }
      for (const [k, v] of Object.entries(body)) {
        const named = body[k.slice(0, -3)];
        if (k.endsWith('_id') && typeof v === 'number' && named && typeof named === 'object' && !Array.isArray(named) && named.id !== v) {
          failures.push(`${type} seed ${seed} ${k} ${v} is not ${k.slice(0, -3)}.id ${String(named.id)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it("links, reactions and annotations are their object's URLs: _links hrefs, reactions.url, output.annotations_url", () => {
    const failures: string[] = [];
    let checked = 0;
    const expect_ = (where: string, actual: Json | undefined, wanted: string) => {
      checked++;
      if (actual !== wanted) failures.push(`${where} is ${JSON.stringify(actual)}, not ${wanted}`);
    };
    for (const { type, seed, body } of bodies) {
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        const where = `${type} seed ${seed} ${path}`;
        const url = typeof o.url === 'string' ? o.url : undefined;
        const links = o._links as Record<string, { href?: Json }> | undefined;
        if (links && url) {
          const href = (name: string) => links[name]?.href;
          if (links.self) expect_(`${where}._links.self`, href('self'), url);
          if (links.html && typeof o.html_url === 'string') expect_(`${where}._links.html`, href('html'), o.html_url);
          if (links.commits) expect_(`${where}._links.commits`, href('commits'), `${url}/commits`);
          if (links.review_comments) expect_(`${where}._links.review_comments`, href('review_comments'), `${url}/comments`);
          if (links.issue) expect_(`${where}._links.issue`, href('issue'), url.replace(/\/pulls\/(\d+)$/, '/issues/$1'));
          if (links.comments) expect_(`${where}._links.comments`, href('comments'), `${url.replace(/\/pulls\/(\d+)$/, '/issues/$1')}/comments`);
          if (links.pull_request && !/\/pulls\/\d+$/.test(String(href('pull_request')))) failures.push(`${where}._links.pull_request ${String(href('pull_request'))}`);
        }
        const reactions = o.reactions as Record<string, Json> | undefined;
        if (reactions && typeof reactions === 'object' && 'url' in reactions && url) expect_(`${where}.reactions.url`, reactions.url, `${url}/reactions`);
        const output = o.output as Record<string, Json> | undefined;
        if (output && typeof output === 'object' && 'annotations_url' in output && url) expect_(`${where}.output.annotations_url`, output.annotations_url, `${url}/annotations`);
        for (const value of Object.values(o)) {
          if (typeof value === 'string' && /\/(htmls|selfs|review-comments|outputs)\//.test(value)) failures.push(`${where}: ${value} is no GitHub route`);
        }
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(300);
  });

  it('discussions by number, their comments and answers at their anchors, a webhook config as GitHub sends it', () => {
    const failures: string[] = [];
    let discussions = 0;
    for (const { type, seed, body } of bodies) {
      const where = `${type} seed ${seed}`;
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        for (const value of Object.values(o)) {
          if (typeof value !== 'string') continue;
          if (/^https:\/\/(api\.)?github\.com\/(repos\/)?[^/]+\/[^/]+\/(new-issues|new-discussions|answers|old-answers|configs|builds|assets)\//.test(value)) {
            failures.push(`${where} ${path}: ${value} is no GitHub route`);
          }
          if (/^https:\/\/github\.com\/[^/]+\/[^/]+\/comments\//.test(value)) failures.push(`${where} ${path}: ${value} is no GitHub page`);
        }
        const key = keyOf(path);
        if ((key === 'discussion' || key === 'new_discussion') && typeof o.html_url === 'string') {
          discussions++;
          if (!o.html_url.endsWith(`/discussions/${String(o.number)}`)) failures.push(`${where} ${path}.html_url ${o.html_url} does not end with /discussions/${String(o.number)}`);
        }
        if (key === 'config' && 'insecure_ssl' in o) {
          if (o.insecure_ssl !== '0' && o.insecure_ssl !== '1') failures.push(`${where} ${path}.insecure_ssl is ${JSON.stringify(o.insecure_ssl)}`);
          if (typeof o.secret === 'string' && o.secret !== '********') failures.push(`${where} ${path}.secret ${o.secret} is not masked`);
          if (typeof o.url === 'string' && o.url.includes('github.com')) failures.push(`${where} ${path}.url ${o.url} is GitHub's, not the receiver's`);
        }
      }
      const discussion = body.discussion as Record<string, Json> | undefined;
      if (!discussion || typeof discussion.html_url !== 'string') continue;
      const anchor = (comment: Json | undefined) => `${String(discussion.html_url)}#discussioncomment-${String((comment as Record<string, Json>).id)}`;
      for (const name of ['answer', 'old_answer', ...(type.startsWith('discussion_comment.') ? ['comment'] : [])]) {
        const comment = body[name] as Record<string, Json> | undefined;
        if (comment && 'html_url' in comment && comment.html_url !== anchor(comment)) failures.push(`${where} ${name}.html_url ${String(comment.html_url)} is not ${anchor(comment)}`);
      }
      if (body.answer && typeof discussion.answer_html_url === 'string' && discussion.answer_html_url !== anchor(body.answer)) {
        failures.push(`${where} discussion.answer_html_url ${discussion.answer_html_url} is not the answer's`);
      }
    }
    expect(failures).toEqual([]);
    expect(discussions).toBeGreaterThan(30);
  });

  it('Apps at github.com/apps/<slug>, classic projects under /projects, advisory references on the advisory database', () => {
    const failures: string[] = [];
    const seen = { apps: 0, projects: 0, references: 0 };
    for (const { type, seed, body } of bodies) {
      const where = `${type} seed ${seed}`;
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        const key = keyOf(path);
        const same = (field: string, wanted: string) => {
          if (field in o && o[field] !== wanted) failures.push(`${where} ${path}.${field} ${String(o[field])} is not ${wanted}`);
        };
        if ('external_url' in o && 'permissions' in o && typeof o.slug === 'string') {
          seen.apps++;
          same('html_url', `https://github.com/apps/${o.slug}`);
        }
        const api = 'https://api.github.com/projects';
        if (key === 'project' && 'columns_url' in o) {
          seen.projects++;
          same('url', `${api}/${String(o.id)}`);
          same('columns_url', `${api}/${String(o.id)}/columns`);
          if (typeof o.html_url !== 'string' || !o.html_url.endsWith(`/projects/${String(o.number)}`)) failures.push(`${where} ${path}.html_url ${String(o.html_url)}`);
        }
        if (key === 'project_column') {
          seen.projects++;
          same('url', `${api}/columns/${String(o.id)}`);
          same('cards_url', `${api}/columns/${String(o.id)}/cards`);
        }
        if (key === 'project_card') {
          seen.projects++;
          same('url', `${api}/columns/cards/${String(o.id)}`);
          same('column_url', `${api}/columns/${String(o.column_id)}`);
        }
        if (Array.isArray(o.references) && typeof o.ghsa_id === 'string') {
          for (const reference of o.references as Record<string, Json>[]) {
            seen.references++;
            if (reference.url !== `https://github.com/advisories/${o.ghsa_id}`) failures.push(`${where} ${path}.references url ${String(reference.url)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
    expect(seen.apps).toBeGreaterThan(10);
    expect(seen.projects).toBeGreaterThan(10);
    expect(seen.references).toBeGreaterThan(5);
  });

  it('every team is named as an organization names its teams, with its slug and URLs under the organization', () => {
    const failures: string[] = [];
    let teams = 0;
    for (const { type, seed, body } of bodies) {
      const where = `${type} seed ${seed}`;
      const org = (body.organization ?? (body.repository as Record<string, Json> | undefined)?.owner) as Record<string, Json> | undefined;
      const names = new Map<string, Json>();
      for (const [path, o] of objects<Record<string, Json>>(body)) {
        if (!('slug' in o && 'members_url' in o && 'repositories_url' in o) || 'login' in o) continue;
        teams++;
        const { name, slug, id } = o;
        if (typeof name !== 'string' || !/^[A-Z]/.test(name)) failures.push(`${where} ${path}.name ${JSON.stringify(name)} is no team name`);
        // GitHub's slug: the name in lower case, its words joined by hyphens.
        const expected = String(name).toLowerCase().split(/[^a-z0-9]+/).filter(Boolean).join('-');
        if (slug !== expected) failures.push(`${where} ${path}.slug ${JSON.stringify(slug)} is not ${expected}`);
        const url = `https://api.github.com/organizations/${org ? String(org.id) : '<org>'}/team/${String(id)}`;
        if (o.url !== url) failures.push(`${where} ${path}.url ${String(o.url)} is not ${url}`);
        // members_url is a URI template, sent as is where the schema says string and expanded where it says uri.
        if (o.members_url !== `${url}/members{/member}` && o.members_url !== `${url}/members`) failures.push(`${where} ${path}.members_url ${String(o.members_url)}`);
        if (o.repositories_url !== `${url}/repos`) failures.push(`${where} ${path}.repositories_url ${String(o.repositories_url)}`);
        const page = `https://github.com/orgs/${org ? String(org.login) : '<org>'}/teams/${String(slug)}`;
        if ('html_url' in o && o.html_url !== page) failures.push(`${where} ${path}.html_url ${String(o.html_url)} is not ${page}`);
        if ('node_id' in o && !String(o.node_id).startsWith('T_')) failures.push(`${where} ${path}.node_id ${String(o.node_id)} is no team's`);
        if (names.has(String(name)) && names.get(String(name)) !== id) failures.push(`${where}: two teams named ${String(name)}`);
        names.set(String(name), id!);
      }
    }
    expect(failures).toEqual([]);
    // 96 teams (team, membership, pull request, deployment protection and advisory events) when this was written.
    expect(teams).toBeGreaterThan(80);
  });

  it('a package event names one package, at one version, the way GitHub Packages does', () => {
    const packaged = bodies.filter(({ type }) => type.startsWith('package.') || type.startsWith('registry_package.'));
    // package.published/updated and registry_package.published/updated, two seeds each.
    expect(packaged).toHaveLength(8);
    for (const { type, seed, body } of packaged) {
      const event = type.split('.')[0]!;
      const pkg = body[event] as Record<string, any>;
      const repo = body.repository as Record<string, any>;
      const version = pkg.package_version as Record<string, any>;
      const where = `${type} seed ${seed}`;
      expect(pkg.name, where).toBe(repo.name);
      expect(pkg.namespace, where).toBe(repo.full_name);
      expect(pkg.ecosystem, where).toBe(pkg.package_type);
      expect(pkg.html_url, where).toBe(`${repo.html_url}/packages/${pkg.id}`);
      expect(version.version, where).toMatch(/^\d+\.\d+\.\d+$/);
      expect(version.tag_name, where).toBe(version.version);
      const page =
        event === 'package'
          ? `${repo.html_url}/packages/${pkg.id}?version=${version.version}`
          : `https://github.com/${repo.owner.type === 'Organization' ? 'orgs' : 'users'}/${repo.owner.login}/packages/${pkg.package_type}/${pkg.name}/${version.id}`;
      expect(version.html_url, where).toBe(page);
      expect(version.installation_command, where).toContain(version.version);
      if (version.release) {
        expect(version.release.tag_name, where).toBe(version.version);
        expect(version.release.html_url, where).toBe(`${repo.html_url}/releases/tag/${version.version}`);
        expect(version.release.url, where).toBe(`${repo.url}/releases/${version.release.id}`);
      }
      for (const file of version.package_files ?? []) {
        expect(file.name, where).toContain(`${pkg.name}-${version.version}`);
        expect(file.sha256, where).toMatch(/^[0-9a-f]{64}$/);
        expect(file.sha1, where).toMatch(/^[0-9a-f]{40}$/);
        expect(file.md5, where).toMatch(/^[0-9a-f]{32}$/);
      }
      // Every package event names its registry (registry_package.updated's schema leaves it a free-form object).
      expect(pkg.registry, where).toBeTruthy();
      {
        const registryUrl = { npm: `https://npm.pkg.github.com/@${repo.owner.login}`, container: `https://ghcr.io/${repo.owner.login}` }[pkg.package_type as string];
        expect(pkg.registry, where).toMatchObject({ type: pkg.package_type, vendor: 'GitHub Inc', name: `GitHub ${pkg.package_type} registry` });
        expect(pkg.registry.url, where).toBe(registryUrl ?? `https://${pkg.package_type}.pkg.github.com/${repo.owner.login}`);
      }
    }
  });
});
