/**
 * `relay fixture save <id> <file> [--no-scrub] [--force]`: a stored delivery (a capture, usually) written as a
 * fixture file, without its signature and, by default, with personal data and secrets replaced by fakes.
 * The fakes are keyed by the project's scrub key (`.relay/scrub-key`, made on first use, or
 * `RELAY_SCRUB_KEY`), so the same value gets the same fake in every fixture of the project. An
 * existing file is left as it is unless `--force` is given: a fixture may hold hand edits.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENV_NAMES, RelayError } from '../../core/index.js';
import { checkExecutionId, createFixture, formatFixture } from '../../harness/index.js';
import { isBuiltInProvider } from '../../providers/index.js';
import { EXIT, type Output } from '../output.js';
import { notFound, openStoredProject } from '../project.js';

/** cac's options of `relay fixture`, unchecked. */
export interface FixtureCliOptions {
  dir?: unknown;
  /** `false` with `--no-scrub`. */
  scrub?: unknown;
  /** Overwrite an existing file. */
  force?: unknown;
}

const PREFIX = '[relay fixture]';

function exists(file: string): RelayError {
  return new RelayError('USAGE', `${file} already exists; relay fixture save does not overwrite a fixture. Pass --force to replace it, or choose another file.`);
}

/** The project's scrub key: `RELAY_SCRUB_KEY`, else `.relay/scrub-key` in `dir`, created (random, owner-only) on first use. */
export function scrubKey(dir: string, env: NodeJS.ProcessEnv): string {
  const fromEnv = env[ENV_NAMES.scrubKey];
  if (fromEnv) return fromEnv;
  const file = path.join(dir, '.relay', 'scrub-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32).toString('hex');
  // Written whole under another name, then linked into place: several saves started at once each find
  // either no key or a complete one (a file created empty and then written could be read empty), and
  // the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, `${key}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFileSync(file, 'utf8').trim();
  } finally {
    rmSync(draft, { force: true });
  }
}

/**
 * Runs `relay fixture <action> <id> <file>`; resolves to the exit code.
 * @example
 * await fixtureCommand(out, env, 'save', 'evt_01J…', 'fixtures/refund.json', { dir: '.' });
 */
export async function fixtureCommand(
  out: Output,
  env: NodeJS.ProcessEnv,
  action: string,
  id: string | undefined,
  file: string | undefined,
  options: FixtureCliOptions,
): Promise<number> {
  if (action !== 'save') throw new RelayError('USAGE', `unknown action "${action}" for relay fixture. Use: relay fixture save <id> <file> [--no-scrub] [--force].`);
  if (id === undefined || file === undefined) throw new RelayError('USAGE', 'relay fixture save needs an id and a file: relay fixture save <id> <file> [--no-scrub] [--force].');
  checkExecutionId(id);
  const scrub = options.scrub !== false;
  const target = path.resolve(file);
  const force = options.force === true;
  // Checked before the store is opened, and again by the write itself ('wx'), which never replaces a file.
  if (!force && existsSync(target)) throw exists(file);
  const project = await openStoredProject('fixture save', options.dir);
  let fixture;
  try {
    const store = project.relay.store;
    const execution = id.startsWith('evt_') ? await store.getExecutionByEventId(id) : await store.getExecution(id);
    const event = execution ? await store.getEvent(execution.eventId) : undefined;
    if (!event) throw await notFound(project, id);
    const plugin = project.relay.plugins.get(event.provider);
    if (!plugin || !isBuiltInProvider(plugin)) {
      throw new RelayError('USAGE', `${id} arrived at the custom plugin "${event.provider}"; fixtures are for the built-in providers (stripe, github, clerk, shopify, resend).`);
    }
    if (event.captured !== true) out.error(`${PREFIX} note: ${event.id} is not a capture (it was not received by relay capture); saving it anyway.`);
    fixture = createFixture(event, scrub ? { scrubKey: scrubKey(project.dir, env) } : { scrub: false });
  } finally {
    await project.relay.close();
  }
  try {
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, formatFixture(fixture), { flag: force ? 'w' : 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw exists(file);
    throw new RelayError('USAGE', `cannot write ${file}: ${(error as Error).message}`);
  }
  out.line(`${PREFIX} wrote ${file}: ${fixture.provider} ${fixture.eventType}, ${scrub ? `${fixture.scrubbed.length} values scrubbed` : 'not scrubbed (--no-scrub)'}`);
  if (!scrub) out.error(`${PREFIX} warning: --no-scrub keeps personal data and secrets of the delivery in ${file}; do not commit it.`);
  out.line(out.dim(`Send it: relay trigger --fixture ${file} --to http://localhost:4000/webhooks/${fixture.provider}`));
  return EXIT.ok;
}
