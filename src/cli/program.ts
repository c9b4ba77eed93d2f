/** The `relay` command line: cac defines commands and options; each action calls a typed command function. */
import { cac } from 'cac';
import { version } from '../../package.json';
import { devCommand, type DevOptions } from './commands/dev.js';
import { eventsCommand } from './commands/events.js';
import { EXIT, UsageError, createOutput, reportError, type Io } from './output.js';

/** Runs `relay` with `argv` (without the node and script paths) and resolves to the exit code. */
export async function runCli(argv: readonly string[], io: Io): Promise<number> {
  const out = createOutput(io);
  const cli = cac('relay');
  let exitCode: number = EXIT.ok;

  cli
    .command('events [provider]', 'List the event types relay can fabricate, per built-in provider')
    .option('--json', 'Print the catalog as JSON')
    .example('  $ relay events')
    .example('  $ relay events github')
    .example('  $ relay events shopify --json')
    .action((provider: string | undefined, options: { json?: boolean }) => {
      exitCode = eventsCommand(out, provider, options);
    });

  cli
    .command('dev', 'Serve relay.ts (or the built-in providers) on localhost, with a SQLite store in .relay/')
    .option('--dir <path>', 'Directory holding relay.ts; the store is .relay/relay.db there (default: .)')
    .option('--port <port>', 'Port to listen on (default: $PORT, else 3000)')
    .option('--host <host>', 'Interface to bind (default: 127.0.0.1)')
    .example('  $ relay dev')
    .example('  $ relay dev --dir examples --port 4000')
    .action(async (options: DevOptions) => {
      exitCode = await devCommand(out, io.env, options);
    });

  cli.help();
  cli.version(version);

  const originalInfo = console.info;
  // cac prints help and version through console.info; route them to this run's stdout.
  console.info = (...args: unknown[]) => out.line(args.join(' '));
  try {
    cli.parse(['node', 'relay', ...argv], { run: false });
    if (cli.options.help || cli.options.version) return EXIT.ok;
    if (!cli.matchedCommand) {
      if (cli.args.length === 0) {
        cli.outputHelp();
        return EXIT.ok;
      }
      const names = cli.commands.map((c) => c.name).filter(Boolean);
      throw new UsageError(`unknown command "${cli.args[0]}". Commands: ${names.join(', ')}. Run \`relay --help\` for usage.`);
    }
    await cli.runMatchedCommand();
    return exitCode;
  } catch (error) {
    return reportError(out, error, io.env);
  } finally {
    console.info = originalInfo;
  }
}
