/**
 * "Copy as": an execution's delivery as a `relay trigger` command, a curl line and a Vitest test.
 * The command and the test send the same main resource as `--data` / `data`; the curl line resends
 * the exact signed bytes and headers that arrived.
 */
import type { DetailAnswer } from '../service/dashboard/wire.js';

/** The providers `relay trigger` and `triggerWebhook` build. */
const BUILT_IN = new Set(['stripe', 'github', 'clerk', 'shopify', 'resend']);
/** Headers a resend should not copy: the transport's, not the delivery's. */
const TRANSPORT = new Set(['host', 'content-length', 'connection', 'accept', 'accept-encoding', 'user-agent', 'cookie', 'authorization', 'origin', 'referer']);

/** A string quoted for a POSIX shell. */
export function shellQuote(text: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** The part of a built-in's body that `data` is merged into (DESIGN.md: Stripe `data.object`, Clerk/Resend `data`, else the body). */
export function mainResource(provider: string, body: unknown): unknown {
  const object = (value: unknown): Record<string, unknown> | undefined =>
    typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  const root = object(body);
  if (provider === 'stripe') return object(object(root?.data)?.object) ?? {};
  if (provider === 'clerk' || provider === 'resend') return object(root?.data) ?? {};
  return root ?? {};
}

interface Parts {
  readonly provider: string;
  /** Without the provider: `payment_intent.succeeded`. */
  readonly type: string;
  readonly data: unknown;
}

function parts(detail: DetailAnswer): Parts {
  const provider = detail.execution.event.provider;
  let parsed: unknown;
  try {
    parsed = JSON.parse(detail.body);
  } catch {
    parsed = detail.execution.event.data;
  }
  return { provider, type: detail.execution.eventType.slice(provider.length + 1), data: mainResource(provider, parsed) };
}

/** `relay trigger <provider> <type> --data '<json>'`, or `undefined` for a custom plugin (relay trigger sends built-ins only). */
export function asTrigger(detail: DetailAnswer, origin: string): string | undefined {
  const { provider, type, data } = parts(detail);
  if (!BUILT_IN.has(provider)) return undefined;
  return `relay trigger ${provider} ${shellQuote(type)} --forward ${shellQuote(origin)} --data ${shellQuote(JSON.stringify(data))}`;
}

/** A curl line that resends the stored delivery byte for byte, with its signature headers. */
export function asCurl(detail: DetailAnswer, origin: string): string {
  const provider = detail.execution.event.provider;
  const headers = Object.entries(detail.headers).filter(([name]) => !TRANSPORT.has(name));
  return [
    `curl -X POST ${shellQuote(`${origin}/api/webhook/${provider}`)}`,
    ...headers.map(([name, value]) => `  -H ${shellQuote(`${name}: ${value}`)}`),
    `  --data-raw ${shellQuote(detail.body)}`,
  ].join(' \\\n');
}

/** A Vitest test that triggers the same event with the same main resource, or `undefined` for a custom plugin. */
export function asVitest(detail: DetailAnswer): string | undefined {
  const { provider, type, data } = parts(detail);
  if (!BUILT_IN.has(provider)) return undefined;
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
