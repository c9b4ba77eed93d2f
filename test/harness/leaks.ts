/**
 * Where a planted value could still hide in a scrubbed text: the text itself, every string and key of
 * it and of the JSON strings inside it, their percent-decoded forms, the text that base64 runs and JWT
 * segments in them decode to. `leaks` says which planted values are still readable anywhere there.
 */

function decodePercent(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Text of every base64 (standard or URL-safe) run of `text` that decodes to UTF-8 without replacement. */
function base64Texts(text: string): string[] {
  const out: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{12,}={0,2}/g)) {
    for (const encoding of ['base64', 'base64url'] as const) {
      const decoded = Buffer.from(run, encoding).toString('utf8');
      // eslint-disable-next-line no-control-regex
      if (!/[\ufffd\u0000-\u0008\u000e-\u001f]/.test(decoded)) out.push(decoded);
    }
  }
  return out;
}

/** Every readable form of `text`, a few decodings deep. */
export function surfaces(text: string, depth = 0): string[] {
  const out = [text, decodePercent(text)];
  if (depth >= 4) return out;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value !== null && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        strings.push(k);
        walk(v);
      }
    }
  };
  walk(parsed);
  for (const s of strings) out.push(...surfaces(s, depth + 1));
  for (const decoded of [...base64Texts(text), ...base64Texts(decodePercent(text))]) {
    if (decoded !== text) out.push(...surfaces(decoded, depth + 1));
  }
  return out;
}

/** The planted values still readable in `text`, in any of its forms. */
export function leaks(text: string, planted: readonly string[]): string[] {
  const all = surfaces(text);
  return planted.filter((value) => all.some((s) => s.includes(value)));
}
