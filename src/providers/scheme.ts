/**
 * Helpers for describing a built-in's signing scheme (`SigningScheme`, in types.ts): what the plugin
 * derives from it, and what its malformations share.
 */
import type { SigningScheme } from './types.js';

/** The names a verifier reads a scheme's MAC from: what `ProviderPlugin.signatureHeaders` lists. */
export function signatureHeaderNames(scheme: SigningScheme): readonly string[] {
  return [scheme.headers.signature, ...(scheme.headers.aliases ?? [])];
}

/** The first half of a signature (at least one character): too short to be one, for a malformation. */
export function half(value: string): string {
  return value.slice(0, Math.max(1, Math.floor(value.length / 2)));
}
