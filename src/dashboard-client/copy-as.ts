/**
 * "Copy as": an execution's delivery as a `relay trigger` command, a curl line and a Vitest test.
 * The command and the test send the same main resource as `--data` / `data`; the curl line resends
 * the exact signed bytes and headers that arrived. What only the provider knows (its mount path, its
 * main resource, whether `relay trigger` builds it) comes with the detail answer.
 */
import type { DetailAnswer } from '../service/dashboard/wire.js';

/** Headers a resend should not copy: the transport's, not the delivery's. */
const TRANSPORT = new Set(['host', 'content-length', 'connection', 'accept', 'accept-encoding', 'user-agent', 'cookie', 'authorization', 'origin', 'referer']);

/** A string quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

interface Parts {
  readonly provider: string;
  /** Without the provider: `payment_intent.succeeded`. */
  readonly type: string;
  /** The main resource, what `--data` / `data` merges into. */
  readonly data: Readonly<Record<string, unknown>>;
}

/** The provider, type and main resource of the delivery, or `undefined` when `relay trigger` cannot build it (a custom plugin). */
function parts(detail: DetailAnswer): Parts | undefined {
  if (detail.mainResource === null) return undefined;
  const provider = detail.execution.event.provider;
  return { provider, type: detail.execution.eventType.slice(provider.length + 1), data: detail.mainResource };
}

/** `relay trigger <provider> <type> --data '<json>'`, or `undefined` for a custom plugin (relay trigger sends built-ins only). */
export function asTrigger(detail: DetailAnswer, origin: string): string | undefined {
  const delivery = parts(detail);
  if (!delivery) return undefined;
  const { provider, type, data } = delivery;
  return `relay trigger ${provider} ${shellQuote(type)} --forward ${shellQuote(origin)} --data ${shellQuote(JSON.stringify(data))}`;
}

/** A curl line that resends the stored delivery byte for byte, with its signature headers. */
export function asCurl(detail: DetailAnswer, origin: string): string {
  const headers = Object.entries(detail.headers).filter(([name]) => !TRANSPORT.has(name));
  return [
    `curl -X POST ${shellQuote(`${origin}${detail.mountPath}`)}`,
    ...headers.map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    `  --data-raw ${shellQuote(detail.body)}`,
  ].join(' \\\n');
}

/** A Vitest test that triggers the same event with the same main resource, or `undefined` for a custom plugin. */
export function asVitest(detail: DetailAnswer): string | undefined {
  const delivery = parts(detail);
  if (!delivery) return undefined;
  const { provider, type, data } = delivery;
  const name = `${provider} ${type}`;
  const dataText = JSON.stringify(data, null, 2).replace(/\n/g, '\n    ');
  return [
    `import { expect, test } from 'vitest';`,
    `import { triggerWebhook } from 'relaykit';`,
    ``,
    `test(${JSON.stringify(`handles ${name}`)}, async () => {`,
    `  const result = await triggerWebhook(${JSON.stringify(provider)}, ${JSON.stringify(type)}, {`,
    `    data: ${dataText},`,
    `  });`,
    `  expect(result.status).toBe(200);`,
    `  expect(result.execution?.eventType).toBe(${JSON.stringify(detail.execution.eventType)});`,
    `});`,
    ``,
  ].join('\n');
}
