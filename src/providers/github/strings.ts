/**
 * Strings the schema leaves as plain `string` but GitHub fills with values of a known form: a pull
 * request's `head.label` (`owner:branch`), a team's `permission`, a discussion category and an issue
 * type (GitHub's defaults, name and description agreeing), an advisory's
 * CVE and CWE ids and CVSS vectors, the vulnerable package of a Dependabot alert (its ecosystem, name,
 * manifest and versions agreeing), a code scanning tool, rule and file, a secret type, a workflow run's
 * name, branch and title, a Marketplace plan and a sponsorship tier. Everything else the schema walk
 * draws as words.
 */
import type { ShapePath } from '../shared/shape.js';
import { isoSeconds } from '../shared/time.js';
import { drawText } from '../shared/text.js';
import { nodeId } from './node-ids.js';
import { fact, parentName, placeOf, type Places } from './routes.js';
import { PERMISSIONS } from './teams.js';

type Make = (body: Places) => string;

/** Vulnerable packages by ecosystem, with the manifest that declares them. */
const ECOSYSTEMS = [
  { ecosystem: 'npm', names: ['lodash', 'minimist', 'axios', 'express', 'semver'], manifest: 'package-lock.json' },
  { ecosystem: 'pip', names: ['requests', 'django', 'urllib3', 'jinja2'], manifest: 'requirements.txt' },
  { ecosystem: 'rubygems', names: ['rails', 'nokogiri', 'rack'], manifest: 'Gemfile.lock' },
  { ecosystem: 'maven', names: ['com.fasterxml.jackson.core:jackson-databind', 'org.apache.logging.log4j:log4j-core'], manifest: 'pom.xml' },
  { ecosystem: 'go', names: ['golang.org/x/net', 'github.com/gin-gonic/gin'], manifest: 'go.mod' },
  { ecosystem: 'composer', names: ['guzzlehttp/guzzle', 'symfony/http-kernel'], manifest: 'composer.lock' },
] as const;
/** Weaknesses advisories cite: id and name. */
const CWES = [
  ['CWE-79', "Improper Neutralization of Input During Web Page Generation ('Cross-site Scripting')"],
  ['CWE-89', "Improper Neutralization of Special Elements used in an SQL Command ('SQL Injection')"],
  ['CWE-22', "Improper Limitation of a Pathname to a Restricted Directory ('Path Traversal')"],
  ['CWE-400', 'Uncontrolled Resource Consumption'],
  ['CWE-502', 'Deserialization of Untrusted Data'],
  ['CWE-1321', "Improperly Controlled Modification of Object Prototype Attributes ('Prototype Pollution')"],
] as const;
/** GitHub's default discussion categories: name, slug, emoji, description. */
const CATEGORIES = [
  ['General', 'general', ':speech_balloon:', 'Chat about anything and everything here'],
  ['Q&A', 'q-a', ':pray:', 'Ask the community for help'],
  ['Ideas', 'ideas', ':bulb:', 'Share ideas for new features'],
  ['Show and tell', 'show-and-tell', ':raised_hands:', "Show off something you've made"],
  ['Announcements', 'announcements', ':mega:', 'Updates from maintainers'],
] as const;
/** GitHub's default issue types: name and description. */
const ISSUE_TYPES = [
  ['Bug', 'An unexpected problem or behavior'],
  ['Feature', 'A request, idea, or new functionality'],
  ['Task', 'A specific piece of work'],
] as const;
const SECRETS = [
  ['github_personal_access_token', 'GitHub Personal Access Token'],
  ['aws_access_key_id', 'AWS Access Key ID'],
  ['stripe_api_key', 'Stripe API Key'],
  ['slack_incoming_webhook_url', 'Slack Incoming Webhook URL'],
] as const;
/** Files a code scanning alert is found in. */
const SOURCE_FILES = ['src/index.js', 'src/server/routes.ts', 'lib/auth.js', 'app/models/user.rb', 'src/main/java/com/example/App.java'];
/** The titles of commits that start workflow runs. */
const COMMIT_TITLES = ['Fix flaky test in CI', 'Bump lodash from 4.17.20 to 4.17.21', 'Add retry to webhook handler', 'Update README', 'Merge pull request #42 from feature/login'];
const CODE_RULES = ['js/sql-injection', 'js/xss', 'js/path-injection', 'py/sql-injection', 'java/ssrf'] as const;
const CVSS = {
  cvss_v4: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
  other: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H',
};

/** One pick among `count` per body and `name`, so that the fields of one thing agree (a category's name, slug and emoji). */
const pickOnce = (body: Places, name: string, count: number): number => fact(body, name, ({ scene }) => scene.int(0, count - 1));

/** The code scanning rule of one body's alert: its id and name are the same. */
const codeRule: Make = (body) => CODE_RULES[pickOnce(body, 'code rule', CODE_RULES.length)]!;

/** The vulnerable package and versions of one body's alert or advisory. */
function vulnerable(body: Places) {
  const entry = ECOSYSTEMS[pickOnce(body, 'vulnerable.ecosystem', ECOSYSTEMS.length)]!;
  const name = entry.names[pickOnce(body, 'vulnerable.name', entry.names.length)]!;
  const patched = `${pickOnce(body, 'vulnerable.major', 5) + 1}.${pickOnce(body, 'vulnerable.minor', 20)}.${pickOnce(body, 'vulnerable.patch', 12) + 1}`;
  return { ...entry, name, patched };
}

/**
 * The maker of the plain string at `path` of an `event` body when GitHub gives it a known form, else
 * `undefined` (the walk draws it).
 */
export function knownString(event: string, path: ShapePath, action?: string): Make | undefined {
  const last = path.length - 1;
  const key = path[last] as string;
  const parent = parentName(path, last - 1);
  const place = placeOf(path, last);
  switch (key) {
    case 'label':
      return parent === 'head' || parent === 'base' ? ({ scene }) => `${scene.owner.login}:${scene.repo.defaultBranch}` : undefined;
    case 'mergeable_state':
      return ({ scene }) => scene.pick(['clean', 'unstable', 'blocked', 'behind', 'dirty', 'unknown']);
    case 'permission':
      return ({ scene }) => scene.pick(PERMISSIONS);
    case 'emoji':
    case 'name':
    case 'slug':
    case 'description':
      if (parent === 'category') {
        const column = key === 'name' ? 0 : key === 'slug' ? 1 : key === 'emoji' ? 2 : 3;
        return (body) => CATEGORIES[pickOnce(body, `category ${place}`, CATEGORIES.length)]![column];
      }
      if (parent === 'type' && (key === 'name' || key === 'description')) {
        const column = key === 'name' ? 0 : 1;
        return (body) => ISSUE_TYPES[pickOnce(body, `issue type ${place}`, ISSUE_TYPES.length)]![column];
      }
      if (key === 'description') return undefined;
      if (parent === 'cwes' && key === 'name') return (body) => CWES[pickOnce(body, `cwe ${place}`, CWES.length)]![1];
      if (parent === 'package' && key === 'name') return (body) => vulnerable(body).name;
      if ((parent === 'repo' || parent === 'repositories') && key === 'name') return ({ scene }) => scene.repo.name;
      if (parent === 'assets' && key === 'name') return ({ scene }) => `${scene.repo.name}-${scene.pick(['linux-x64', 'darwin-arm64', 'windows-x64'])}.tar.gz`;
      if (parent === 'tool' && key === 'name') return () => 'CodeQL';
      if (parent === 'workflow_run' && key === 'name') return ({ scene }) => scene.pick(['CI', 'Deploy', 'Release', 'CodeQL']);
      if (parent === 'plan' && key === 'name') return ({ scene }) => scene.pick(['Free', 'Pro', 'Team', 'Enterprise']);
      if (parent === 'tier' && key === 'name') return ({ scene }) => `$${scene.pick([5, 10, 25, 100])} a month`;
      if (parent === 'rule' && key === 'name') return event.startsWith('code_scanning') ? codeRule : ({ scene }) => scene.repo.defaultBranch;
      return undefined;
    case 'cwe_id':
      return (body) => CWES[pickOnce(body, `cwe ${place}`, CWES.length)]![0];
    case 'cve_id':
      return (body) => `CVE-${2021 + pickOnce(body, 'cve.year', 5)}-${10_000 + pickOnce(body, 'cve.number', 40_000)}`;
    case 'vector_string':
      return () => (parent === 'cvss_v4' ? CVSS.cvss_v4 : CVSS.other);
    case 'ecosystem':
      return parent === 'package' ? (body) => vulnerable(body).ecosystem : undefined;
    case 'manifest_path':
      return (body) => vulnerable(body).manifest;
    case 'vulnerable_version_range':
      return (body) => `< ${vulnerable(body).patched}`;
    case 'identifier':
      return parent === 'first_patched_version' ? (body) => vulnerable(body).patched : undefined;
    case 'state_reason':
      // Where the schema has no null: a closed issue was completed, an open one was reopened.
      return parent === 'issue' ? () => (action === 'closed' ? 'completed' : 'reopened') : undefined;
    case 'effective_date':
      return ({ scene }) => isoSeconds(scene.now);
    case 'path':
      return parent === 'location' ? ({ scene }) => scene.pick(SOURCE_FILES) : undefined;
    case 'head_branch':
      return parent === 'workflow_run' ? ({ scene }) => scene.repo.defaultBranch : undefined;
    case 'display_title':
      return ({ scene }) => scene.pick(COMMIT_TITLES);
    case 'check_suite_node_id':
      return ({ scene }) => nodeId('CS', [scene.repo.id, scene.int(1_000_000, 2_900_000_000)]);
    case 'unit_name':
      return parent === 'plan' ? () => 'seat' : undefined;
    case 'insecure_ssl':
      return () => '0';
    case 'secret':
      // A webhook's secret: GitHub never sends it, only asterisks.
      return parent === 'config' ? () => '********' : undefined;
    case 'secret_type':
      return (body) => SECRETS[pickOnce(body, 'secret', SECRETS.length)]![0];
    case 'secret_type_display_name':
      return (body) => SECRETS[pickOnce(body, 'secret', SECRETS.length)]![1];
    case 'version':
      return parent === 'tool' ? () => '2.19.3' : undefined;
    case 'analysis_key':
      return () => '.github/workflows/codeql.yml:analyze';
    case 'category':
      return parent === 'most_recent_instance' ? () => '/language:javascript-typescript' : undefined;
    case 'id':
      return parent === 'rule' ? codeRule : undefined;
    case 'event':
      return parent === 'workflow_run' ? ({ scene }) => scene.pick(['push', 'pull_request', 'schedule', 'workflow_dispatch']) : undefined;
    case 'commit_title':
      return parent === 'auto_merge' ? ({ scene }) => `${drawText('title', scene.faker)} (#${scene.int(1, 400)})` : undefined;
    case 'commit_message':
      return parent === 'auto_merge' ? ({ scene }) => drawText('sentence', scene.faker) : undefined;
    case 'task':
      return () => 'deploy';
    case 'original_environment':
      return ({ scene }) => scene.pick(['production', 'staging']);
    case 'project_node_id':
      return ({ scene }) => nodeId('PVT', [scene.owner.id, scene.int(1, 90)]);
    case 'content_node_id':
      return ({ scene }) => nodeId('I', [scene.repo.id, scene.int(1_000_000, 2_900_000_000)]);
    default:
      return undefined;
  }
}
