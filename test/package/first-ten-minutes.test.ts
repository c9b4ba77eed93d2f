/**
 * The README's "First ten minutes", run as written: its relay.ts, vitest.config.ts and test file are
 * written into a new project (relaykit is this package's build, linked), the test file passes under
 * Vitest with the plugin, and the commands it shows (`relay dev`, `relay trigger`, `relay inspect`,
 * the dashboard) give what it shows. A change that makes the section untrue fails here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, relay, root, startDev, until } from '../cli/bin.js';
import { createProject, runVitest, type Project } from '../vitest-plugin/project.js';

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## First ten minutes'), readme.indexOf('\n## ', readme.indexOf('## First ten minutes') + 1));

/** The section's code blocks: language and text. */
const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].map(([, lang, text]) => ({ lang: lang!, text: text! }));

/** The files the section names in a first-line comment (`// relay.ts`). */
const files = Object.fromEntries(
  blocks.flatMap(({ text }) => {
    const name = /^\/\/ ([\w.]+\.ts)\n/.exec(text)?.[1];
    return name ? [[name, text]] : [];
  }),
);

/** `$ npx relay …` and `npx relay …` lines of the section, split as a shell splits them (single quotes only). */
function commands(): string[][] {
  const lines = blocks.filter((b) => b.lang === 'sh' || b.lang === 'console').flatMap((b) => b.text.split('\n'));
  return lines
    .map((line) => /^(?:\$ )?npx relay (.*?)(?:\s+#.*)?$/.exec(line)?.[1])
    .filter((rest): rest is string => rest !== undefined)
    .map((rest) => [...rest.matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!));
}

let project: Project;
const secret = /export STRIPE_WEBHOOK_SECRET=(\S+)/.exec(section)?.[1];

beforeAll(() => {
  project = createProject(files);
});
afterAll(async () => {
  project?.remove();
  await cleanUp();
});

describe("the README's first ten minutes", () => {
  it('names the three files and the secret it runs with', () => {
    expect(Object.keys(files).sort()).toEqual(['payments.test.ts', 'relay.ts', 'vitest.config.ts']);
    expect(secret).toMatch(/^whsec_/);
    expect(commands().map((argv) => argv[0])).toEqual(['dev', 'trigger', 'inspect']);
  });

  it('its handler test passes under Vitest with the plugin', async () => {
    const run = await runVitest(project);
    expect(run.code, run.output).toBe(0);
    expect([...run.tests.values()].map((t) => t.status)).toEqual(['passed']);
  }, 60_000);

  it('relay dev, relay trigger and relay inspect print what it shows, and the dashboard answers', async () => {
    const env = { STRIPE_WEBHOOK_SECRET: secret! };
    // The section's relay dev takes the default port; here an ephemeral one, named through SERVICE_BASE_URL.
    const dev = await startDev(project.dir, env);
    const [, trigger, inspect] = commands();
    const triggered = await relay(trigger!, { cwd: project.dir, env: { ...env, SERVICE_BASE_URL: dev.url } });
    expect(triggered.code, triggered.stderr).toBe(0);
    const [post, status, ...body] = triggered.stdout.trimEnd().split('\n');
    expect(post).toBe(`[relay trigger] POST ${dev.url}/api/webhook/stripe`);
    expect(status).toBe('[relay trigger] 200');
    const execution = JSON.parse(body.join('\n')) as { id: string; eventType: string; status: string };
    expect(execution).toMatchObject({ eventType: 'stripe.payment_intent.succeeded', status: 'pending' });

    const argv = inspect!.map((arg) => (arg.startsWith('exec_') ? execution.id : arg));
    const inspected = await until(async () => {
      const result = await relay(argv, { cwd: project.dir });
      return result.stdout.includes('Status:        completed') ? result : undefined;
    }, 'the handler to complete');
    const lines = inspected.stdout.split('\n');
    expect(lines[0]).toBe(`Execution:     ${execution.id}`);
    expect(lines).toContain('Steps (1):');
    expect(lines.some((line) => /^ {2}record-payment {2}completed {2}\d+ ms$/.test(line))).toBe(true);
    expect(lines.some((line) => /^ {2}\S+Z {2}info {3}payment recorded$/.test(line))).toBe(true);

    const page = await fetch(`${dev.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  }, 60_000);
});
