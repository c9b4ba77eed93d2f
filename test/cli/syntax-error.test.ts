/**
 * A relay.ts that does not parse: every command that loads it (the built bin in its own process) says
 * where, as `file:line:column` with the offending line and a caret, in place of jiti's bare
 * `ParseError: Unexpected token`, and exits 2 without a stack trace.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanUp, project, relay } from './bin.js';

afterAll(cleanUp);

const brokenRelayTs = [
  "import { createRelay } from 'relaykit';",
  '',
  'export default createRelay({',
  '  handlers: {',
  "    'stripe.*': async () => {",
  '      const total = ;',
  '    },',
  '  },',
  '});',
  '',
].join('\n');

describe('a relay.ts with a syntax error', () => {
  it('relay dev, replay and inspect print file:line:column, the line and a caret under the column, and exit 2', async () => {
    const dir = project(brokenRelayTs);
    const file = path.join(dir, 'relay.ts');
    const id = 'exec_01JZZZZZZZZZZZZZZZZZZZZZZZ';
    const runs = await Promise.all([
      relay(['dev', '--dir', dir, '--port', '0']),
      relay(['replay', id, '--print', '--dir', dir]),
      relay(['inspect', id, '--dir', dir]),
    ]);
    for (const result of runs) {
      expect(result).toEqual({
        code: 2,
        stdout: '',
        stderr: [
          `relay: syntax error at ${file}:6:21: Unexpected token`,
          '  6 |       const total = ;',
          '    |                     ^',
          '',
        ].join('\n'),
      });
    }
  });

  it('names the imported module that has the error, and keeps tabs so the caret lines up', async () => {
    const dir = project("export { default } from './handlers.ts';\n");
    const handlers = path.join(dir, 'handlers.ts');
    writeFileSync(handlers, 'export default {\n\tsteps: {\n\t\tcharge: 1 2,\n\t},\n};\n');
    const { code, stderr } = await relay(['dev', '--dir', dir, '--port', '0']);
    expect(code).toBe(2);
    expect(stderr).toBe(
      [
        `relay: could not load ${path.join(dir, 'relay.ts')}: syntax error at ${handlers}:3:13: Unexpected token, expected ","`,
        '  3 | \t\tcharge: 1 2,',
        '    | \t\t          ^',
        '',
      ].join('\n'),
    );
  });
});
