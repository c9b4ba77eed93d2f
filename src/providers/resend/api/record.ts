/**
 * Recording a Resend delivery: the email an `email.*` event reports (as `GET /emails/:id` shows
 * it, `last_event` from the event) and its broadcast, a received email, a contact with its segments and topics, a
 * domain, a suppression (and the email it came from), a topic, an inbox and what is in it.
 */
import { isPlainObject } from '../../../core/index.js';
import type { Obj, World, WorldAdapter } from '../../shared/api/index.js';
import { recordInbox } from './inbox.js';

/** Webhook tags (`{ category: 'welcome' }`) as the API lists them (`[{ name, value }]`). */
function tagList(tags: unknown): { name: string; value: string }[] {
  if (Array.isArray(tags)) return tags.filter(isPlainObject).map((t) => ({ name: String(t.name), value: String(t.value) }));
  return isPlainObject(tags) ? Object.entries(tags).map(([name, value]) => ({ name, value: String(value) })) : [];
}

/** Email fields an `email.*` event does not carry. */
const EVENTLESS = ['html', 'text', 'reply_to', 'scheduled_at', 'bcc', 'cc'] as const;

function emailFrom(data: Obj, lastEvent: string): Obj {
  return {
    object: 'email',
    id: data.email_id,
    to: Array.isArray(data.to) ? data.to : [data.to],
    from: data.from,
    created_at: data.created_at,
    subject: data.subject,
    html: null,
    text: null,
    bcc: Array.isArray(data.bcc) ? data.bcc : null,
    cc: Array.isArray(data.cc) ? data.cc : null,
    reply_to: null,
    last_event: lastEvent,
    scheduled_at: null,
    tags: tagList(data.tags),
  };
}

function receivedFrom(data: Obj): Obj {
  return {
    object: 'email',
    id: data.email_id,
    to: data.to ?? [],
    from: data.from,
    created_at: data.created_at,
    subject: data.subject,
    html: null,
    text: null,
    headers: {},
    bcc: data.bcc ?? [],
    cc: data.cc ?? [],
    reply_to: [],
    message_id: data.message_id ?? null,
    attachments: data.attachments ?? [],
  };
}

/** Stores `object` unless the world already holds one under its id (a stub never hides what a fuller record said). */
function ensure(world: World, kind: string, object: Obj): void {
  if (!world.get('resend', kind, String(object.id))) world.put('resend', kind, object);
}

/** The segments a contact names (`audience_id`, the older name, and `segment_ids`). */
function recordSegments(world: World, contact: Obj): void {
  const ids = [contact.audience_id, ...(Array.isArray(contact.segment_ids) ? contact.segment_ids : [])];
  for (const id of ids) if (typeof id === 'string' && id !== '') ensure(world, 'segment', { object: 'segment', id, name: null, created_at: null });
}

/** A suppression, and the email a bounce or complaint suppression came from (`source_id`). */
function recordSuppression(world: World, type: string, data: Obj): void {
  if (type === 'suppression.removed') {
    world.delete('resend', 'suppression', String(data.id));
    return;
  }
  world.put('resend', 'suppression', { object: 'suppression', ...data });
  if (typeof data.source_id === 'string' && (data.origin === 'bounce' || data.origin === 'complaint')) {
    const lastEvent = data.origin === 'bounce' ? 'bounced' : 'complained';
    ensure(world, 'email', { object: 'email', id: data.source_id, to: [data.email], from: null, created_at: null, subject: null, last_event: lastEvent, tags: [] });
  }
}

/** The broadcast an email was sent for: its sender and subject are the email's. */
function recordBroadcast(world: World, type: string, data: Obj): void {
  ensure(world, 'broadcast', {
    object: 'broadcast',
    id: data.broadcast_id,
    name: null,
    segment_id: null,
    audience_id: null,
    from: data.from ?? null,
    subject: data.subject ?? null,
    reply_to: null,
    preview_text: null,
    status: type === 'email.scheduled' ? 'queued' : 'sent',
    created_at: null,
    scheduled_at: null,
    sent_at: null,
    html: null,
    text: null,
  });
}

/** A topic of a `topic.*` event (its `deleted` flag is the event's, not the topic's). */
function recordTopic(world: World, type: string, data: Obj): void {
  if (type === 'topic.deleted') world.delete('resend', 'topic', String(data.id));
  else {
    const { deleted: _deleted, ...topic } = data;
    world.put('resend', 'topic', { object: 'topic', ...topic });
  }
}

/** How the world keys and records Resend objects. */
export const resendAdapter: WorldAdapter = {
  provider: 'resend',
  keyHint: 'Resend objects are keyed by their `id` (a UUID).',
  identify: (kind, object) => {
    const id = kind === 'contact_topics' ? object.email : object.id;
    return typeof id === 'string' && id !== '' ? id : undefined;
  },
  record(world, delivery, payload) {
    if (!isPlainObject(payload) || !isPlainObject(payload.data)) return;
    const data = payload.data;
    const type = delivery.eventType;
    if (type === 'email.received') {
      if (typeof data.email_id === 'string') world.put('resend', 'received_email', receivedFrom(data));
    } else if (type.startsWith('email.')) {
      if (typeof data.email_id === 'string') {
        const email = emailFrom(data, type.slice('email.'.length));
        // An email the world already holds (one the code under test sent) keeps what events do not carry.
        if (world.get('resend', 'email', data.email_id)) for (const key of EVENTLESS) if (email[key] === null) delete email[key];
        world.merge('resend', 'email', email);
      }
      if (typeof data.broadcast_id === 'string') recordBroadcast(world, type, data);
    } else if (type === 'contact.topics.updated') {
      if (typeof data.email === 'string') world.put('resend', 'contact_topics', { email: data.email, topics: data.topics ?? [] });
      for (const t of Array.isArray(data.topics) ? data.topics.filter(isPlainObject) : []) {
        if (typeof t.id === 'string') ensure(world, 'topic', { object: 'topic', id: t.id, name: null, description: null, default_subscription: null, created_at: null });
      }
    } else if (type.startsWith('contact.') && typeof data.id === 'string') {
      if (type === 'contact.deleted') world.delete('resend', 'contact', data.id);
      else world.put('resend', 'contact', { object: 'contact', ...data });
      // The segments outlive a deleted contact.
      recordSegments(world, data);
    } else if (type.startsWith('suppression.') && typeof data.id === 'string') {
      recordSuppression(world, type, data);
    } else if (type.startsWith('topic.') && typeof data.id === 'string') {
      recordTopic(world, type, data);
    } else if (type.startsWith('inbox.')) {
      recordInbox(world, type, data, payload.created_at);
    } else if (type.startsWith('domain.') && typeof data.id === 'string') {
      if (type === 'domain.deleted') world.delete('resend', 'domain', data.id);
      else world.put('resend', 'domain', { object: 'domain', ...data });
    }
  },
};
