/**
 * One delivery's world: the shop that sends it, its clock, and the random draws. Every value comes
 * from the delivery's seeded faker and every time from `now`, so a seed and a timestamp fix the bytes.
 */
import type { JsonObject } from '../../core/index.js';
import { hex, uuidV4 } from '../shared/ids.js';
import type { Faker } from '../shared/random.js';
import { isoMillis, isoWithOffset } from '../shared/time.js';
import { EMAIL_DOMAINS, PLACES, SHOP_SUFFIXES, STREETS, type Place, type Zone } from './data.js';

/** The Admin API version deliveries are shaped for (`X-Shopify-API-Version`). */
export const API_VERSION = '2025-10';

export const CURRENCY = 'USD';

const DAY = 86_400_000;

/** The first Sunday of `month` (0-based) in `year`, as a day of the month. */
function firstSunday(year: number, month: number): number {
  return 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7);
}

/**
 * The UTC offset of `zone` at `ms`, minutes. US rule since 2007: daylight time from 02:00 local on the
 * second Sunday of March to 02:00 local on the first Sunday of November. Computed, not read from the
 * host's tz database, so every machine writes the same bytes.
 */
export function zoneOffset(zone: Zone, ms: number): number {
  if (!zone.dst) return zone.standard;
  const year = new Date(ms).getUTCFullYear();
  const start = Date.UTC(year, 2, firstSunday(year, 2) + 7, 2) - zone.standard * 60_000;
  const end = Date.UTC(year, 10, firstSunday(year, 10), 2) - (zone.standard + 60) * 60_000;
  return ms >= start && ms < end ? zone.standard + 60 : zone.standard;
}

/** The shop a delivery comes from. */
export interface Shop {
  readonly id: number;
  readonly name: string;
  /** The `<handle>.myshopify.com` subdomain. */
  readonly handle: string;
  readonly domain: string;
  readonly place: Place;
  readonly zone: Zone;
  readonly ownerFirst: string;
  readonly ownerLast: string;
  readonly email: string;
  readonly primaryLocationId: number;
  /** When the shop opened, epoch ms. */
  readonly createdAt: number;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const ALPHANUMERIC = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

export class Scene {
  readonly f: Faker;
  /** The delivery time, epoch ms. */
  readonly now: number;
  /** `now` truncated to the second, as resource timestamps are. */
  readonly nowSec: number;
  readonly shop: Shop;
  // Per-delivery memo: a body repeats the same few times and amounts many times over.
  private readonly times = new Map<number, string>();
  private readonly sets = new Map<number, JsonObject>();
  // faker's own name lists, drawn with one pick instead of its slower pattern engine.
  private readonly firstNames: readonly string[];
  private readonly lastNames: readonly string[];

  constructor(faker: Faker, now: number) {
    this.f = faker;
    this.now = now;
    this.nowSec = Math.floor(now / 1000) * 1000;
    const names = faker.definitions.person;
    this.firstNames = names.first_name!.generic!;
    this.lastNames = names.last_name!.generic!;
    const ownerFirst = this.firstName();
    const ownerLast = this.lastName();
    const name = `${ownerLast} ${this.pick(SHOP_SUFFIXES)}`;
    const handle = slug(name);
    const place = this.pick(PLACES);
    this.shop = {
      id: this.id(11),
      name,
      handle,
      domain: `${handle}.myshopify.com`,
      place,
      zone: place.zone,
      ownerFirst,
      ownerLast,
      email: `hello@${handle}.example.com`,
      primaryLocationId: this.id(11),
      createdAt: this.nowSec - this.int(200, 2500) * DAY - this.int(0, 86_399) * 1000,
    };
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + this.f.number.int(max - min);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.f.number.int(list.length - 1)]!;
  }

  firstName(): string {
    return this.pick(this.firstNames);
  }

  lastName(): string {
    return this.pick(this.lastNames);
  }

  /** True with probability `p`. */
  chance(p: number): boolean {
    return this.f.number.float() < p;
  }

  /** A numeric resource id of `digits` digits (default 13, like real ids), below 2^53. */
  id(digits = 13): number {
    const min = 10 ** (digits - 1);
    return min + this.f.number.int(Math.min(Number.MAX_SAFE_INTEGER, 10 * min - 1) - min);
  }

  /** `length` lowercase hex characters (tokens, keys). */
  hex(length: number): string {
    return hex(this.f, length);
  }

  /** A version 4 UUID, as Shopify's webhook and event ids are. */
  uuid(): string {
    return uuidV4(this.f);
  }

  /** `length` decimal digits, the first non-zero. */
  digits(length: number): string {
    let out = String(this.int(1, 9));
    while (out.length < length) out += String(this.f.number.int(99_999_999)).padStart(8, '0');
    return out.length === length ? out : out.slice(0, length);
  }

  /** `length` characters of `alphabet`; six per draw. */
  private letters(length: number, alphabet: string): string {
    let out = '';
    let n = 0;
    for (let i = 0; i < length; i++) {
      if (i % 6 === 0) n = this.f.number.int(0x7fffffff);
      out += alphabet[n % alphabet.length];
      n = Math.floor(n / alphabet.length);
    }
    return out;
  }

  /** Uppercase letters, as order confirmation numbers are (`XPLMPXRME`). */
  upper(length: number): string {
    return this.letters(length, LETTERS);
  }

  /** Uppercase letters and digits (tracking numbers, authorization codes). */
  code(length: number): string {
    return this.letters(length, ALPHANUMERIC);
  }

  /** A shop-local ISO 8601 time with offset, to the second: `2025-11-21T11:29:56-05:00`. */
  time(ms: number): string {
    const sec = Math.floor(ms / 1000) * 1000;
    let out = this.times.get(sec);
    if (out === undefined) {
      out = isoWithOffset(sec, zoneOffset(this.shop.zone, sec));
      this.times.set(sec, out);
    }
    return out;
  }

  /** UTC with milliseconds (`…Z`), as cart and `variant_gids` times are written. */
  utc(ms: number): string {
    return isoMillis(ms);
  }

  /** A time `minDays`–`maxDays` before now, to the second. */
  before(minDays: number, maxDays: number): number {
    return this.nowSec - this.int(Math.round(minDays * 86_400), Math.round(maxDays * 86_400)) * 1000;
  }

  /**
   * A `*_set` object for `cents`: the amount in shop and presentment currency (the same: no
   * conversion). Shared within a body, which is serialized once and never mutated.
   */
  set(cents: number): JsonObject {
    let out = this.sets.get(cents);
    if (out === undefined) {
      const amount = money(cents);
      out = { shop_money: { amount, currency_code: CURRENCY }, presentment_money: { amount, currency_code: CURRENCY } };
      this.sets.set(cents, out);
    }
    return out;
  }

  email(first: string, last: string): string {
    return `${slug(first)}.${slug(last)}${this.chance(0.4) ? this.int(1, 99) : ''}@${this.pick(EMAIL_DOMAINS)}`;
  }

  street(): string {
    return `${this.int(1, 9899)} ${this.pick(STREETS)}`;
  }

  /** A `gid://shopify/<type>/<id>` global id. */
  gid(type: string, id: number): string {
    return `gid://shopify/${type}/${id}`;
  }

  slug(text: string): string {
    return slug(text);
  }
}

/** Cents as Shopify writes money: `"199.00"`. */
export function money(cents: number): string {
  return (cents / 100).toFixed(2);
}
