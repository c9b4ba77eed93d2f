/**
 * Fabricated mail stays in reserved domains (issue 26): every email address in every body that relaykit
 * builds, of every event type of every provider, is at `example.com`, `example.org`, `example.net` (or
 * a subdomain) or under `.example` / `.test`, also inside JSON and base64 strings; a fake can never
 * reach a real mailbox at gmail.com or proton.me. And Clerk's default avatar URL encodes no initials.
 */
import { describe, expect, it } from 'vitest';
import { buildDelivery, listEventTypes } from '../../src/harness/build-delivery.js';
import { surfaces } from '../harness/leaks.js';
import { secrets, type ProviderId } from '../service/official.js';

const providers = Object.keys(secrets) as ProviderId[];
const EMAIL = /[A-Za-z0-9._%+-]+@([A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})/g;
const RESERVED = /(^|\.)(example\.(com|org|net)|example|test|invalid|localhost)$/i;

/**
 * Addresses that are facts of the provider, not fabricated mailboxes: GitHub's scp-style remote
 * (`git@github.com:owner/repo.git`) and its no-reply commit addresses, which receive no mail.
 */
function isProviderFact(text: string, match: RegExpMatchArray): boolean {
  if (match[0] === 'git@github.com' && text[match.index! + match[0].length] === ':') return true;
  return match[1]!.toLowerCase() === 'users.noreply.github.com';
}

/** Every string of a parsed body with its key, keys included. */
function strings(value: unknown, key = '', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') out.push([key, value]);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, key, out));
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      out.push(['(key)', k]);
      strings(v, k, out);
    }
  }
  return out;
}

describe('fabricated email addresses', () => {
  it.each(providers)('%s: every address in every event type is in a reserved domain', async (provider) => {
    const found: string[] = [];
    let addresses = 0;
    for (const eventType of listEventTypes(provider)) {
      const { body } = await buildDelivery(provider, eventType, { secret: secrets[provider], seed: 1, timestamp: 1_790_000_000_000 });
      for (const [key, value] of strings(JSON.parse(body))) {
        // A Message-ID (`<…@mail.gmail.com>`) names a message, not a mailbox.
        if (key === 'message_id') continue;
        if (!value.includes('@') && value.length < 16) continue;
        for (const text of new Set(surfaces(value))) {
          for (const match of text.matchAll(EMAIL)) {
            if (isProviderFact(text, match)) continue;
            addresses++;
            if (!RESERVED.test(match[1]!)) found.push(`${eventType} ${key}: ${match[0]}`);
          }
        }
      }
    }
    expect([...new Set(found)].slice(0, 20)).toEqual([]);
    // Every provider's payloads name people by email somewhere.
    expect(addresses).toBeGreaterThan(0);
  });

  it("Clerk's default avatar URL encodes no initials, in every event type", async () => {
    let avatars = 0;
    for (const eventType of listEventTypes('clerk')) {
      const { body } = await buildDelivery('clerk', eventType, { secret: secrets.clerk, seed: 1 });
      for (const [, value] of strings(JSON.parse(body))) {
        if (!value.startsWith('https://img.clerk.com/')) continue;
        let token: Record<string, unknown>;
        try {
          token = JSON.parse(Buffer.from(value.slice('https://img.clerk.com/'.length), 'base64url').toString('utf8')) as Record<string, unknown>;
        } catch {
          continue; // an uploaded image's URL, not a default avatar
        }
        if (token.type !== 'default') continue;
        avatars++;
        expect(Object.keys(token).sort(), eventType).toEqual(['iid', 'rid', 'type']);
      }
    }
    expect(avatars).toBeGreaterThan(10);
  });
});
