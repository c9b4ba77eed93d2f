/**
 * The capture commands of `relay` (issue 15), defined beside program.ts: `capture` (relay dev that keeps
 * captures), `captures` (list them) and `fixture save` (write one as a fixture file).
 */
import type { CAC } from 'cac';
import type { CapturesCliOptions } from './commands/captures.js';
import type { DevOptions } from './commands/dev.js';
import type { FixtureCliOptions } from './commands/fixture.js';
import type { Io, Output } from './output.js';

/** Adds `capture`, `captures` and `fixture` to `cli`; each action hands its exit code to `done`. */
export function registerCaptureCommands(cli: CAC, out: Output, io: Io, done: (exitCode: number) => void): void {
  cli
    .command('capture', 'Receive real deliveries (a tunnel, stripe listen, gh webhook forward), verify them with the real secret, keep them byte for byte')
    .option('--dir <path>', 'Directory holding relay.ts; the captures go to .relay/relay.db there (default: .)')
    .option('--port <port>', 'Port to listen on (default: $PORT, else 3000)')
    .option('--host <host>', 'Interface to bind (default: 127.0.0.1)')
    .option('--allowed-host <name>', 'Another Host name the executions API answers to (as relay dev); repeatable', { type: [String] })
    .option('--quiet', 'Do not log a line per request')
    .example('  $ export STRIPE_WEBHOOK_SECRET=whsec_…   # the secret the provider (or stripe listen) signs with')
    .example('  $ relay capture --port 4000')
    .example('  $ relay capture --dir services/billing --host 0.0.0.0 --allowed-host abc.ngrok.app --quiet   # behind a tunnel')
    .example('  $ stripe listen --forward-to localhost:4000/api/webhook/stripe')
    .action(async (options: DevOptions) => {
      const { devCommand } = await import('./commands/dev.js');
      done(await devCommand(out, io.env, { ...options, capture: true }));
    });

  cli
    .command('captures', 'List the captured deliveries, newest first')
    .option('--dir <path>', 'Directory holding relay.ts, whose store has the captures (default: .)')
    .option('--provider <id>', 'Only this provider’s captures')
    .option('--limit <n>', 'At most n captures, 1 to 500 (default: 50)')
    .option('--json', 'Print them as JSON')
    .option('--delete', 'Delete every capture with its execution, steps and logs (once saved as fixtures), leaving none of their bytes in the store')
    .example('  $ relay captures')
    .example('  $ relay captures --dir services/billing --limit 5')
    .example('  $ relay captures --delete')
    .example('  $ relay captures --provider stripe --json | jq .[0].eventId')
    .action(async (options: CapturesCliOptions) => {
      const { capturesCommand } = await import('./commands/captures.js');
      done(await capturesCommand(out, options));
    });

  cli
    .command('fixture <action> [id] [file]', 'fixture save <id> <file>: write a stored delivery as a fixture file, personal data and secrets scrubbed')
    .option('--no-scrub', 'Keep personal data and secrets as received (signature headers are dropped all the same)')
    .option('--force', 'Overwrite <file> if it exists (by default an existing fixture is left as it is)')
    .option('--dir <path>', 'Directory holding relay.ts, whose store has the delivery (default: .)')
    .example('  $ relay fixture save evt_01JB… fixtures/refund.json')
    .example('  $ relay fixture save exec_01JB… fixtures/raw.json --no-scrub --dir services/billing')
    .example('  $ relay fixture save evt_01JB… fixtures/refund.json --force   # replace the file')
    .example('  $ relay trigger --fixture fixtures/refund.json --to http://localhost:4000/webhooks/stripe')
    .action(async (action: string, id: string | undefined, file: string | undefined, options: FixtureCliOptions) => {
      const { fixtureCommand } = await import('./commands/fixture.js');
      done(await fixtureCommand(out, io.env, String(action), id === undefined ? undefined : String(id), file === undefined ? undefined : String(file), options));
    });
}
