/**
 * Placeholder strings: string values made only of the Latin lorem words faker draws (`"despecto"`,
 * `"vigilo terga"`), which no provider sends. Shared by the placeholder test and `bench:placeholders`.
 */
import { faker } from '@faker-js/faker/locale/en';

const LOREM = new Set(faker.definitions.lorem.word);
/**
 * Lorem words that are also English or technical words a provider sends (GitHub's severity `error`,
 * a `demo` mode, an `audio` file): alone they prove nothing; a string needs another lorem word.
 */
const ENGLISH = new Set(['a', 'ad', 'ago', 'alias', 'at', 'audio', 'bonus', 'color', 'demo', 'error', 'ex', 'id', 'in', 'minus', 'non', 'sub', 'sum', 'super', 'trans', 'turbo', 'ultra', 'via', 'video', 'villa', 'vigor']);

/**
 * Whether `text` is made only of lorem words (any separators between them; a sentence's capital
 * first letter allowed), at least one of them no English word. Upper-case codes (`IN`, `AD`) are
 * not lorem words; a token mixing letters and digits (a SHA, `A000000003`) is an identifier, not words.
 * @example
 * isPlaceholder('Vigilo terga.'); // true
 * isPlaceholder('error'); // false
 * isPlaceholder('in_progress'); // false: `progress` is English
 */
export function isPlaceholder(text: string): boolean {
  let latin = false;
  for (const token of text.split(/[^A-Za-z0-9]+/)) {
    if (token === '' || /^[0-9]+$/.test(token)) continue;
    const word = /^[A-Z][a-z]*$/.test(token) ? token.toLowerCase() : token;
    if (!LOREM.has(word)) return false;
    latin ||= !ENGLISH.has(word);
  }
  return latin;
}

/** Every placeholder string in `value`, with its path (`$.data.object.flow`). */
export function placeholders(value: unknown, path = '$', out: [string, string][] = []): [string, string][] {
  if (typeof value === 'string') {
    if (isPlaceholder(value)) out.push([path, value]);
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => placeholders(item, `${path}[${i}]`, out));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) placeholders(item, `${path}.${key}`, out);
  }
  return out;
}

/** How many string values `value` holds. */
export function countStrings(value: unknown): number {
  if (typeof value === 'string') return 1;
  if (Array.isArray(value)) return value.reduce<number>((n, item) => n + countStrings(item), 0);
  if (value !== null && typeof value === 'object') return Object.values(value).reduce<number>((n, item) => n + countStrings(item), 0);
  return 0;
}
