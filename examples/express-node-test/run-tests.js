/**
 * One reference service (and emulator) for a whole node:test run instead of one per file: started here
 * before the test files' processes, which inherit them (useRelay() in each file finds them), and stopped
 * at the end.
 * Run with `node run-tests.js`.
 */
import { run } from 'node:test';
import { spec } from 'node:test/reporters';
import { finished } from 'node:stream/promises';
import { serviceClient } from 'relaykit';
import { startRelay } from 'relaykit/node-test';

const service = await startRelay({ emulate: { providers: ['stripe'] } });
try {
  const tests = run({ files: ['app.test.js'] });
  tests.on('test:fail', () => (process.exitCode = 1));
  const report = tests.compose(spec);
  report.pipe(process.stdout);
  await finished(report);
  const stored = await serviceClient(service.context.url).executions();
  console.log(`The run's service stored: ${stored.map((execution) => execution.eventType).join(', ')}`);
} finally {
  await service.close();
}
