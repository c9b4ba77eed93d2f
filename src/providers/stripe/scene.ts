/**
 * The shared state of one Stripe payload: the seeded draws, the account the objects belong to, the
 * customer and card that recur across them, and the clock. Every value comes from `ctx.faker` and
 * `ctx.now`; faker's own generators (names, addresses) cost microseconds each, so people and places
 * are picked from faker's locale lists with cheap integer draws instead.
 */
import { BASE62_ALPHABET } from '../../core/index.js';
import type { Faker } from '../shared/random.js';

export type Obj = Record<string, unknown>;

const HEX = '0123456789abcdef';

/**
 * `length` characters of `alphabet`, `perDraw` of them from each draw of the generator: one 53-bit
 * draw yields eight base62 characters (62^8) or twelve hex digits (16^12), far fewer calls than one a character.
 */
function drawDigits(faker: Faker, length: number, alphabet: string, perDraw: number): string {
  const radix = alphabet.length;
  let out = '';
  while (out.length < length) {
    let value = faker.number.int(radix ** perDraw - 1);
    for (let i = 0; i < perDraw && out.length < length; i++) {
      out += alphabet[value % radix];
      value = Math.floor(value / radix);
    }
  }
  return out;
}

/**
 * Stripe object ids carry their creation time in base62 seconds after this point, right after the
 * version character (`pi_3MtwBw…` is April 2023, `evt_1RTqw0…` May 2025).
 */
const ID_EPOCH = 1_342_224_000;

export const DAY = 86_400;

export interface Person {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly address: Address;
}

export interface Address {
  city: string;
  country: string;
  line1: string;
  line2: string | null;
  postal_code: string;
  state: string;
}

export interface Card {
  readonly brand: string;
  readonly displayBrand: string;
  readonly last4: string;
  readonly funding: string;
  readonly expMonth: number;
  readonly expYear: number;
  readonly fingerprint: string;
}

/** Test-mode cards as Stripe's docs list them (brand, display brand, last4, funding). */
const CARDS: readonly (readonly [string, string, string, string])[] = [
  ['visa', 'visa', '4242', 'credit'],
  ['visa', 'visa', '4242', 'credit'],
  ['visa', 'visa', '4242', 'credit'],
  ['visa', 'visa', '5556', 'debit'],
  ['mastercard', 'mastercard', '4444', 'credit'],
  ['mastercard', 'mastercard', '8210', 'debit'],
  ['amex', 'american_express', '8431', 'credit'],
  ['discover', 'discover', '1117', 'credit'],
];

const BUSINESS_SUFFIXES = ['Labs', 'Supply', 'Studio', 'Co', 'Goods', 'Software', 'Coffee', 'Outfitters'];

const EMAIL_DOMAINS = ['example.com', 'example.com', 'example.org', 'example.net'];

/** Seeded draws and Stripe-shaped identifiers for one payload. */
export class Scene {
  readonly faker: Faker;
  /** The event's time, unix seconds. */
  readonly now: number;
  readonly currency: string;
  /** The ten characters every id minted on this account embeds (`…LkdIwHu7ix…`). */
  readonly accountCode: string;
  /** The platform account, `acct_1…` with a 16-character body. */
  readonly accountId: string;
  private cachedPerson: Person | undefined;
  private cachedCard: Card | undefined;
  private cachedCustomerId: string | undefined;
  private cachedBusiness: string | undefined;

  /** `currency`: the one a payload already stated (the draw is made anyway, so the rest stays the same). */
  constructor(faker: Faker, nowMs: number, currency?: string) {
    this.faker = faker;
    this.now = Math.floor(nowMs / 1000);
    const drawn = this.pick(['usd', 'usd', 'usd', 'usd', 'usd', 'eur', 'gbp', 'cad']);
    this.currency = currency ?? drawn;
    this.accountCode = this.base62(10);
    this.accountId = `acct_1${timeCode(this.now - this.int(200, 900) * DAY)}${this.accountCode}`;
  }

  // --- draws -------------------------------------------------------------------------------

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + this.faker.number.int(max - min);
  }

  pick<T>(list: readonly T[]): T {
    return list[this.faker.number.int(list.length - 1)]!;
  }

  /** True with probability `percent`/100. */
  chance(percent: number): boolean {
    return this.faker.number.int(99) < percent;
  }

  /** `length` base62 characters. */
  base62(length: number): string {
    return drawDigits(this.faker, length, BASE62_ALPHABET, 8);
  }

  digits(length: number): string {
    let out = '';
    while (out.length < length) out += String(this.faker.number.int(999_999_999)).padStart(9, '0');
    return out.slice(0, length);
  }

  /** `length` lowercase hex digits. */
  hex(length: number): string {
    return drawDigits(this.faker, length, HEX, 12);
  }

  /** A version 4 UUID, as Stripe's dashboard and libraries send idempotency keys. */
  uuid(): string {
    const h = this.hex(30);
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(12, 15)}-${HEX[8 + this.faker.number.int(3)]}${h.slice(15, 18)}-${h.slice(18, 30)}`;
  }

  // --- ids ---------------------------------------------------------------------------------

  /**
   * A 24-character object id minted at `created` on this account: version character, five of
   * time, the ten of the account, eight random (`pi_3MtwBwLkdIwHu7ix28a3tqPa`). Objects minted in
   * the same second share everything but the last eight.
   */
  id(prefix: string, created: number, version = '1', accountCode = this.accountCode): string {
    return objectId(prefix, created, accountCode, this.base62(8), version);
  }

  /** The leading part two ids minted together share: version, time and account. */
  static segment(id: string): string {
    return id.slice(id.lastIndexOf('_') + 1, -8);
  }

  /** A short id with a 14-character random body, as `cus_`, `prod_`, `req_` and `si_` are. */
  shortId(prefix: string): string {
    return `${prefix}_${this.base62(14)}`;
  }

  requestId(): string {
    return this.shortId('req');
  }

  /** The customer every object of this payload belongs to. */
  get customerId(): string {
    this.cachedCustomerId ??= this.shortId('cus');
    return this.cachedCustomerId;
  }

  // --- people and cards ----------------------------------------------------------------------

  get person(): Person {
    this.cachedPerson ??= this.newPerson();
    return this.cachedPerson;
  }

  newPerson(): Person {
    const names = this.faker.definitions.person;
    const first = this.pick(names.first_name.generic ?? ['Jenny']);
    const last = this.pick(names.last_name.generic ?? ['Rosen']);
    const local = `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '');
    const withNumber = this.chance(30) ? String(this.int(1, 99)) : '';
    return {
      name: `${first} ${last}`,
      email: `${local}${withNumber}@${this.pick(EMAIL_DOMAINS)}`,
      phone: this.chance(40) ? `+1${this.int(201, 989)}555${this.digits(4)}` : null,
      address: this.address(),
    };
  }

  address(): Address {
    const location = this.faker.definitions.location;
    const names = this.faker.definitions.person;
    return {
      city: this.pick(location.city_name ?? ['South San Francisco']),
      country: 'US',
      line1: `${this.int(1, 9999)} ${this.pick(names.last_name.generic ?? ['Main'])} ${this.pick(location.street_suffix ?? ['Street'])}`,
      line2: this.chance(20) ? `Apt. ${this.int(1, 999)}` : null,
      postal_code: this.digits(5),
      state: this.pick(location.state_abbr ?? ['CA']),
    };
  }

  get card(): Card {
    this.cachedCard ??= this.newCard();
    return this.cachedCard;
  }

  newCard(): Card {
    const [brand, displayBrand, last4, funding] = this.pick(CARDS);
    const year = new Date(this.now * 1000).getUTCFullYear();
    return {
      brand,
      displayBrand,
      last4,
      funding,
      expMonth: this.int(1, 12),
      expYear: year + this.int(1, 6),
      fingerprint: this.base62(16),
    };
  }

  /** The account's business name: `Hessel Labs`. */
  get business(): string {
    this.cachedBusiness ??= `${this.pick(this.faker.definitions.person.last_name.generic ?? ['Rocket'])} ${this.pick(BUSINESS_SUFFIXES)}`;
    return this.cachedBusiness;
  }

  /** The account's statement descriptor as card statements show it: `HESSEL LABS`. */
  get descriptor(): string {
    return this.business.toUpperCase().slice(0, 22);
  }

  // --- amounts and words ---------------------------------------------------------------------

  /** A price-like amount in minor units: 2000, 4999, 12500. */
  amount(minMajor = 5, maxMajor = 400): number {
    return this.int(minMajor, maxMajor) * 100 - this.pick([0, 0, 0, 1, 1, 5]);
  }

  productName(): string {
    const c = this.faker.definitions.commerce.product_name;
    return `${this.pick(c.adjective)} ${this.pick(c.material)} ${this.pick(c.product)}`;
  }

  /** Uppercase alphanumerics, as invoice prefixes and coupon codes are. */
  upper(length: number): string {
    return this.base62(length).toUpperCase();
  }
}

/**
 * A 24-character Stripe object id: `<prefix>_<version><time><account><random>`, the one id maker of
 * payloads (`Scene.id`), flows and re-sent fixtures. `random` is the caller's eight base62 characters.
 * @example
 * objectId('pi', 1_700_000_000, 'LkdIwHu7ix', '28a3tqPa', '3'); // 'pi_3ODBseLkdIwHu7ix28a3tqPa'
 */
export function objectId(prefix: string, created: number, accountCode: string, random: string, version = '1'): string {
  return `${prefix}_${version}${timeCode(created)}${accountCode}${random}`;
}

/** Five base62 characters of seconds since `ID_EPOCH`: the time part of an object id. */
export function timeCode(seconds: number): string {
  let value = (((seconds - ID_EPOCH) % 62 ** 5) + 62 ** 5) % 62 ** 5;
  let out = '';
  for (let i = 0; i < 5; i++) {
    out = BASE62_ALPHABET[value % 62] + out;
    value = Math.floor(value / 62);
  }
  return out;
}
