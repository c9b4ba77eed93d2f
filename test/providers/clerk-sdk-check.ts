/**
 * The catalog's check of Clerk payloads against @clerk/backend's `WebhookEvent` (the allowances are
 * listed and argued in clerk-types.test.ts): a TypeScript source with one `export const` per payload,
 * for `typecheck` (test/support/typecheck.ts), shared by the catalog's test and the emulator's.
 * @example
 * expect(typecheck({ 'test/.generated/clerk-x.ts': source(payloads) })).toEqual([]);
 */

/** The check's preamble: the SDK's types, and what Clerk's spec allows beyond them. */
export const header = `import type { WebhookEvent } from '@clerk/backend/webhooks';
type Lenient<T> = T extends readonly (infer U)[]
  ? Lenient<U>[]
  : T extends object
    ? T extends { strategy: unknown; attempts: unknown }
      ? { [K in keyof T as K extends 'id' | 'object' | 'expires_at' ? never : K]: Lenient<T[K]> } & { object?: \`verification_\${string}\` }
      : { [K in keyof T]: K extends 'object' ? OpenObject<T[K]> : undefined extends T[K] ? Lenient<T[K]> | null : Lenient<T[K]> }
    : T;
type OpenObject<O> = 'user' | 'session' extends O ? string : O;
type Sdk<K> = WebhookEvent extends infer E ? (E extends { type: infer T } ? (K extends T ? E : never) : never) : never;
type SdkData<K> = K extends 'role.deleted' | 'permission.deleted'
  ? Sdk<'organization.deleted'>['data']
  : K extends 'session.pending'
    ? Sdk<'session.created'>['data']
    : Sdk<K>['data'];
type Expected<K> = Omit<Sdk<K extends 'session.pending' ? 'session.created' : K>, 'type' | 'data'> & { type: K; data: Lenient<SdkData<K>> };
const check = <K extends string>(_type: K) => <V extends Expected<K>>(value: V): V => value;
`;

/** One `export const` per payload, each on its own line so a diagnostic's line names the type. */
export function source(payloads: readonly Record<string, unknown>[]): string {
  const lines = header.split('\n').length - 1;
  return header + payloads.map((p, i) => `export const e${i + lines} = check(${JSON.stringify(p.type)})(${JSON.stringify(p)});\n`).join('');
}
