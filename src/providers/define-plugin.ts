/** Custom plugins: any sender that POSTs `{ "type": string, "data": object }` to `/api/webhook/<id>`. */
import { isPlainObject, RelayError } from '../core/index.js';
import { OK, readHeader, type VerifyResult } from '../signers/shared.js';
import type { NormalizeRequest, NormalizeResult, ProviderPlugin, VerifyRequest } from './types.js';

/** Options of `definePlugin`. */
export interface CustomPluginOptions {
  /** Lowercase letters, digits, `-` and `_`: the mount path segment. */
  id: string;
  name?: string;
  /** The env var of its secret, if `verify` uses one. */
  secretEnv?: string | null;
  /** The plugin's own signature check; see `permissiveVerify()` for development. */
  verify: (request: VerifyRequest) => VerifyResult | Promise<VerifyResult>;
  /** Overrides the default `{ type, data }` normalization. */
  normalize?: (request: NormalizeRequest) => NormalizeResult;
  /** Where the delivery id is read from: a header name (case-insensitive). Default: none, no deduplication. */
  deliveryIdHeader?: string;
}

const ID_PATTERN = /^[a-z0-9][a-z0-9_-]{0,63}$/;

/** The default normalization of custom plugins: the body must be `{ type: string, data: object }`. */
export function normalizeTypeAndData(request: NormalizeRequest, deliveryId: string | null = null): NormalizeResult {
  const { json } = request;
  if (!isPlainObject(json)) return { ok: false, error: 'The body must be a JSON object { "type": string, "data": object }.' };
  if (typeof json.type !== 'string' || json.type.trim() === '') {
    return { ok: false, error: 'The body needs a non-empty string "type", e.g. { "type": "order.paid", "data": {} }.' };
  }
  if (!isPlainObject(json.data)) return { ok: false, error: 'The body needs an object "data", e.g. { "type": "order.paid", "data": {} }.' };
  return { ok: true, event: { eventType: json.type, deliveryId, data: json.data } };
}

/**
 * Defines a custom provider plugin, mounted at `/api/webhook/<id>`.
 * @example
 * const acme = definePlugin({ id: 'acme', verify: permissiveVerify() });
 * // POST /api/webhook/acme  {"type":"order.paid","data":{"id":1}}  → stored as acme.order.paid
 */
export function definePlugin(options: CustomPluginOptions): ProviderPlugin {
  if (typeof options?.id !== 'string' || !ID_PATTERN.test(options.id)) {
    throw new RelayError(
      'INVALID_OPTION',
      `definePlugin: the id must be 1 to 64 lowercase letters, digits, "-" or "_" (it becomes /api/webhook/<id>), got ${JSON.stringify(options?.id)}.`,
    );
  }
  if (typeof options.verify !== 'function') {
    throw new RelayError(
      'INVALID_OPTION',
      `definePlugin("${options.id}"): a verify function is required. For local development use permissiveVerify().`,
    );
  }
  const { deliveryIdHeader } = options;
  return {
    id: options.id,
    name: options.name ?? options.id,
    secretEnv: options.secretEnv ?? null,
    verify: options.verify,
    normalize:
      options.normalize ??
      ((request) => {
        const id = deliveryIdHeader ? (readHeader(request.headers, deliveryIdHeader) ?? null) : null;
        return normalizeTypeAndData(request, id);
      }),
  };
}

/**
 * A verify step that accepts every request: for local development of custom plugins only.
 * Throws when `NODE_ENV` is `production`, both when created and when called.
 * @example
 * definePlugin({ id: 'acme', verify: permissiveVerify() });
 */
export function permissiveVerify(): (request: VerifyRequest) => VerifyResult {
  assertNotProduction();
  return () => {
    assertNotProduction();
    return OK;
  };
}

function assertNotProduction(): void {
  if (process.env.NODE_ENV === 'production') {
    throw new RelayError(
      'UNSAFE_IN_PRODUCTION',
      'permissiveVerify() accepts unsigned requests and refuses to run with NODE_ENV=production. Give the plugin a real verify function.',
    );
  }
}
