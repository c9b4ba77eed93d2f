#!/usr/bin/env node
/**
 * `npm test`'s first step: the type check (`npm run typecheck`) beside the import rules and the build
 * (`npm run lint:imports`, then `npm run build`: the tests run the CLI from dist/). The two lines of
 * work share nothing, and on a two-core machine running them side by side saves a quarter of a
 * minute. Each one's output is printed whole once it ends, so the two never interleave; the exit
 * code is the first failure's, and a failure stops nothing already running.
 *
 *   node scripts/checks.mjs
 */
import { spawn } from 'node:child_process';

const lines = [['typecheck'], ['lint:imports', 'build']];

/** Runs `scripts` one after the other; resolves to the exit code of the first that fails, else 0. */
async function line(scripts) {
  for (const script of scripts) {
    const code = await new Promise((resolve) => {
      const child = spawn('npm', ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      child.on('error', (error) => {
        output += `${error.message}\n`;
      });
      child.on('close', (status) => {
        process.stdout.write(`> npm run ${script}\n${output}`);
        resolve(status ?? 1);
      });
    });
    if (code !== 0) {
      process.stderr.write(`npm run ${script} failed (exit ${code})\n`);
      return code;
    }
  }
  return 0;
}

const codes = await Promise.all(lines.map(line));
process.exitCode = codes.find((code) => code !== 0) ?? 0;
