/**
 * A throwaway user project outside the repo: its `relaykit` is this package (built, in dist/), its
 * other dependencies are this repo's installed packages. Runs Vitest there as a user would.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface Project {
  readonly dir: string;
  remove(): void;
}

/** Writes `files` into a new project; `relaykit` links to this package, `packages` to the repo's node_modules. */
export function createProject(files: Record<string, string>, packages: string[] = ['vitest']): Project {
  const dir = mkdtempSync(path.join(tmpdir(), 'relaykit-vitest-project-'));
  mkdirSync(path.join(dir, 'node_modules'));
  symlinkSync(root, path.join(dir, 'node_modules', 'relaykit'), 'dir');
  for (const name of packages) {
    mkdirSync(path.dirname(path.join(dir, 'node_modules', name)), { recursive: true });
    symlinkSync(path.join(root, 'node_modules', name), path.join(dir, 'node_modules', name), 'dir');
  }
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
  for (const [name, source] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), source);
  }
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface VitestRun {
  code: number | null;
  output: string;
  /** Per test (full name): its status and failure messages. */
  tests: Map<string, { status: string; failures: string[] }>;
}

/** Runs `vitest run` in the project with a JSON report. */
export async function runVitest(project: Project, env: NodeJS.ProcessEnv = {}): Promise<VitestRun> {
  const report = path.join(project.dir, 'report.json');
  const vitest = path.join(project.dir, 'node_modules/vitest/vitest.mjs');
  const child = spawn(process.execPath, [vitest, 'run', '--reporter=json', `--outputFile=${report}`], {
    cwd: project.dir,
    env: { PATH: process.env.PATH, NO_COLOR: '1', ...env },
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const tests = new Map<string, { status: string; failures: string[] }>();
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as {
      testResults: { assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
    };
    for (const file of json.testResults) {
      for (const test of file.assertionResults) tests.set(test.fullName, { status: test.status, failures: test.failureMessages });
    }
  } catch {
    // No report: the run failed to start; `output` says why.
  }
  return { code, output, tests };
}
