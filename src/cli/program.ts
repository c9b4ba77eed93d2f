/**
 * The `relay` command line: cac defines commands and options; each action calls a typed command function.
 * Commands other than `events` are imported when run, so that start-up loads only what the command needs.
 */
import { cac } from 'cac';
import { version } from '../../package.json';
import { closestMatches, RelayError } from '../core/index.js';
import type { DevOptions } from './commands/dev.js';
import type { EmulateOptions } from './commands/emulate.js';
import { eventsCommand } from './commands/events.js';
import type { FlowCliOptions } from './commands/flows.js';
import type { InspectCliOptions } from './commands/inspect.js';
import type { ReplayCliOptions } from './commands/replay.js';
import type { TriggerCliOptions } from './commands/trigger.js';
import { registerCaptureCommands } from './capture-commands.js';
import { rawOptionTexts } from './options.js';
import { EXIT, createOutput, reportError, type Io } from './output.js';

const EXIT_CODES = [
  '  0  success',
  '  1  the service answered with a status other than 2xx, or could not be reached',
  '  2  usage or input error, nothing was sent; or relay dev could not start (port in use, bad option or relay.ts)',
].join('\n');

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
    .command('trigger [provider] [eventType]', 'Build a correctly signed delivery (or sign a --fixture again) and POST it to <base>/api/webhook/<provider>')
    .option('--data <json>', "JSON object deep-merged into the event's main resource (Stripe data.object, Clerk/Resend data, GitHub/Shopify body)")
    .option('--forward <url>', 'Base URL of the service (default: $SERVICE_BASE_URL, else http://localhost:3000)')
    .option('--seed <n>', 'Seed of the payload: the same seed and --timestamp give the same bytes (default: random)')
    .option(
      '--timestamp <iso|epoch>',
      'Freeze the delivery time: ISO 8601 (2024-05-01T12:00:00Z or 2024-05-01), epoch seconds (1714564800) or epoch milliseconds (1714564800000; any number from 1e11) (default: now)',
    )
    .option('-H, --header <header>', 'Extra header "Name: value", applied last (may replace any other); repeatable', { type: [String] })
    .option('--print', 'Print the signed request (method, URL, headers, body) and send nothing; with the secret env var unset, a throwaway secret signs')
    .option('--json', 'Print one JSON object (url, status, body, deliveryId, seed) instead of the text lines')
    .option('--repeat <n>', 'Send the same signed delivery n times, to exercise deduplication')
    .option('--count <n>', 'Send n distinct deliveries; print status counts and latency p50/p90/p99')
    .option('--concurrency <c>', 'With --count: deliveries in flight at once (default: 1)')
    .option('--allow-unknown-type', "Send an event type relaykit does not know in the provider's generic envelope (with a warning) instead of refusing it")
    .option('--app', 'GitHub: deliver as a GitHub App receives it (installation in the body, the App as hook target)')
    .option('--fixture <file>', 'Send a saved fixture (relay fixture save): its body byte for byte, signed with the test secret now, fresh delivery ids')
    .option('--keep-ids', "With --fixture: keep the fixture's delivery ids (a redelivery) instead of fresh ones")
    .option('--to <url>', 'POST to exactly this URL (your own route, e.g. http://localhost:4000/webhooks/stripe) instead of <base>/api/webhook/<provider>')
    .option('--path <path>', 'POST to this path on the base URL (your own route, e.g. /api/github/webhooks) instead of /api/webhook/<provider>; not with --to')
    .example('  $ export STRIPE_WEBHOOK_SECRET=whsec_…   # the value your service verifies with')
    .example('  $ relay trigger stripe payment_intent.succeeded')
    .example(`  $ relay trigger stripe payment_intent.succeeded --data '{"amount": 2000, "metadata": {"orderId": "42"}}'`)
    .example('  $ relay trigger github pull_request.opened --forward http://localhost:4000')
    .example('  $ relay trigger clerk user.created --seed 7 --timestamp 2024-05-01T12:00:00Z   # or 1714564800, or 1714564800000')
    .example('  $ relay trigger shopify orders/create -H "X-Shopify-Shop-Domain: demo.myshopify.com" -H "X-Trace: 1"')
    .example('  $ relay trigger resend email.delivered --print')
    .example('  $ relay trigger stripe invoice.paid --json | jq .body.id')
    .example('  $ relay trigger github push --repeat 3')
    .example('  $ relay trigger github issues.opened --app   # as a GitHub App receives it')
    .example('  $ relay trigger stripe charge.succeeded --count 200 --concurrency 8')
    .example('  $ relay trigger github check_suite.completed --app            # as a GitHub App receives it')
    .example('  $ relay trigger stripe treasury.widget.created --allow-unknown-type --print   # a type relaykit does not know')
    .example('  $ relay trigger stripe invoice.paid --to http://localhost:4000/webhooks/stripe')
    .example('  $ relay trigger github issues.opened --app --forward http://localhost:3000 --path /api/github/webhooks   # a Probot app')
    .example('  $ relay trigger --fixture fixtures/refund.json --to http://localhost:4000/webhooks/stripe')
    .example('  $ relay trigger --fixture fixtures/refund.json --keep-ids   # the same delivery ids: a redelivery')
    .action(async (provider: string | undefined, eventType: string | undefined, options: TriggerCliOptions) => {
      const { triggerCommand } = await import('./commands/trigger.js');
      const raw = { data: rawOptionTexts(argv, ['--data']).at(-1), header: rawOptionTexts(argv, ['-H', '--header']) };
      exitCode = await triggerCommand(out, io.env, provider, eventType, { ...options, ...raw });
    });

  cli
    .command('flows [provider]', 'List the flows relay can send: the related events a provider sends for one action')
    .option('--json', 'Print the flows as JSON (provider, name, description, eventTypes, source)')
    .example('  $ relay flows')
    .example('  $ relay flows stripe --json')
    .action(async (provider: string | undefined, options: { json?: boolean }) => {
      const { flowsCommand } = await import('./commands/flows.js');
      exitCode = flowsCommand(out, provider, options);
    });

  cli
    .command('flow <provider> <name>', "Send a flow's deliveries to <base>/api/webhook/<provider>, as the provider sends them")
    .option('--forward <url>', 'Base URL of the service (default: $SERVICE_BASE_URL, else http://localhost:3000)')
    .option('--to <url>', 'POST every delivery to exactly this URL (your own route) instead of <base>/api/webhook/<provider>')
    .option('--path <path>', 'POST every delivery to this path on the base URL (your own route, e.g. /api/stripe) instead of /api/webhook/<provider>; not with --to')
    .option('--order <order>', 'provider (default), shuffled (seeded) or reversed')
    .option('--duplicates <n>', 'Extra copies of randomly chosen deliveries, same ids, signed anew (default: 0)')
    .option('--retries', "Retry a non-2xx answer or a timeout on the provider's schedule (GitHub does not retry)")
    .option('--time-scale <f>', 'Factor on the waits between retries: 0.001 runs Svix\'s 27 h in 100 s, 0 waits not at all (default: 1)')
    .option('--seed <n>', 'Seed of the ids, payloads and order: the same seed and --timestamp send the same sequence (default: random)')
    .option('--timestamp <iso|epoch>', 'When the flow begins: ISO 8601, epoch seconds or milliseconds (default: now)')
    .option('--json', 'Print one JSON object (every send and attempt) instead of the lines')
    .example('  $ relay flow stripe checkout-subscription')
    .example('  $ relay flow stripe checkout-subscription --order shuffled --duplicates 3 --seed 7')
    .example('  $ relay flow clerk sign-up --retries --time-scale 0.001 --forward http://localhost:4000')
    .example('  $ relay flow github pull-request --timestamp 2024-05-01T12:00:00Z --json')
    .example('  $ relay flow stripe refund --to http://localhost:4000/webhooks/stripe')
    .example('  $ relay flow stripe checkout-subscription --forward http://localhost:3000 --path /api/stripe   # a Next.js app/api/stripe/route.ts')
    .action(async (provider: string, name: string, options: FlowCliOptions) => {
      const { flowCommand } = await import('./commands/flows.js');
      exitCode = await flowCommand(out, io.env, provider, name, options);
    });

  cli
    .command('replay <eventId|executionId>', "Replay a stored execution as a new one (by exec_…, evt_… or the provider's delivery id): POST <base>/api/executions/<id>/replay")
    .option('--forward <url>', 'Base URL of the service (default: $SERVICE_BASE_URL, else http://localhost:3000); with --forward or $SERVICE_BASE_URL, an id the local store lacks is asked of it')
    .option('--to <url>', 'Instead: sign the stored delivery again with the test secret (fresh ids) and POST it to exactly this URL')
    .option('--path <path>', 'Instead: sign the stored delivery again (fresh ids) and POST it to this path on the base URL (--forward, then your app, not asked for executions); not with --to')
    .option('--print', 'Dry run: print the source execution, event type and data; send nothing, replay nothing')
    .option('--dir <path>', 'Directory holding relay.ts, whose store has the execution (default: .)')
    .option('--json', 'Print one JSON object instead of the text lines')
    .example('  $ relay replay exec_01JB…')
    .example('  $ relay replay evt_01JB… --forward http://localhost:4000')
    .example('  $ relay replay evt_01JB… --print')
    .example('  $ SERVICE_BASE_URL=http://localhost:3000 relay replay 5f2b8a9e-1c4d-4e6f-9a0b-7c3d2e1f0a9b   # an X-GitHub-Delivery id, from any folder')
    .example('  $ relay replay exec_01JB… --dir ./services/billing')
    .example('  $ relay replay exec_01JB… --json | jq .body.id')
    .example('  $ relay replay evt_01JB… --to http://localhost:4000/webhooks/stripe')
    .example('  $ relay replay evt_01JB… --forward http://localhost:4000 --path /api/github/webhooks')
    .example('  $ RELAY_API_TOKEN=secret relay replay exec_01JB…   # sent as Authorization: Bearer')
    .action(async (id: string, options: ReplayCliOptions) => {
      const { replayCommand } = await import('./commands/replay.js');
      exitCode = await replayCommand(out, io.env, String(id), options);
    });

  cli
    .command('inspect <eventId|executionId>', "Show an execution (by exec_…, evt_… or the provider's delivery id): status, attempt, times, steps and logs")
    .option('--dir <path>', 'Directory holding relay.ts, whose store has the execution (default: .)')
    .option('--json', 'Print the full execution as JSON (with its event data)')
    .example('  $ relay inspect exec_01JB…')
    .example('  $ relay inspect evt_01JB… --dir examples')
    .example('  $ relay inspect evt_3Ugkgwo4…   # a Stripe event id, as in the payload')
    .example('  $ relay inspect exec_01JB… --json | jq .steps')
    .action(async (id: string, options: InspectCliOptions) => {
      const { inspectCommand } = await import('./commands/inspect.js');
      exitCode = await inspectCommand(out, String(id), options);
    });

  cli
    .command('dev', 'Serve relay.ts (or the built-in providers) on localhost, with a SQLite store in .relay/')
    .option('--dir <path>', 'Directory holding relay.ts; the store is .relay/relay.db there (default: .)')
    .option('--port <port>', 'Port to listen on (default: $PORT, else 3000)')
    .option('--host <host>', 'Interface to bind (default: 127.0.0.1)')
    .option(
      '--allowed-host <name>',
      'Another Host name the executions API answers to on a loopback bind (besides localhost, 127.0.0.1, [::1]; adds to $RELAY_ALLOWED_HOSTS); repeatable',
      { type: [String] },
    )
    .option('--quiet', 'Do not log a line per request (time, method, provider or path, status, execution id or reason)')
    .option('--no-dashboard', 'Do not serve the dashboard at / (executions live, rejected deliveries, replay, retry, trigger)')
    .option('--capture', 'Also keep every delivery that verifies as a capture (relay captures, relay fixture save), as relay capture does')
    .option('--emulate', "Also serve the providers' APIs (as relay emulate), delivering their webhooks to this service, signed with its secrets")
    .option('--emulate-port <port>', 'With --emulate: the port of the emulated APIs (default: 12111)')
    .option('--store <spec>', 'The store to serve: postgres://user:password@host:5432/db (shared by several instances), sqlite:<path> or a path (default: $RELAY_DATABASE_URL, else .relay/relay.db)')
    .example('  $ relay dev')
    .example('  $ relay dev --dir examples --port 4000')
    .example('  $ relay dev --host 0.0.0.0 --port 8080   # reachable from other machines')
    .example('  $ relay dev --allowed-host relay.test --allowed-host my-laptop.local   # names you reach it by')
    .example('  $ relay dev --quiet --no-dashboard   # no request lines, no page at /')
    .example('  $ relay dev --capture   # also keep verified deliveries as captures, like relay capture')
    .example('  $ relay dev --emulate --emulate-port 12111   # Stripe API calls on :12111 come back here as webhooks')
    .example('  $ relay dev --store postgres://relay@127.0.0.1:5432/relay   # several instances, one database')
    .action(async (options: DevOptions) => {
      const { devCommand } = await import('./commands/dev.js');
      exitCode = await devCommand(out, io.env, options);
    });

  cli
    .command('emulate', "Serve the providers' APIs (Stripe at /v1, as Stripe does) on localhost; each API write is delivered back as the provider's signed webhooks")
    .option('--port <port>', 'Port to listen on (default: 12111)')
    .option('--host <host>', 'Interface to bind (default: 127.0.0.1)')
    .option('--webhook <provider=url>', "Deliver the provider's webhooks to url, signed with $STRIPE_WEBHOOK_SECRET (or the provider's) when set, else a printed whsec_; repeatable", { type: [String] })
    .option('--seed <n>', 'Seed of the ids: the same calls give the same ids (default: random)')
    .option('--no-retries', "Send each delivery once, not retried on the provider's schedule")
    .option('--time-scale <f>', "Factor on the waits between retries: 0 (default) retries at once, 1 waits as the provider does")
    .option('--quiet', 'Do not print a line per delivery attempt')
    .example('  $ relay emulate --webhook stripe=http://localhost:4000/webhooks/stripe')
    .example("  # then, in the app: new Stripe(key, { host: '127.0.0.1', port: 12111, protocol: 'http' })")
    .example('  $ relay emulate --host 0.0.0.0 --port 4010 --seed 7 --quiet   # reachable from a container, the same ids each run')
    .example("  $ relay emulate --no-retries   # or --time-scale 0.001: Stripe's 63 h of retries in about 4 minutes")
    .action(async (options: EmulateOptions) => {
      const { emulateCommand } = await import('./commands/emulate.js');
      exitCode = await emulateCommand(out, io.env, options);
    });

  registerCaptureCommands(cli, out, io, (code) => {
    exitCode = code;
  });

  cli.help((sections) => [...sections, { title: 'Exit codes', body: EXIT_CODES }]);
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
      throw new RelayError('USAGE', `unknown command "${cli.args[0]}". Commands: ${names.join(', ')}. Run \`relay --help\` for usage.`);
    }
    await cli.runMatchedCommand();
    return exitCode;
  } catch (error) {
    if (error instanceof Error && error.name === 'CACError' && cli.matchedCommand) {
      return reportError(out, usageErrorOf(error.message, cli.matchedCommand), io.env);
    }
    return reportError(out, error, io.env);
  } finally {
    console.info = originalInfo;
  }
}

/** cac's message about the command line, with the closest option for an unknown one and where to read more. */
function usageErrorOf(message: string, command: { name: string; options: { rawName: string; names: string[] }[] }): RelayError {
  const unknown = /^Unknown option `-{1,2}([^`]+)`/.exec(message)?.[1];
  const names = command.options.flatMap((o) => o.names.filter((n) => n.length > 1));
  const close = unknown === undefined ? [] : closestMatches(unknown, names, 1);
  const hint = close.length > 0 ? ` Did you mean --${close[0]}?` : '';
  const what = unknown === undefined ? message : `${message} for relay ${command.name}`;
  return new RelayError('USAGE', `${what}.${hint} Run \`relay ${command.name} --help\` for its options.`);
}
