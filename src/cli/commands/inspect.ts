/**
 * `relay inspect <id>`: an execution from the project's store, found by `exec_…`, `evt_…` or the provider's delivery id
 * (as the dashboard's search), as a readable block or JSON.
 */
import { checkExecutionId } from '../../harness/index.js';
import type { ExecutionDetail } from '../../service/views.js';
import { formatMs } from '../format.js';
import { EXIT, type Output } from '../output.js';
import { notFound, openStoredProject } from '../project.js';

/** cac's options of `relay inspect`, unchecked. */
export interface InspectCliOptions {
  dir?: unknown;
  json?: unknown;
}

// "Replayed from: " is the longest label; the others are padded to it.
const LABEL_WIDTH = 'Replayed from: '.length;

function field(label: string, value: string): string {
  return `${`${label}:`.padEnd(LABEL_WIDTH)}${value}`;
}

/** `text` (default: the status) colored after `status`. */
function paintStatus(out: Output, status: string, text = status): string {
  return status === 'completed' ? out.green(text) : status === 'failed' ? out.red(text) : text;
}

/** The readable block: the execution's fields, then its steps and its logs. */
export function formatExecution(out: Output, execution: ExecutionDetail): string[] {
  const lines = [
    field('Execution', out.bold(execution.id)),
    field('Event', execution.eventId),
    field('Event type', execution.eventType),
    field('Status', paintStatus(out, execution.status)),
    field('Attempt', String(execution.attempt)),
    field('Created', execution.createdAt),
    field('Updated', execution.updatedAt),
  ];
  if (execution.replayedFrom !== undefined) lines.push(`Replayed from: ${execution.replayedFrom}`);
  if (execution.event.captured === true) lines.push(field('Captured', `yes (save it: relay fixture save ${execution.eventId} <file>)`));
  if (execution.error) lines.push(field('Error', out.red(execution.error)));

  lines.push('', `Steps (${execution.steps.length}):`);
  const nameWidth = Math.max(0, ...execution.steps.map((s) => s.name.length));
  for (const step of execution.steps) {
    const duration = step.durationMs === null ? 'running' : formatMs(step.durationMs);
    const attempt = step.attempt > 1 ? `  attempt ${step.attempt}` : '';
    const error = step.error ? `  ${out.red(step.error)}` : '';
    lines.push(`  ${step.name.padEnd(nameWidth)}  ${paintStatus(out, step.status, step.status.padEnd(9))}  ${duration}${attempt}${error}`);
  }
  if (execution.steps.length === 0) lines.push(out.dim('  (none)'));

  lines.push('', `Logs (${execution.logs.length}):`);
  for (const log of execution.logs) {
    const fields = log.fields === null ? '' : ` ${JSON.stringify(log.fields)}`;
    const attempt = execution.attempt > 1 ? ` [attempt ${log.attempt}]` : '';
    lines.push(`  ${out.dim(log.at)}  ${log.level.padEnd(5)}  ${log.message}${fields}${attempt}`);
  }
  if (execution.logs.length === 0) lines.push(out.dim('  (none)'));
  return lines;
}

/**
 * Runs `relay inspect`; resolves to the exit code.
 * @example
 * await inspectCommand(out, 'evt_01J…', { dir: 'examples', json: true });
 */
export async function inspectCommand(out: Output, id: string, options: InspectCliOptions): Promise<number> {
  checkExecutionId(id);
  const project = await openStoredProject('inspect', options.dir);
  try {
    const execution = await project.relay.findExecution(id);
    if (!execution) throw await notFound(project, id);
    if (options.json === true) out.line(JSON.stringify(execution, null, 2));
    else for (const line of formatExecution(out, execution)) out.line(line);
    return EXIT.ok;
  } finally {
    await project.relay.close();
  }
}
