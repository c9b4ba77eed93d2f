import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { body, instant, schemes } from './schemes.js';

const bytes = (b: string | Uint8Array) => (typeof b === 'string' ? new TextEncoder().encode(b) : b);

describe.each(schemes)('$name signer properties', (scheme) => {
  it('verifies whatever it signs, for any body, secret and time', () => {
    fc.assert(
      fc.property(body, scheme.secret, instant, (b, secret, at) => {
        expect(scheme.verify(scheme.sign(secret, b, at), b, secret, at)).toEqual({ ok: true });
      }),
    );
  });

  it('rejects any single-byte change of the body', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 2048 }), scheme.secret, instant, fc.nat(), fc.integer({ min: 1, max: 255 }), (b, secret, at, i, flip) => {
        const headers = scheme.sign(secret, b, at);
        const tampered = Uint8Array.from(b);
        tampered[i % b.length]! ^= flip;
        expect(scheme.verify(headers, tampered, secret, at)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
      }),
    );
  });

  it('rejects any single-character change of the signature', () => {
    const alphabet = '0123456789abcdefABCDEF+/=xyz';
    fc.assert(
      fc.property(body, scheme.secret, instant, fc.nat(), fc.nat(), (b, secret, at, i, j) => {
        const headers = scheme.sign(secret, b, at);
        const value = headers[scheme.signatureHeader]!;
        const start = scheme.signatureOffset(value);
        const at_ = start + (i % (value.length - start));
        let replacement = alphabet[j % alphabet.length]!;
        if (replacement === value[at_]) replacement = replacement === 'x' ? 'y' : 'x';
        const forged = { ...headers, [scheme.signatureHeader]: value.slice(0, at_) + replacement + value.slice(at_ + 1) };
        expect(scheme.verify(forged, b, secret, at).ok).toBe(false);
      }),
    );
  });

  it('rejects a signature made with any other secret', () => {
    fc.assert(
      fc.property(body, scheme.secret, scheme.secret, instant, (b, secret, other, at) => {
        fc.pre(secret !== other);
        expect(scheme.verify(scheme.sign(other, b, at), b, secret, at)).toMatchObject({ ok: false, reason: 'signature_mismatch' });
      }),
    );
  });

  it('accepts when any configured secret matches (rotation on the receiving side)', () => {
    fc.assert(
      fc.property(body, fc.uniqueArray(scheme.secret, { minLength: 2, maxLength: 3 }), instant, (b, secrets, at) => {
        const headers = scheme.sign(secrets[0]!, b, at);
        expect(scheme.verify(headers, b, secrets.slice(1), at).ok).toBe(false);
        expect(scheme.verify(headers, b, [...secrets].reverse(), at).ok).toBe(true);
      }),
    );
  });

  if (scheme.window !== 'none') {
    it('signs once per secret of a rotation list, each verifying alone', () => {
      fc.assert(
        fc.property(body, fc.uniqueArray(scheme.secret, { minLength: 2, maxLength: 3 }), instant, (b, secrets, at) => {
          const headers = scheme.sign(secrets, b, at);
          for (const secret of secrets) expect(scheme.verify(headers, b, secret, at).ok).toBe(true);
        }),
      );
    });
  }

  it('never throws for arbitrary header strings', () => {
    const names = [scheme.signatureHeader, 'svix-id', 'svix-timestamp', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'X-Hub-Signature-256', 'Stripe-Signature'];
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...names), fc.string({ unit: 'binary', maxLength: 200 })), body, scheme.secret, instant, (headers, b, secret, now) => {
        const result = scheme.verify(headers, b, secret, now);
        expect(typeof result.ok).toBe('boolean');
        if (!result.ok) expect(result.message.length).toBeGreaterThan(0);
      }),
    );
  });

  if (scheme.window !== 'none') {
    it('rejects any timestamp more than 300 s in the past', () => {
      fc.assert(
        fc.property(body, scheme.secret, instant, fc.integer({ min: 301, max: 10_000_000 }), (b, secret, at, late) => {
          const signedAt = Math.floor(at / 1000) * 1000;
          expect(scheme.verify(scheme.sign(secret, b, signedAt), b, secret, signedAt + late * 1000)).toMatchObject({
            ok: false,
            reason: 'timestamp_out_of_range',
          });
        }),
      );
    });

    it('accepts any skew within 300 s in the past', () => {
      fc.assert(
        fc.property(body, scheme.secret, instant, fc.integer({ min: 0, max: 300 }), (b, secret, at, late) => {
          const signedAt = Math.floor(at / 1000) * 1000;
          expect(scheme.verify(scheme.sign(secret, b, signedAt), b, secret, signedAt + late * 1000).ok).toBe(true);
        }),
      );
    });

    it(scheme.window === 'both' ? 'rejects any timestamp more than 300 s in the future' : 'accepts timestamps in the future, as stripe-node does', () => {
      fc.assert(
        fc.property(body, scheme.secret, instant, fc.integer({ min: 301, max: 10_000_000 }), (b, secret, at, early) => {
          const signedAt = Math.floor(at / 1000) * 1000;
          const result = scheme.verify(scheme.sign(secret, b, signedAt), b, secret, signedAt - early * 1000);
          if (scheme.window === 'both') expect(result).toMatchObject({ ok: false, reason: 'timestamp_out_of_range' });
          else expect(result.ok).toBe(true);
        }),
      );
    });
  }

  it('signs a string body and its UTF-8 bytes alike', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), scheme.secret, instant, (text, secret, at) => {
        expect(scheme.sign(secret, text, at)).toEqual(scheme.sign(secret, bytes(text), at));
      }),
    );
  });
});
