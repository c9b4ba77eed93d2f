/**
 * Each built-in's `scheme` describes what its plugin really does: the headers it sends, the secrets it
 * issues, the window its own `verify` enforces, and malformations its own `verify` refuses. A sixth
 * provider's scheme is checked by the same tests.
 */
import { describe, expect, it } from 'vitest';
import { builtInProviders, type BuiltInProvider } from '../../src/providers/index.js';

const body = '{"id":"evt_1","type":"test.event","data":{"amount":2000}}';
const now = Date.UTC(2026, 0, 15, 12, 0, 0);

function signAt(plugin: BuiltInProvider, secret: string, timestamp: number): Record<string, string> {
  return plugin.sign({ body, secret, timestamp, deliveryId: 'msg_2aQ6Ugq0VvHj2T5n2cBZ3XQxJrJ' });
}

async function verifies(plugin: BuiltInProvider, headers: Record<string, string>, secret: string): Promise<boolean> {
  return (await plugin.verify({ headers, body, secrets: [secret], now })).ok;
}

describe.each(builtInProviders.map((plugin) => [plugin.id, plugin] as const))('the %s scheme', (_, plugin) => {
  const { scheme } = plugin;
  const secret = plugin.generateSecret();

  it('names every signature header the plugin sends, and the ones it refuses requests without', () => {
    const sent = [...(scheme.headers.signed ?? []), scheme.headers.signature, ...(scheme.headers.fallbacks ?? [])];
    expect(Object.keys(signAt(plugin, secret, now))).toEqual(expect.arrayContaining(sent));
    expect(plugin.signatureHeaders).toEqual([scheme.headers.signature, ...(scheme.headers.aliases ?? [])]);
  });

  it('describes the secrets the plugin issues', () => {
    const { prefix, bytes, encoding } = scheme.secret;
    expect(secret.startsWith(prefix)).toBe(true);
    expect(Buffer.from(secret.slice(prefix.length), encoding).toString(encoding)).toBe(secret.slice(prefix.length));
    expect(Buffer.from(secret.slice(prefix.length), encoding)).toHaveLength(bytes);
  });

  it('signs bare headers that the plugin verifies', async () => {
    expect(await verifies(plugin, scheme.sign({ body, secret, timestamp: now, deliveryId: 'msg_1' }), secret)).toBe(true);
  });

  it('gives the window the plugin enforces', async () => {
    const window = scheme.timestamp;
    const beyond = ((window?.toleranceSeconds ?? 3600) + 1) * 1000;
    expect(await verifies(plugin, signAt(plugin, secret, now - beyond), secret)).toBe(window === null);
    expect(await verifies(plugin, signAt(plugin, secret, now + beyond), secret)).toBe(window?.enforced !== 'both');
  });

  it.each(scheme.malformations.map((malformation) => [malformation.name, malformation] as const))(
    'malforms the signature so that the plugin refuses it: %s',
    async (_name, malformation) => {
      const headers = signAt(plugin, secret, now);
      expect(await verifies(plugin, malformation.apply(headers), secret)).toBe(false);
    },
  );
});
