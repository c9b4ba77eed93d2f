/**
 * Strings the schema leaves as plain `string` but GitHub fills with values of a known form
 * (src/providers/github/strings.ts), over every catalog type and two seeds: each has that form, and
 * the fields of one thing agree (a category's name, slug and emoji; a vulnerable package's ecosystem,
 * manifest and versions; a secret type and its display name; a label's name, URL, color and
 * description); a workflow run's branch, an alert's file, a Marketplace plan, a sponsorship tier, an
 * issue's state reason.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { getProvider } from '../../src/providers/index.js';
import { keyOf, objects } from '../support/json.js';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Obj = Record<string, any>;
const bodies = await Promise.all(
  getProvider('github').catalog.eventTypes.flatMap((type) =>
    [1, 2].map(async (seed) => ({ type, seed, body: JSON.parse((await buildDelivery('github', type, { secret: 's', seed })).body) as Record<string, Json> })),
  ),
);

const MANIFESTS: Record<string, string> = {
  npm: 'package-lock.json',
  pip: 'requirements.txt',
  rubygems: 'Gemfile.lock',
  maven: 'pom.xml',
  go: 'go.mod',
  composer: 'composer.lock',
};
const LABELS = new Set(['bug', 'documentation', 'duplicate', 'enhancement', 'good first issue', 'help wanted', 'invalid', 'question', 'wontfix', 'dependencies', 'security', 'needs triage']);
/** GitHub's default labels: color and description. */
const DEFAULT_LABELS: Record<string, [string, string]> = {
  bug: ['d73a4a', "Something isn't working"],
  documentation: ['0075ca', 'Improvements or additions to documentation'],
  duplicate: ['cfd3d7', 'This issue or pull request already exists'],
  enhancement: ['a2eeef', 'New feature or request'],
  'good first issue': ['7057ff', 'Good for newcomers'],
  'help wanted': ['008672', 'Extra attention is needed'],
  invalid: ['e4e669', "This doesn't seem right"],
  question: ['d876e3', 'Further information is requested'],
  wontfix: ['ffffff', 'This will not be worked on'],
};
const CATEGORIES: Record<string, [string, string, string]> = {
  General: ['general', ':speech_balloon:', 'Chat about anything and everything here'],
  'Q&A': ['q-a', ':pray:', 'Ask the community for help'],
  Ideas: ['ideas', ':bulb:', 'Share ideas for new features'],
  'Show and tell': ['show-and-tell', ':raised_hands:', "Show off something you've made"],
  Announcements: ['announcements', ':mega:', 'Updates from maintainers'],
};
const ISSUE_TYPES: Record<string, string> = {
  Bug: 'An unexpected problem or behavior',
  Feature: 'A request, idea, or new functionality',
  Task: 'A specific piece of work',
};

describe('GitHub strings of a known form, every catalog type, seeds 1 and 2', () => {
  const failures: string[] = [];
  const seen = new Map<string, number>();
  const check = (what: string, ok: boolean, detail: string) => {
    seen.set(what, (seen.get(what) ?? 0) + 1);
    if (!ok) failures.push(`${what}: ${detail}`);
  };
  for (const { type, seed, body } of bodies) {
    const where = `${type} seed ${seed}`;
    const repo = body.repository as Obj | null | undefined;
    for (const [path, o] of objects<Obj>(body)) {
      const key = keyOf(path);
      if ((key === 'head' || key === 'base') && typeof o.label === 'string' && typeof o.ref === 'string') {
        const owner = o.repo?.owner?.login ?? repo?.owner.login;
        check('branch label', o.label === `${owner}:${o.ref}` && !o.ref.startsWith('refs/'), `${where} ${path}.label ${o.label} ref ${o.ref}`);
      }
      if (key === 'category' && typeof o.name === 'string' && typeof o.emoji === 'string') {
        const pair = CATEGORIES[o.name];
        const described = !('description' in o) || o.description === pair?.[2];
        check('discussion category', pair !== undefined && o.slug === pair[0] && o.emoji === pair[1] && described, `${where} ${JSON.stringify([o.name, o.slug, o.emoji, o.description])}`);
      }
      if (key === 'type' && typeof o.name === 'string' && 'is_enabled' in o) {
        check('issue type', ISSUE_TYPES[o.name] !== undefined && (!('description' in o) || o.description === ISSUE_TYPES[o.name]), `${where} ${o.name} ${String(o.description)}`);
      }
      if (typeof o.url === 'string' && /\/repos\/[^/]+\/[^/]+\/labels\//.test(o.url) && typeof o.name === 'string') {
        check('label name', LABELS.has(o.name.replace(/-\d+$/, '')) && o.url.endsWith(`/labels/${encodeURIComponent(o.name)}`), `${where} ${path} ${o.name} ${o.url}`);
      }
      const defaults = typeof o.name === 'string' && typeof o.color === 'string' ? DEFAULT_LABELS[o.name] : undefined;
      if (defaults && (key === 'label' || key === 'labels')) {
        const [color, description] = defaults;
        check('default label', o.color === color && (!('description' in o) || o.description === description) && (!('default' in o) || o.default === true), `${where} ${path} ${JSON.stringify(o)}`);
      }
      if (Array.isArray(o.labels) && o.labels.length > 1) {
        const names = o.labels.map((label: Obj) => label.name);
        check('distinct labels', new Set(names).size === names.length, `${where} ${path}.labels ${names.join(', ')}`);
      }
      if (typeof o.cve_id === 'string') check('CVE id', /^CVE-\d{4}-\d{5}$/.test(o.cve_id), `${where} ${o.cve_id}`);
      if (typeof o.cwe_id === 'string') check('CWE id', /^CWE-\d+$/.test(o.cwe_id) && typeof o.name === 'string' && o.name.length > 10, `${where} ${o.cwe_id} ${o.name}`);
      if (typeof o.vector_string === 'string') check('CVSS vector', /^CVSS:(3\.1|4\.0)\/AV:N\//.test(o.vector_string), `${where} ${o.vector_string}`);
      if (typeof o.secret_type === 'string') {
        check('secret type', typeof o.secret_type_display_name === 'string' && o.secret_type_display_name.length > 0 && /^[a-z_]+$/.test(o.secret_type), `${where} ${o.secret_type}`);
      }
      if (key === 'dependency' && o.package && typeof o.manifest_path === 'string') {
        check('manifest of the ecosystem', MANIFESTS[o.package.ecosystem] === o.manifest_path, `${where} ${o.package.ecosystem} ${o.manifest_path}`);
      }
      if (key === 'workflow_run' && typeof o.head_branch === 'string') {
        check('workflow run branch', o.head_branch === repo?.default_branch || /[-/]/.test(o.head_branch), `${where} ${o.head_branch}`);
      }
      if (typeof o.check_suite_node_id === 'string') check('check suite node id', o.check_suite_node_id.startsWith('CS_'), `${where} ${o.check_suite_node_id}`);
      if (key === 'location' && typeof o.path === 'string' && 'start_line' in o) check('alert file', /\/[\w.-]+\.\w+$/.test(o.path), `${where} ${o.path}`);
      if (key === 'plan' && typeof o.unit_name === 'string') {
        check('marketplace plan', o.unit_name === 'seat' && ['Free', 'Pro', 'Team', 'Enterprise'].includes(o.name), `${where} ${o.name} ${o.unit_name}`);
      }
      if (key === 'tier' && typeof o.name === 'string') check('sponsorship tier', /^\$\d+ a month$/.test(o.name), `${where} ${o.name}`);
      if (typeof o.effective_date === 'string') check('effective date', !Number.isNaN(Date.parse(o.effective_date)), `${where} ${o.effective_date}`);
      if (key === 'issue' && 'state_reason' in o) {
        check('issue state reason', [null, 'completed', 'reopened', 'not_planned', 'duplicate'].includes(o.state_reason), `${where} ${String(o.state_reason)}`);
      }
      if (o.first_patched_version && typeof o.vulnerable_version_range === 'string') {
        check('patched version', o.vulnerable_version_range === `< ${o.first_patched_version.identifier}`, `${where} ${o.vulnerable_version_range} / ${o.first_patched_version.identifier}`);
      }
    }
  }

  it('has each known form and keeps the fields of one thing in agreement', () => {
    expect(failures).toEqual([]);
    // Each rule met real bodies (numbers when this was written, 522 bodies: 98 labels, 16 categories, 26 CVE, 12 secret types, 14 manifests, 26 patched versions).
    for (const rule of ['label name', 'default label', 'branch label', 'discussion category', 'issue type', 'CVE id', 'CWE id', 'CVSS vector', 'secret type', 'manifest of the ecosystem', 'patched version']) {
      expect(seen.get(rule) ?? 0, rule).toBeGreaterThan(3);
    }
    // Bodies with more than one label are few (2 when this was written), and so are these.
    for (const rule of ['distinct labels', 'workflow run branch', 'check suite node id', 'alert file', 'marketplace plan', 'sponsorship tier', 'effective date', 'issue state reason']) {
      expect(seen.get(rule) ?? 0, rule).toBeGreaterThan(0);
    }
  });
});
