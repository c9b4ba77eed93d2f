/**
 * Resend contacts: create (`contact.created`), update (`contact.updated`), delete (`contact.deleted`),
 * by id or email address, globally or under a (legacy) audience, and a contact's topic subscriptions
 * (`contact.topics.updated`). A contact named by no segment belongs to the account's default
 * audience, "General", as Resend's accounts have one.
 */
import { isPlainObject } from '../../../core/index.js';
import { jsonResponse, readJson, readJsonObject, type Obj, type RouteHandler, type World } from '../../shared/api/index.js';
import { emit, resendTime, worldUuid } from './clock.js';
import { resendError, resendNotFound } from './errors.js';
import { bareAddress } from './outcomes.js';

const ADDRESS = /^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/;

/** The default audience (a segment), made the first time a contact needs it. */
function generalAudience(world: World): string {
  const found = world.list('resend', 'segment').find((s) => s.name === 'General');
  if (found) return String(found.id);
  const segment = { object: 'segment', id: worldUuid(world), name: 'General', created_at: resendTime(world) };
  world.put('resend', 'segment', segment);
  return segment.id;
}

/** `data` of a `contact.*` event (`ContactEventData`). */
function eventData(contact: Obj): Obj {
  const { id, audience_id, segment_ids, created_at, updated_at, email, first_name, last_name, unsubscribed } = contact;
  return { id, audience_id, segment_ids, created_at, updated_at, email, first_name, last_name, unsubscribed };
}

/** The contact `:id` names (an id or an email address), under `:audience_id` when the path has one. */
function findContact(world: World, params: Readonly<Record<string, unknown>>): Obj | undefined {
  const key = String(params.id);
  const found = world.get('resend', 'contact', key) ?? world.list('resend', 'contact').find((c) => String(c.email).toLowerCase() === key.toLowerCase());
  return found && (params.audience_id === undefined || found.audience_id === params.audience_id) ? found : undefined;
}

/** The fields a create or update sets (`first_name`, `last_name`, `unsubscribed`, `properties`), or the 422 for a bad one. */
function fieldsOf(body: Obj): Obj | Response {
  const out: Obj = {};
  for (const field of ['first_name', 'last_name']) {
    if (body[field] === undefined) continue;
    if (body[field] !== null && typeof body[field] !== 'string') return resendError(422, 'validation_error', `The \`${field}\` field must be a string.`);
    out[field] = body[field];
  }
  if (body.unsubscribed !== undefined) {
    if (typeof body.unsubscribed !== 'boolean') return resendError(422, 'validation_error', 'The `unsubscribed` field must be true or false.');
    out.unsubscribed = body.unsubscribed;
  }
  if (body.properties !== undefined) {
    if (!isPlainObject(body.properties)) return resendError(422, 'validation_error', 'The `properties` field must be an object of strings and numbers.');
    out.properties = body.properties;
  }
  return out;
}

/** `POST /contacts` and `POST /audiences/:audience_id/contacts`: `{ object, id }`; `contact.created`. */
export const createContact: RouteHandler = async (request, params, world) => {
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  if (typeof body.email !== 'string' || body.email === '') return resendError(422, 'missing_required_field', 'Missing `email` field.');
  const email = bareAddress(body.email);
  if (!ADDRESS.test(email)) return resendError(422, 'validation_error', `Invalid \`email\` field: ${JSON.stringify(body.email)} is not an email address.`);
  if (world.list('resend', 'contact').some((c) => c.email === email)) return resendError(422, 'validation_error', `A contact with the email ${email} already exists; update it instead.`);
  const fields = fieldsOf(body);
  if (fields instanceof Response) return fields;
  const segments = Array.isArray(body.segments) ? body.segments.filter(isPlainObject).map((s) => String(s.id)) : [];
  const audience = params.audience_id !== undefined ? String(params.audience_id) : (segments[0] ?? generalAudience(world));
  const at = resendTime(world);
  const contact: Obj = {
    object: 'contact',
    id: worldUuid(world),
    email,
    first_name: null,
    last_name: null,
    created_at: at,
    updated_at: at,
    unsubscribed: false,
    properties: {},
    ...fields,
    audience_id: audience,
    segment_ids: segments.length > 0 ? segments : [audience],
  };
  world.put('resend', 'contact', contact);
  if (Array.isArray(body.topics)) world.put('resend', 'contact_topics', { email, topics: body.topics.filter(isPlainObject).map((t) => ({ id: String(t.id), subscription: t.subscription })) });
  emit(world, 'contact.created', eventData(contact));
  return jsonResponse({ object: 'contact', id: contact.id });
};

/** `PATCH /contacts/:id` (an id or an email address, also under an audience): `{ object, id }`; `contact.updated`. */
export const updateContact: RouteHandler = async (request, params, world) => {
  const contact = findContact(world, params);
  if (!contact) return resendNotFound('Contact');
  const body = await readJsonObject(request);
  if (!body) return resendError(400, 'validation_error', 'Invalid JSON body.');
  const fields = fieldsOf(body);
  if (fields instanceof Response) return fields;
  const next = world.put('resend', 'contact', { ...contact, ...fields, updated_at: resendTime(world) });
  emit(world, 'contact.updated', eventData(next));
  return jsonResponse({ object: 'contact', id: contact.id });
};

/** `DELETE /contacts/:id` (an id or an email address, also under an audience): `{ object, contact, deleted }`; `contact.deleted`. */
export const removeContact: RouteHandler = (request, params, world) => {
  const contact = findContact(world, params);
  if (!contact) return resendNotFound('Contact');
  world.delete('resend', 'contact', String(contact.id));
  world.delete('resend', 'contact_topics', String(contact.email));
  emit(world, 'contact.deleted', eventData(contact));
  return jsonResponse({ object: 'contact', contact: contact.id, deleted: true });
};

/** `PATCH /contacts/:id/topics` `[{ id, subscription }]`: `{ id }`; `contact.topics.updated` with every subscription of the contact. */
export const updateContactTopics: RouteHandler = async (request, params, world) => {
  const contact = findContact(world, params);
  if (!contact) return resendNotFound('Contact');
  const body = await readJson(request);
  if (!Array.isArray(body) || body.length === 0) return resendError(422, 'validation_error', 'The body must be a list of { id, subscription } topic subscriptions.');
  const changes: Obj[] = [];
  for (const item of body) {
    if (!isPlainObject(item) || typeof item.id !== 'string' || (item.subscription !== 'opt_in' && item.subscription !== 'opt_out')) {
      return resendError(422, 'validation_error', 'Each topic subscription must be { id, subscription: "opt_in" | "opt_out" }.');
    }
    if (!world.get('resend', 'topic', item.id)) return resendNotFound('Topic');
    changes.push({ id: item.id, subscription: item.subscription });
  }
  const email = String(contact.email);
  const current = (world.get('resend', 'contact_topics', email)?.topics as Obj[] | undefined) ?? [];
  const topics = [...current.filter((t) => !changes.some((c) => c.id === t.id)), ...changes];
  world.put('resend', 'contact_topics', { email, topics });
  emit(world, 'contact.topics.updated', { email, topics });
  return jsonResponse({ id: contact.id });
};
