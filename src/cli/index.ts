#!/usr/bin/env node
import { runCli } from './program.js';

// `relay events | head`: a reader that closes early is not an error. A pipe reports it as EPIPE; the
// socket pair a parent process (Node's child_process) reads through may report ECONNRESET instead.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE' || error.code === 'ECONNRESET') process.exit(process.exitCode ?? 0);
    throw error;
  });
}

process.exitCode = await runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env });
