/** `relay --help` and `relay <command> --help`: every option described and shown in an example; mistakes exit 2. */
import { describe, expect, it } from 'vitest';
import { run } from './run.js';

/** The lines of a help section, without its title. */
function section(help: string, title: string): string[] {
  const match = new RegExp(`\\n${title}:\\n((?: .*\\n?)*)`).exec(help);
  return match ? match[1]!.trimEnd().split('\n') : [];
}

describe('relay help', () => {
  it('lists every command, and the exit codes', async () => {
    const result = await run(['--help']);
    expect(result.code).toBe(0);
    const commands = section(result.stdout, 'Commands').map((line) => line.trim().split(/\s{2,}/)[0]);
    expect(commands).toEqual([
      'events [provider]',
      'trigger [provider] [eventType]',
      'flows [provider]',
      'flow <provider> <name>',
      'replay <eventId|executionId>',
      'inspect <eventId|executionId>',
      'dev',
      'emulate',
      'capture',
      'captures',
      'fixture <action> [id] [file]',
    ]);
    expect(section(result.stdout, 'Exit codes')).toEqual([
      '  0  success',
      '  1  the service answered with a status other than 2xx, or could not be reached',
      '  2  usage or input error, nothing was sent; or relay dev could not start (port in use, bad option or relay.ts)',
    ]);
  });

  it('relay trigger --help says --timestamp takes ISO 8601, epoch seconds and epoch milliseconds', async () => {
    const result = await run(['trigger', '--help']);
    const line = section(result.stdout, 'Options').find((l) => l.trimStart().startsWith('--timestamp'));
    expect(line).toMatch(/ISO 8601 .*epoch seconds .*epoch milliseconds/);
  });

  it.each(['trigger', 'flow', 'flows', 'replay', 'inspect', 'events', 'dev', 'emulate', 'capture', 'captures', 'fixture'])('relay %s --help describes each option and shows each in an example', async (command) => {
    const result = await run([command, '--help']);
    expect(result.code).toBe(0);
    const options = section(result.stdout, 'Options')
      .map((line) => /^ {2}((?:-\w, )?--[\w-]+)(?: <[^>]+>)?\s{2,}(\S.*)$/.exec(line))
      .filter((m) => m !== null && !['-h, --help'].includes(m[1]!));
    expect(options.length).toBeGreaterThan(0);
    const examples = section(result.stdout, 'Examples').join('\n');
    for (const match of options) {
      const flags = match![1]!.split(', ');
      expect(match![2]!.length, `${flags} has a description`).toBeGreaterThan(15);
      expect(
        flags.some((flag) => new RegExp(`${flag}(?![\\w-])`).test(examples)),
        `an example of relay ${command} uses ${flags.join(' or ')}`,
      ).toBe(true);
    }
  });

  it('exits 2 for an unknown command, listing the commands', async () => {
    const result = await run(['replya', 'exec_1']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'relay: unknown command "replya". Commands: events, trigger, flows, flow, replay, inspect, dev, emulate, capture, captures, fixture. Run `relay --help` for usage.\n',
    });
  });

  it('exits 2 for an unknown option, naming the closest and the command help', async () => {
    const result = await run(['inspect', 'exec_1', '--jsn']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'relay: Unknown option `--jsn` for relay inspect. Did you mean --json? Run `relay inspect --help` for its options.\n',
    });
  });

  it('exits 2 for a missing argument', async () => {
    const result = await run(['trigger', 'stripe']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'relay: missing required args for command `trigger <provider> <eventType>` (or give --fixture <file>). Run `relay trigger --help` for its options.\n',
    );
  });
});
