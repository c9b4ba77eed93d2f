/**
 * Plain strings by what their key says they hold: the value a schema types only as `string` gets the
 * form a provider sends there (a person's name at `first_name`, a title at `title`, a sentence at
 * `body`, a version at `version`, a routing number at `routing_number`), in English, drawn from the
 * delivery's faker. The schema walkers fall back to it for every string nothing else fills, so no
 * body carries a Latin placeholder word.
 *
 * @example
 * drawText(textKind('commit_title'), faker); // 'Fix stale invoice cache'
 * drawText(textKind('routing_number'), faker); // '110000000'
 */
import type { Faker } from './random.js';

/** What a plain string holds, as its key names it. */
export type TextKind =
  | 'title'
  | 'sentence'
  | 'person'
  | 'first'
  | 'last'
  | 'company'
  | 'bank'
  | 'descriptor'
  | 'email'
  | 'url'
  | 'host'
  | 'ip'
  | 'phone'
  | 'color'
  | 'version'
  | 'file'
  | 'country'
  | 'currency'
  | 'language'
  | 'region'
  | 'city'
  | 'postal'
  | 'line'
  | 'routing'
  | 'account_number'
  | 'last4'
  | 'code'
  | 'token'
  | 'key'
  | 'label'
  | 'word';

/** The last key of a path is enough for most kinds; these patterns are tried in order. */
const KINDS: readonly (readonly [RegExp, TextKind])[] = [
  [/(^|_)email(_address)?$/, 'email'],
  [/(^|_)(url|uri|href|link|website)$/, 'url'],
  [/(^|_)(host|hostname|domain)$/, 'host'],
  [/(^|_)ip(_address)?$/, 'ip'],
  [/(^|_)phone(_number)?$/, 'phone'],
  [/(^|_)colou?r$/, 'color'],
  [/(^|_)version$/, 'version'],
  [/(^|_)(file_?name|filename|path|pdf)$/, 'file'],
  [/(^|_)country(_code)?$/, 'country'],
  [/(^|_)currency$/, 'currency'],
  [/(^|_)(language|locale|lang)$/, 'language'],
  [/(^|_)(region|state|province)$/, 'region'],
  [/(^|_)city$/, 'city'],
  [/(^|_)(postal_code|zip)$/, 'postal'],
  [/(^|_)line[12]$/, 'line'],
  [/(^|_)routing_number$/, 'routing'],
  [/(^|_)account_number$/, 'account_number'],
  [/(^|_)last4$/, 'last4'],
  [/^first_name$/, 'first'],
  [/^last_name$/, 'last'],
  [/(holder|verified|cardholder|full|legal|person|owner)_name$|^(login|author|assignee)$/, 'person'],
  [/(bank|institution)_name$/, 'bank'],
  [/statement_descriptor(_suffix)?$|^descriptor$/, 'descriptor'],
  [/(^|_)(business|company|display|public|merchant|shop|store|organization)_?name$|^(nickname|vendor|brand|merchant)$/, 'company'],
  [/(^|_)(title|subject|headline|summary|heading)$/, 'title'],
  [
    /(^|_)(body|description|message|comment|note|notes|memo|footer|header|text|content|bio|instructions|explanation|details|reason_message|inactive_message|caption|excerpt|tagline|blurb|markdown)$|_(body|title)$/,
    'sentence',
  ],
  [/(^|_)(secret|token|password|signature|nonce)$/, 'token'],
  [/(^|_)(id|number|code|reference|serial|fingerprint|sku|barcode|hash|sha|checksum|mcc|key_id)$|_code$/, 'code'],
  [/(^|_)(key|slug|handle|lookup_key|namespace|event_name|tag|topic|scope|permission|source|origin)$|^property_name$/, 'key'],
  [/(^|_)(name|label|option|value)$/, 'label'],
];

const kinds = new Map<string, TextKind>();

/**
 * The kind of string a `key` holds (worked out once per key).
 * @example
 * textKind('account_holder_name'); // 'person'
 */
export function textKind(key: string | number | undefined): TextKind {
  if (typeof key !== 'string') return 'word';
  let kind = kinds.get(key);
  if (kind === undefined) {
    const lower = key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
    kind = KINDS.find(([pattern]) => pattern.test(lower))?.[1] ?? 'word';
    kinds.set(key, kind);
  }
  return kind;
}

/** Lists drawn from, each read once from faker's English definitions with the words Latin shares with lorem left out. */
interface Lists {
  readonly nouns: readonly string[];
  readonly adjectives: readonly string[];
  readonly firstNames: readonly string[];
  readonly lastNames: readonly string[];
}

let lists: Lists | undefined;

function listsOf(faker: Faker): Lists {
  if (lists === undefined) {
    const lorem = new Set(faker.definitions.lorem.word);
    const english = (words: readonly string[]) => words.filter((word) => !lorem.has(word) && /^[a-z]+$/.test(word));
    const person = faker.definitions.person;
    lists = {
      nouns: english(faker.definitions.word.noun),
      adjectives: english(faker.definitions.word.adjective),
      firstNames: (person.first_name as { generic?: string[] }).generic ?? [],
      lastNames: (person.last_name as { generic?: string[] }).generic ?? [],
    };
  }
  return lists;
}

/** What people do to things, for titles: `Fix stale invoice cache`. */
const VERBS = ['Fix', 'Add', 'Update', 'Remove', 'Refactor', 'Improve', 'Document', 'Handle', 'Support', 'Rename', 'Move', 'Check'];
/** Sentences a person types into a description, comment or note, around a thing. */
const SENTENCES = [
  (thing: string) => `Please review the ${thing} before the next release.`,
  (thing: string) => `The ${thing} needs another look.`,
  (thing: string) => `Thanks for updating the ${thing}.`,
  (thing: string) => `Follow-up on the ${thing} from last week.`,
  (thing: string) => `This changes how the ${thing} is handled.`,
  (thing: string) => `Customer asked about the ${thing}.`,
];
const BANKS = ['STRIPE TEST BANK', 'JPMORGAN CHASE BANK', 'BANK OF AMERICA', 'WELLS FARGO BANK', 'CITIBANK'];
const COMPANY_SUFFIXES = ['Inc', 'LLC', 'Co', 'Group', 'Labs'];
const FILE_TYPES = ['pdf', 'csv', 'png', 'jpg', 'txt'];
const REGIONS = ['CA', 'NY', 'TX', 'WA', 'IL', 'MA'];
const CITIES = ['San Francisco', 'New York', 'Austin', 'Seattle', 'Chicago', 'Boston'];
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

const pickOf = <T>(faker: Faker, items: readonly T[]): T => items[faker.number.int(items.length - 1)]!;
const digits = (faker: Faker, n: number): string => String(faker.number.int(10 ** n - 1)).padStart(n, '0');
const chars = (faker: Faker, alphabet: string, n: number): string => {
  let out = '';
  for (let i = 0; i < n; i++) out += alphabet[faker.number.int(alphabet.length - 1)];
  return out;
};
const capitalize = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * `count` sentences of a description or comment, joined with spaces.
 * @example
 * sentences(faker, 2); // 'The stale invoice needs another look. Thanks for updating the quiet banner.'
 */
export function sentences(faker: Faker, count: number): string {
  let text = drawText('sentence', faker);
  for (let i = 1; i < count; i++) text += ` ${drawText('sentence', faker)}`;
  return text;
}

/**
 * A string of `kind`, drawn with `faker`.
 * @example
 * drawText('version', faker); // '2.14.3'
 */
export function drawText(kind: TextKind, faker: Faker): string {
  const { nouns, adjectives, firstNames, lastNames } = listsOf(faker);
  const noun = () => pickOf(faker, nouns);
  switch (kind) {
    case 'title':
      return `${pickOf(faker, VERBS)} ${pickOf(faker, adjectives)} ${noun()}`;
    case 'sentence':
      return pickOf(faker, SENTENCES)(`${pickOf(faker, adjectives)} ${noun()}`);
    case 'person':
      return `${pickOf(faker, firstNames)} ${pickOf(faker, lastNames)}`;
    case 'first':
      return pickOf(faker, firstNames);
    case 'last':
      return pickOf(faker, lastNames);
    case 'company':
      return `${pickOf(faker, lastNames)} ${pickOf(faker, COMPANY_SUFFIXES)}`;
    case 'bank':
      return pickOf(faker, BANKS);
    case 'descriptor':
      return `${pickOf(faker, lastNames)} ${noun()}`.toUpperCase().slice(0, 22);
    case 'email':
      return `${pickOf(faker, firstNames)}.${pickOf(faker, lastNames)}@example.com`.toLowerCase();
    case 'url':
      return `https://example.com/${noun()}`;
    case 'host':
      return `${noun()}.example.com`;
    case 'ip':
      return `${faker.number.int({ min: 23, max: 212 })}.${faker.number.int(255)}.${faker.number.int(255)}.${faker.number.int({ min: 1, max: 254 })}`;
    case 'phone':
      return `+1415555${digits(faker, 4)}`;
    case 'color':
      return chars(faker, '0123456789abcdef', 6);
    case 'version':
      return `${faker.number.int({ min: 1, max: 9 })}.${faker.number.int(20)}.${faker.number.int(12)}`;
    case 'file':
      return `${noun()}_${noun()}.${pickOf(faker, FILE_TYPES)}`;
    case 'country':
      return 'US';
    case 'currency':
      return 'usd';
    case 'language':
      return 'en';
    case 'region':
      return pickOf(faker, REGIONS);
    case 'city':
      return pickOf(faker, CITIES);
    case 'postal':
      return digits(faker, 5);
    case 'line':
      return `${faker.number.int({ min: 1, max: 999 })} ${capitalize(noun())} Street`;
    case 'routing':
      return '110000000';
    case 'account_number':
      return `000${digits(faker, 9)}`;
    case 'last4':
      return digits(faker, 4);
    case 'code':
      return chars(faker, ALNUM, 10);
    case 'token':
      return chars(faker, BASE62, 24);
    case 'key':
      return `${noun()}_${noun()}`;
    case 'label':
      return `${capitalize(pickOf(faker, adjectives))} ${noun()}`;
    case 'word':
      return noun();
  }
}
