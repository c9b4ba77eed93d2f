/**
 * The pieces every Clerk payload draws on: Clerk-shaped ids, the moments of an event, the browser
 * that triggered it and the default avatar URLs. Internal to the Clerk builder.
 */
import type { JsonObject } from '../../core/index.js';
import { base62, ksuid } from '../shared/ids.js';
import { between, pick, publicIpv4, type Faker } from '../shared/random.js';

export { DAY, HOUR, MINUTE, SECOND } from '../shared/time.js';
export { between, pick };

/** What one event's builders share. */
export interface Scene {
  readonly faker: Faker;
  /** When Clerk emitted the event: the envelope's `timestamp`, a little before the delivery (`ctx.now`). */
  readonly at: number;
  /** `ins_…`, the Clerk instance (application environment) that sent the event. */
  readonly instanceId: string;
  /** The browser behind the request that caused the event. */
  readonly client: Client;
}

export interface Client {
  readonly ip: string;
  readonly userAgent: string;
  /** How Clerk's emails describe the device: `Chrome, macOS`. */
  readonly label: string;
  /** What Clerk's session activity records: `Chrome`, `128.0.0.0`, a phone or not. */
  readonly browserName: string;
  readonly browserVersion: string;
  readonly mobile: boolean;
}

/** A Clerk id: `prefix` + a 27-character KSUID whose leading characters encode the creation time (`user_2vX…`). */
export function clerkId(faker: Faker, prefix: string, createdAt: number): string {
  return prefix + ksuid(faker, createdAt);
}



/** A moment `min`–`max` ms before `at`. */
export function before(faker: Faker, at: number, min: number, max: number): number {
  return at - between(faker, min, max);
}

const BROWSERS = [
  { os: 'Macintosh; Intel Mac OS X 10_15_7', osLabel: 'macOS', kind: 'chrome' },
  { os: 'Windows NT 10.0; Win64; x64', osLabel: 'Windows', kind: 'chrome' },
  { os: 'X11; Linux x86_64', osLabel: 'Linux', kind: 'chrome' },
  { os: 'Macintosh; Intel Mac OS X 10_15_7', osLabel: 'macOS', kind: 'safari' },
  { os: 'iPhone; CPU iPhone OS 18_5 like Mac OS X', osLabel: 'iOS', kind: 'mobile-safari' },
  { os: 'Linux; Android 10; K', osLabel: 'Android', kind: 'chrome-mobile' },
  { os: 'Windows NT 10.0; Win64; x64', osLabel: 'Windows', kind: 'firefox' },
  { os: 'Windows NT 10.0; Win64; x64', osLabel: 'Windows', kind: 'edge' },
] as const;

/** A current desktop or mobile browser's `User-Agent`, with the label Clerk's emails use for it. */
export function browserClient(faker: Faker): Client {
  const b = pick(faker, BROWSERS);
  const major = between(faker, 128, 138);
  let userAgent: string;
  let name: string;
  let version = `${major}.0.0.0`;
  switch (b.kind) {
    case 'safari':
      userAgent = `Mozilla/5.0 (${b.os}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.${between(faker, 0, 5)} Safari/605.1.15`;
      name = 'Safari';
      version = /Version\/([\d.]+)/.exec(userAgent)![1]!;
      break;
    case 'mobile-safari':
      userAgent = `Mozilla/5.0 (${b.os}) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1`;
      name = 'Safari';
      version = '18.5';
      break;
    case 'chrome-mobile':
      userAgent = `Mozilla/5.0 (${b.os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Mobile Safari/537.36`;
      name = 'Chrome';
      break;
    case 'firefox':
      userAgent = `Mozilla/5.0 (${b.os}; rv:${major + 2}.0) Gecko/20100101 Firefox/${major + 2}.0`;
      name = 'Firefox';
      version = `${major + 2}.0`;
      break;
    case 'edge':
      userAgent = `Mozilla/5.0 (${b.os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36 Edg/${major}.0.0.0`;
      name = 'Edge';
      break;
    default:
      userAgent = `Mozilla/5.0 (${b.os}) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${major}.0.0.0 Safari/537.36`;
      name = 'Chrome';
  }
  const mobile = b.kind === 'mobile-safari' || b.kind === 'chrome-mobile';
  return { ip: publicIpv4(faker), userAgent, label: `${name}, ${b.osLabel}`, browserName: name, browserVersion: version, mobile };
}


/**
 * Clerk's generated avatar URL: `https://img.clerk.com/` + base64url of
 * `{"type":"default","iid":<instance>,"rid":<resource>}`. Clerk also encodes the person's initials
 * there; a fake leaves them out so that no part of a name hides in the base64.
 */
export function defaultImageUrl(instanceId: string, resourceId: string): string {
  const token = { type: 'default', iid: instanceId, rid: resourceId };
  return `https://img.clerk.com/${Buffer.from(JSON.stringify(token)).toString('base64url')}`;
}

/** `name` as a URL slug: `Acme Corp` → `acme-corp`. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Random alphanumerics, for ids of other systems (Stripe's `pi_…`) that are not KSUIDs. */
export function alnum(faker: Faker, length: number): string {
  return base62(faker, length);
}

/** A `YYYY-MM-DD` date in UTC. */
export function isoDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** `ms` plus `months` calendar months, in UTC (a monthly billing period's end). */
export function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}

/** A first name from faker's English list (a direct pick: `faker.person.lastName()` costs 4 µs). */
export function firstName(faker: Faker): string {
  return pick(faker, faker.definitions.person.first_name.generic ?? ['Alex']);
}

export function lastName(faker: Faker): string {
  return pick(faker, faker.definitions.person.last_name.generic ?? ['Smith']);
}

const COMPANY_SUFFIXES = ['Inc', 'Labs', 'LLC', 'Group', 'HQ', 'Technologies', 'Studio', 'Co'];

/** A company name such as `Kuhn Labs` (`faker.company.name()` costs 5 µs). */
export function companyName(faker: Faker): string {
  return `${lastName(faker)} ${pick(faker, COMPANY_SUFFIXES)}`;
}

/** The empty `event_attributes` of events no browser request caused (billing renewals, expiries). */
export const NO_REQUEST: JsonObject = { http_request: { client_ip: '', user_agent: '' } };
