/**
 * Resend domains: create (`domain.created`, `not_started`, with the SPF and DKIM records to add),
 * verify (verification runs asynchronously: `domain.updated` as the domain turns `pending`, then
 * `verified`), update (tracking, TLS, capabilities: `domain.updated`) and delete (`domain.deleted`).
 */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { emit, resendTime, withoutObject, worldUuid } from './clock.js';
import { resendError, resendNotFound } from './errors.js';

const REGIONS = ['us-east-1', 'eu-west-1', 'sa-east-1', 'ap-northeast-1'];
const NAME = /^(?=.{4,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
/** The DER head and tail of an RSA-1024 public key, around the drawn modulus (a DKIM record's `p=`). */
const DKIM_HEAD = 'MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQC';
const DKIM_TAIL = 'IDAQAB';

/** The records Resend asks for: SPF (MX and TXT on `send`) and DKIM (TXT on `resend._domainkey`), each `status`. */
function records(world: World, region: string, status: string): Obj[] {
  return [
    { record: 'SPF', name: 'send', type: 'MX', ttl: 'Auto', status, value: `feedback-smtp.${region}.amazonses.com`, priority: 10 },
    { record: 'SPF', name: 'send', type: 'TXT', ttl: 'Auto', status, value: '"v=spf1 include:amazonses.com ~all"' },
    { record: 'DKIM', name: 'resend._domainkey', type: 'TXT', ttl: 'Auto', status, value: `p=${DKIM_HEAD}${world.id('', 166)}${DKIM_TAIL}` },
  ];
}

/** `data` of a `domain.*` event (`DomainEventData`): the domain without its tracking settings. */
function eventData(domain: Obj): Obj {
  const { id, name, status, created_at, region, records: list } = domain;
  return { id, name, status, created_at, region, records: list };
}

/** Stores `domain` with `status` (its records too) and appends `domain.updated`. */
function setStatus(world: World, domain: Obj, status: string): Obj {
  const next = { ...domain, status, records: (domain.records as Obj[]).map((r) => ({ ...r, status })) };
  world.put('resend', 'domain', next);
  emit(world, 'domain.updated', eventData(next));
  return next;
}

function optionalBoolean(body: Obj, field: string): boolean | undefined | Response {
  const value = body[field];
  if (value === undefined) return undefined;
  return typeof value === 'boolean' ? value : resendError(422, 'validation_error', `The \`${field}\` field must be true or false.`);
}

/** The settings `POST` and `PATCH` take (`open_tracking`, `click_tracking`, `tls`, `capabilities`, `tracking_subdomain`), or the 422 for a bad one. */
function settings(body: Obj, current: Obj): Obj | Response {
  const next: Obj = {};
  for (const field of ['open_tracking', 'click_tracking']) {
    const value = optionalBoolean(body, field);
    if (value instanceof Response) return value;
    if (value !== undefined) next[field] = value;
  }
  if (body.tls !== undefined) {
    if (body.tls !== 'enforced' && body.tls !== 'opportunistic') return resendError(422, 'validation_error', 'The `tls` field must be `enforced` or `opportunistic`.');
    next.tls = body.tls;
  }
  if (body.capabilities !== undefined) {
    if (!isPlainObject(body.capabilities) || Object.values(body.capabilities).some((v) => v !== 'enabled' && v !== 'disabled')) {
      return resendError(422, 'validation_error', 'The `capabilities` field must be { sending?, receiving? }, each `enabled` or `disabled`.');
    }
    next.capabilities = { ...(current.capabilities as Obj), ...body.capabilities };
  }
  if (typeof body.tracking_subdomain === 'string') next.tracking_subdomain = body.tracking_subdomain;
  return next;
}

/** `POST /domains`: the new domain with its records, `not_started`; `domain.created`. */
export const createDomain: RouteHandler = async (request, params, world) => {
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  if (typeof body.name !== 'string' || body.name === '') return resendError(422, 'missing_required_field', 'Missing `name` field.');
  const name = body.name.trim().toLowerCase();
  if (!NAME.test(name)) return resendError(422, 'validation_error', `Invalid \`name\` field: ${JSON.stringify(body.name)} is not a domain name (e.g. updates.acme.com).`);
  const region = body.region ?? 'us-east-1';
  if (typeof region !== 'string' || !REGIONS.includes(region)) return resendError(422, 'invalid_region', `Invalid \`region\` field: ${JSON.stringify(region)}. Resend sends from ${REGIONS.join(', ')}.`);
  if (world.list('resend', 'domain').some((d) => d.name === name)) return resendError(422, 'validation_error', `The domain ${name} is already registered.`);
  const base: Obj = { capabilities: { sending: 'enabled', receiving: 'disabled' }, open_tracking: false, click_tracking: false };
  const chosen = settings(body, base);
  if (chosen instanceof Response) return chosen;
  const domain: Obj = { object: 'domain', id: worldUuid(world), name, status: 'not_started', created_at: resendTime(world), region, ...base, ...chosen, records: records(world, region, 'not_started') };
  world.put('resend', 'domain', domain);
  emit(world, 'domain.created', eventData(domain));
  return jsonResponse(withoutObject(domain));
};

/** `POST /domains/:id/verify`: `{ object, id }`; the domain turns `pending`, then `verified`, each a `domain.updated`. */
export const verifyDomain: RouteHandler = (request, params, world) => {
  const domain = world.get('resend', 'domain', String(params.id));
  if (!domain) return resendNotFound('Domain');
  if (domain.status !== 'verified') setStatus(world, setStatus(world, domain, 'pending'), 'verified');
  return jsonResponse({ object: 'domain', id: domain.id });
};

/** `PATCH /domains/:id`: `{ object, id }`; `domain.updated`. */
export const updateDomain: RouteHandler = async (request, params, world) => {
  const domain = world.get('resend', 'domain', String(params.id));
  if (!domain) return resendNotFound('Domain');
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  const chosen = settings(body, domain);
  if (chosen instanceof Response) return chosen;
  const next = world.put('resend', 'domain', { ...domain, ...chosen });
  emit(world, 'domain.updated', eventData(next));
  return jsonResponse({ object: 'domain', id: domain.id });
};

/** `DELETE /domains/:id`: `{ object, id, deleted }`; `domain.deleted`. */
export const removeDomain: RouteHandler = (request, params, world) => {
  const domain = world.get('resend', 'domain', String(params.id));
  if (!domain) return resendNotFound('Domain');
  world.delete('resend', 'domain', String(domain.id));
  emit(world, 'domain.deleted', eventData(domain));
  return jsonResponse({ object: 'domain', id: domain.id, deleted: true });
};
