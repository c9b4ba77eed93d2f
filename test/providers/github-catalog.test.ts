/**
 * The whole GitHub catalog against GitHub's official webhooks OpenAPI (`@octokit/openapi-webhooks`):
 * exactly its 261 event-actions, every body valid against its own schema for several seeds (and as
 * an App delivery), the headers the spec requires, consistent users, repositories and numbers, the
 * generated modules up to date with the generator, and the generic body of a type outside the catalog.
 * Every delivery is built once, at module scope; the assertions run over the table.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { emitterEventNames } from '@octokit/webhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { generatedModules } from '../../scripts/gen/github.js';
import { buildDelivery, type Delivery } from '../../src/harness/build-delivery.js';
import { builder } from '../../src/providers/github/build.js';
import { appOnlyEventTypes, catalog, githubEventTypes } from '../../src/providers/github/catalog.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { header, objects } from '../support/json.js';

type Json = Record<string, any>;
interface SpecSchema {
  required?: string[];
  oneOf?: SpecSchema[];
  properties?: Record<string, { enum?: string[]; const?: string; type?: string }>;
}
interface Spec {
  components: { schemas: Record<string, SpecSchema> };
  webhooks: Record<
    string,
    { post: { operationId: string; parameters?: { name: string; in: string; required?: boolean }[]; requestBody: any; 'x-github'?: { 'supported-webhook-types'?: string[] } } }
  >;
}

const require = createRequire(import.meta.url);
const spec = require('@octokit/openapi-webhooks/generated/api.github.com.json') as Spec;
const secret = 'gh-catalog-secret';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);
const SEEDS = [1, 2, 3];
/**
 * Schemas no value can satisfy: `repository-advisory` requires `author`, `publisher` and
 * `private_fork` and types each as `type: ["null"]` together with `allOf: [<object schema>]`.
 * The bodies carry what GitHub sends there (a user, a repository); the test pins that these three
 * paths are the only errors.
 */
const UNSATISFIABLE: Record<string, string[]> = {
  'repository_advisory.published': ['/repository_advisory/author', '/repository_advisory/private_fork', '/repository_advisory/publisher'],
  'repository_advisory.reported': ['/repository_advisory/author', '/repository_advisory/private_fork', '/repository_advisory/publisher'],
};

/** The spec's webhooks as `<X-GitHub-Event>[.<action>]`, with their schema and required headers, derived here from the spec alone. */
const official = Object.values(spec.webhooks).map((hook) => {
  const [event, action] = hook.post.operationId.split('/') as [string, string | undefined];
  const schema = (hook.post.requestBody.content['application/json'].schema.$ref as string).split('/').pop()!;
  const body = spec.components.schemas[schema]!;
  const actionSchema = (body.oneOf ?? [body]).map((branch) => branch.properties?.action).find(Boolean);
  const value = actionSchema ? (actionSchema.enum?.[0] ?? actionSchema.const ?? action) : undefined;
  const name = event.replace(/-/g, '_');
  const headers = (hook.post.parameters ?? []).filter((p) => p.in === 'header' && p.required).map((p) => p.name);
  const hooks = hook.post['x-github']?.['supported-webhook-types'] ?? [];
  return { type: value === undefined ? name : `${name}.${value}`, event: name, action: value, schema, headers, hooks };
});
const byType = new Map(official.map((hook) => [hook.type, hook]));

interface Built {
  type: string;
  seed: number;
  delivery: Delivery;
  body: Json;
}
const built: Built[] = [];
const apps: Built[] = [];
const validators = new Map<string, ValidateFunction>();
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  for (const type of githubEventTypes) {
    for (const seed of SEEDS) {
      const delivery = await buildDelivery('github', type, { secret, seed, timestamp: at });
      built.push({ type, seed, delivery, body: JSON.parse(delivery.body) as Json });
    }
    const delivery = await buildDelivery('github', type, { secret, seed: 9, timestamp: at, app: { id: 424242, installationId: 51515151 } });
    apps.push({ type, seed: 9, delivery, body: JSON.parse(delivery.body) as Json });
  }
  // 261 large schemas: refs compiled once and shared (inlineRefs off), no meta-schema pass over the
  // 4.8 MB spec, no code optimizer; about a third of the default compile time.
  ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, inlineRefs: false, code: { optimize: false } });
  addFormats(ajv);
  ajv.addSchema({ $id: 'gh', components: spec.components });
  for (const hook of official) validators.set(hook.type, ajv.compile({ $ref: `gh#/components/schemas/${hook.schema}` }));
});

/** The instance paths of `body`'s errors against its type's schema, sorted (empty when valid). */
function errorsOf(type: string, body: Json): string[] {
  const validate = validators.get(type)!;
  if (validate(body)) return [];
  return [...new Set((validate.errors ?? []).map((e) => `${e.instancePath} ${e.message ?? ''}`))].sort();
}

describe('the GitHub catalog', () => {
  it("is exactly the spec's 261 webhooks, all names @octokit/webhooks emits, and resolves nothing else", () => {
    expect(official).toHaveLength(261);
    expect([...githubEventTypes].sort()).toEqual(official.map((hook) => hook.type).sort());
    expect(githubEventTypes.filter((type) => !(emitterEventNames as readonly string[]).includes(type))).toEqual([]);
    for (const type of githubEventTypes) expect(catalog.resolve(type)).toBe(type);
    for (const typo of ['issues.reopen', 'pull_request', 'watch', 'deployment_status']) expect(catalog.resolve(typo)).toBeUndefined();
  });

  it('has generated modules up to date with scripts/gen/github.ts', () => {
    for (const [file, text] of Object.entries(generatedModules())) {
      expect(readFileSync(new URL(`../../src/providers/github/generated/${file}`, import.meta.url), 'utf8'), file).toBe(text);
    }
  });
});

describe('every GitHub event-action against its official schema', () => {
  it(`validates for seeds ${SEEDS.join(', ')} (ajv), apart from the paths no value satisfies`, () => {
    const failures: string[] = [];
    for (const { type, seed, body } of built) {
      const errors = errorsOf(type, body);
      const allowed = UNSATISFIABLE[type];
      if (allowed ? errors.some((e) => !allowed.includes(e.split(' ')[0]!)) : errors.length > 0) failures.push(`${type} (seed ${seed}): ${errors.join('; ')}`);
    }
    expect(failures).toEqual([]);
    expect(built).toHaveLength(261 * SEEDS.length);
  });

  it('validates as an App delivery too', () => {
    const failures = apps.flatMap(({ type, body }) => {
      const errors = errorsOf(type, body).filter((e) => !UNSATISFIABLE[type]?.includes(e.split(' ')[0]!));
      return errors.length > 0 ? [`${type}: ${errors.join('; ')}`] : [];
    });
    expect(failures).toEqual([]);
  });

  it('pins the unsatisfiable schema paths: a body there fails exactly on them', () => {
    for (const type of Object.keys(UNSATISFIABLE)) {
      const { body } = built.find((b) => b.type === type)!;
      expect(new Set(errorsOf(type, body).map((e) => e.split(' ')[0]))).toEqual(new Set(UNSATISFIABLE[type]));
    }
  });

  it('rejects a drawn body without a required key (negative control)', () => {
    const { body } = built.find((b) => b.type === 'label.created')!;
    const broken = { ...body, label: { ...body.label } };
    delete broken.label.color;
    expect(errorsOf('label.created', broken).join()).toContain("must have required property 'color'");
  });
});

describe('GitHub deliveries of every type', () => {
  it('carry the event header, the action and every header the spec requires', () => {
    for (const { type, delivery, body } of built) {
      const hook = byType.get(type)!;
      expect(hook.headers.filter((name) => !header(delivery.headers, name)), type).toEqual([]);
      expect(delivery.headers['X-GitHub-Event'], type).toBe(hook.event);
      expect(body.action, type).toBe(hook.action);
      expect(delivery.headers['X-GitHub-Hook-Installation-Target-ID'], type).toMatch(/^[1-9][0-9]*$/);
    }
  });

  it('go to a hook the spec delivers them to: the repository, organization, sponsors listing or Marketplace, or, for App-only types, the App', () => {
    for (const { type, delivery, body } of built) {
      const { hooks } = byType.get(type)!;
      const target = [type, delivery.headers['X-GitHub-Hook-Installation-Target-Type'], delivery.headers['X-GitHub-Hook-Installation-Target-ID']];
      if (appOnlyEventTypes.has(type)) {
        expect(target[1], type).toBe('integration');
        if (type !== 'github_app_authorization.revoked') expect(body.installation.id, type).toEqual(expect.any(Number));
        continue;
      }
      expect(body.installation, type).toBeUndefined();
      if (hooks.includes('repository') && body.repository) expect(target).toEqual([type, 'repository', String(body.repository.id)]);
      else if (hooks.includes('organization') && body.organization) expect(target).toEqual([type, 'organization', String(body.organization.id)]);
      else if (hooks.includes('sponsors_listing')) expect(target).toEqual([type, 'sponsors_listing', String(body.sponsorship.sponsorable.id)]);
      else expect(target[1], type).toBe(hooks.includes('marketplace') ? 'marketplace' : 'integration');
      // Events no repository hook or App receives name no repository.
      if (!hooks.includes('repository') && !hooks.includes('app')) expect(body.repository, type).toBeUndefined();
    }
    expect([...appOnlyEventTypes].sort()).toEqual(expect.arrayContaining(['check_suite.requested', 'installation.created', 'github_app_authorization.revoked']));
  });

  it('as App deliveries, carry the given installation and App ids', () => {
    for (const { type, delivery, body } of apps) {
      expect([type, delivery.headers['X-GitHub-Hook-Installation-Target-Type'], delivery.headers['X-GitHub-Hook-Installation-Target-ID']]).toEqual([type, 'integration', '424242']);
      // A revoked authorization is the user's, and ping describes the hook: no installation.
      if (type === 'github_app_authorization.revoked' || type === 'ping') {
        expect(body.installation, type).toBeUndefined();
        continue;
      }
      expect(body.installation.id, type).toBe(51515151);
      if ('app_id' in body.installation) expect(body.installation.app_id, type).toBe(424242);
      else expect(body.installation, type).toEqual({ id: 51515151, node_id: Buffer.from('023:IntegrationInstallation51515151').toString('base64') });
    }
  });

  it('name users, repositories and numbers consistently', () => {
    for (const { type, body } of built) {
      for (const [path, o] of objects(body)) {
        const where = `${type} ${path}`;
        if (typeof o.login === 'string' && typeof o.received_events_url === 'string' && typeof o.url === 'string') {
          expect(o.url, where).toBe(`https://api.github.com/users/${o.login}`);
          expect(o.html_url, where).toBe(`https://github.com/${o.login}`);
        }
        if (typeof o.full_name === 'string' && typeof o.owner?.login === 'string' && typeof o.clone_url === 'string') {
          expect(o.full_name, where).toBe(`${o.owner.login}/${o.name}`);
          expect(o.url, where).toBe(`https://api.github.com/repos/${o.full_name}`);
          expect(o.html_url, where).toBe(`https://github.com/${o.full_name}`);
        }
      }
      const numbers = [body.number, body.pull_request?.number, body.issue?.number].filter((n) => typeof n === 'number');
      expect(new Set(numbers).size, `${type}: ${numbers.join(', ')}`).toBeLessThanOrEqual(1);
      if (body.repository && body.organization) expect(body.organization.login, type).toBe(body.repository.owner.login);
      expect(typeof body.sender === 'object' || !('sender' in body), type).toBe(true);
    }
  });
});

describe('a GitHub type outside the catalog', () => {
  it('gets a generic body: its action, the repository and the sender, with data merged', () => {
    const build = (eventType: string) =>
      builder.build({ eventType, faker: seededFaker(4), now: at, data: { issue: { number: 12 }, custom: true } });
    const withAction = build('issues.frobnicated');
    const body = JSON.parse(withAction.body) as Json;
    expect(withAction.headers['X-GitHub-Event']).toBe('issues');
    expect(body.action).toBe('frobnicated');
    expect(body.repository.full_name).toMatch(/^[\w.-]+\/[\w.-]+$/);
    expect(body.sender.login).toEqual(expect.any(String));
    expect(body.custom).toBe(true);
    expect(body.issue).toEqual({ number: 12 });
    expect(withAction.headers['X-GitHub-Hook-Installation-Target-ID']).toBe(String(body.repository.id));
    const bare = JSON.parse(build('frobnication').body) as Json;
    expect('action' in bare).toBe(false);
  });
});
