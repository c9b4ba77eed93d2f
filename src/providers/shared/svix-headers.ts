/**
 * What a Svix delivery carries besides its signature, shared by the Clerk and Resend builders: the
 * message id, the sender's `Content-Type` and `User-Agent`, and the body serialized with its keys in
 * alphabetical order, as both providers send them. The `svix-*` headers themselves come from the
 * plugin's `sign()`.
 */
import { deepMerge, type JsonObject } from '../../core/index.js';
import { ksuid } from './ids.js';
import type { Faker } from './random.js';
import type { BuiltPayload } from '../types.js';

/** The Svix sender version seen in captured Clerk and Resend deliveries. */
export const SVIX_SENDER_VERSION = '1.84.0';

const LOWER_ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';

/**
 * The Svix message id: `msg_` + 27 base62 characters that sort by `ms`. It is the `svix-id` header
 * and the receiver's deduplication key, unrelated to any id in the body.
 */
export function svixMessageId(faker: Faker, ms: number): string {
  return `msg_${ksuid(faker, ms)}`;
}

/**
 * `Content-Type` and `User-Agent` as Svix sends them; the sender tag names the Svix worker
 * (`sender-` + 5 lowercase letters or digits). With `accept`, also the catch-all `Accept` header that
 * Resend's deliveries carry.
 */
export function svixHeaders(faker: Faker, options: { accept?: boolean } = {}): Record<string, string> {
  let sender = '';
  for (let i = 0; i < 5; i++) sender += LOWER_ALNUM[faker.number.int(LOWER_ALNUM.length - 1)];
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': `Svix-Webhooks/${SVIX_SENDER_VERSION} (sender-${sender}; +https://www.svix.com/http-sender/)`,
  };
  if (options.accept) headers.Accept = '*/*';
  return headers;
}

/**
 * `value` with every object's keys in code-unit order, at every depth. Parts already in order are
 * returned as they are, so a payload written in order costs one walk and no copies.
 */
export function sortKeysDeep(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = sortKeysDeep(value[i]);
      if (item !== value[i]) (copy ??= value.slice())[i] = item;
    }
    return copy ?? value;
  }
  const source = value as Record<string, unknown>;
  const keys = Object.keys(source);
  let changed = false;
  for (let i = 1; i < keys.length; i++) {
    if (keys[i - 1]! > keys[i]!) {
      keys.sort();
      changed = true;
      break;
    }
  }
  const children = new Array<unknown>(keys.length);
  for (let i = 0; i < keys.length; i++) {
    const child = source[keys[i]!];
    children[i] = sortKeysDeep(child);
    if (children[i] !== child) changed = true;
  }
  if (!changed) return value;
  const out: Record<string, unknown> = {};
  for (let i = 0; i < keys.length; i++) out[keys[i]!] = children[i];
  return out;
}

/** Compact JSON with keys sorted alphabetically at every depth, as Clerk and Resend serialize events. */
export function sortedJson(value: unknown): string {
  return JSON.stringify(sortKeysDeep(value));
}

/**
 * Finishes a Svix delivery: merges `data` into `envelope.data` (objects merge, arrays and scalars
 * replace), serializes once with sorted keys, and draws the message id (at `now`) and the headers.
 */
export function svixDelivery(
  faker: Faker,
  now: number,
  envelope: { data: JsonObject } & Record<string, unknown>,
  data: JsonObject | undefined,
  options: { accept?: boolean } = {},
): BuiltPayload {
  const merged = data === undefined ? envelope : { ...envelope, data: deepMerge(envelope.data, data) };
  const body = sortedJson(merged);
  const deliveryId = svixMessageId(faker, now);
  return { body, deliveryId, headers: svixHeaders(faker, options) };
}
