/** Durations in milliseconds. */
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

/** ISO 8601 UTC with milliseconds: `2026-11-21T16:29:56.123Z`. */
export function isoMillis(ms: number): string {
  return new Date(ms).toISOString();
}

/** ISO 8601 UTC without fractional seconds, as GitHub writes times: `2026-11-21T16:29:56Z`. */
export function isoSeconds(ms: number): string {
  const iso = new Date(Math.floor(ms / 1000) * 1000).toISOString();
  // `…:56.000Z` (24 characters from year 0 to 9999) becomes `…:56Z`.
  return iso.length === 24 ? `${iso.slice(0, 19)}Z` : iso.replace('.000Z', 'Z');
}

/** Unix seconds. */
export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** ISO 8601 with a fixed offset in minutes, as Shopify writes shop-local times: `2026-11-21T11:29:56-05:00`. */
export function isoWithOffset(ms: number, offsetMinutes: number): string {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19);
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${local}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** ISO 8601 with microseconds and `+00:00`, as Resend writes resource times: `2024-11-22T23:41:11.894719+00:00`. */
export function isoMicros(ms: number, micros: number): string {
  return `${new Date(ms).toISOString().slice(0, 23)}${String(micros % 1000).padStart(3, '0')}+00:00`;
}
