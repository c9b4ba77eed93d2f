/**
 * Every Resend type against the shapes `npm run gen` read from the resend package's declarations
 * (`WebhookEventPayload`): every key the package declares for the type is there (optional ones in
 * some seeds), nothing else is, and each value has the declared JSON type. The walked types
 * (`suppression.*`, `topic.*`, `inbox.*`) also keep their ids, addresses and times consistent, and
 * never fall back to the walker's placeholder strings. The committed generated modules must be what
 * the generator writes today.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { render } from '../../scripts/gen/resend.js';
import { builder } from '../../src/providers/resend/build.js';
import { resendEventTypes } from '../../src/providers/resend/catalog.js';
import { defs, events } from '../../src/providers/resend/generated/shapes.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { resolve, type Shape } from '../../src/providers/shared/shape.js';
import { resendShapeProblems } from '../support/resend-shape.js';

type Json = Record<string, any>;

const now = 1_767_225_600_000;
const SEEDS = [1, 2, 3, 4, 5, 6, 7, 8];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const ISO_MS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const ADDRESS = /^[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+$/;
const NAMED_ADDRESS = /^[^<>@]+ <[a-z0-9.]+@[a-z0-9.-]+\.[a-z]+>$/;
const walked = resendEventTypes.filter((type) => /^(suppression|topic|inbox)\./.test(type));

/** Builds with a faker whose placeholder draws (lorem words, example.com emails) are counted. */
function build(eventType: string, seed: number): { event: Json; placeholders: number } {
  const faker = seededFaker(seed);
  const word = vi.spyOn(faker.lorem, 'word');
  const email = vi.spyOn(faker.internet, 'email');
  const event = JSON.parse(builder.build({ eventType, faker, now, data: undefined }).body) as Json;
  return { event, placeholders: word.mock.calls.length + email.mock.calls.length };
}

const built = new Map<string, { event: Json; placeholders: number }[]>(resendEventTypes.map((type) => [type, SEEDS.map((seed) => build(type, seed))]));

/** Every optional key path of `shape` (arrays as `[]`), to be seen in some seed. */
function optionalPaths(shape: Shape, path: string, out: Set<string>, depth = 0): Set<string> {
  const node = resolve(shape, defs);
  if (depth > 6 || typeof node === 'string') return out;
  if ('nullable' in node) return optionalPaths(node.nullable, path, out, depth);
  if ('items' in node) return optionalPaths(node.items, `${path}[]`, out, depth + 1);
  if (!('props' in node)) return out;
  for (const [key, child] of Object.entries(node.props)) {
    const keyPath = path ? `${path}.${key}` : key;
    if (node.optional?.includes(key)) out.add(keyPath);
    optionalPaths(child, keyPath, out, depth + 1);
  }
  return out;
}

describe('the Resend catalog against the resend package', () => {
  it('lists exactly the 37 types the package declares', () => {
    expect(resendEventTypes).toHaveLength(37);
    expect([...resendEventTypes].sort()).toEqual(Object.keys(events).sort());
  });

  it('builds every type, for eight seeds, with every declared key, no undeclared key and the declared JSON types', () => {
    const problems: string[] = [];
    const unseen: string[] = [];
    for (const type of resendEventTypes) {
      const seen = new Set<string>();
      for (const [i, { event }] of built.get(type)!.entries()) {
        expect(Object.keys(event)).toEqual(['created_at', 'data', 'type']);
        expect(event.type).toBe(type);
        expect(event.created_at).toMatch(ISO_MS);
        for (const problem of resendShapeProblems(events[type]!, event.data, '', seen)) problems.push(`${type} seed ${SEEDS[i]} ${problem}`);
      }
      for (const path of optionalPaths(events[type]!, '', new Set())) if (!seen.has(path)) unseen.push(`${type} ${path}`);
    }
    expect(problems).toEqual([]);
    // A declared optional key the builder never sends would leave a handler branch untested.
    expect(unseen).toEqual([]);
  });

  it('draws no placeholder word or example.com address in the walked types', () => {
    for (const type of walked) for (const { placeholders } of built.get(type)!) expect(placeholders, type).toBe(0);
  });

  it('keeps the committed generated modules identical to what the generator writes', () => {
    const { shapes, types } = render();
    const dir = new URL('../../src/providers/resend/generated/', import.meta.url);
    expect(readFileSync(new URL('shapes.ts', dir), 'utf8')).toBe(shapes);
    expect(readFileSync(new URL('data-types.ts', dir), 'utf8')).toBe(types);
  }, 20_000);
});

describe('the walked Resend types read as one event', () => {
  const all = (type: string) => built.get(type)!.map(({ event }) => event);
  const before = (time: string, event: Json) => expect(Date.parse(time)).toBeLessThanOrEqual(Date.parse(event.created_at));

  it('gives suppressions a person, a cause and, unless manual, the email that caused it', () => {
    for (const type of ['suppression.added', 'suppression.removed']) {
      for (const event of all(type)) {
        const { data } = event;
        expect(data.email).toMatch(ADDRESS);
        expect(data.source_id === null).toBe(data.origin === 'manual');
        expect(data.created_at).toMatch(ISO_MS);
        before(data.created_at, event);
      }
    }
    expect(new Set(all('suppression.added').map((e) => e.data.origin)).size).toBeGreaterThan(1);
  });

  it('gives topics a name, times in order, and deleted only on topic.deleted', () => {
    for (const type of ['topic.created', 'topic.updated', 'topic.deleted']) {
      for (const event of all(type)) {
        const { data } = event;
        expect(data.name).toMatch(/^[A-Z]/);
        expect(data.deleted).toBe(type === 'topic.deleted');
        expect(Date.parse(data.created_at)).toBeLessThanOrEqual(Date.parse(data.updated_at));
        before(data.updated_at, event);
        if (type === 'topic.created') expect(data.updated_at).toBe(data.created_at);
      }
    }
  });

  it('repeats the inbox, thread, email and draft ids wherever they appear', () => {
    for (const type of walked.filter((t) => t.startsWith('inbox.'))) {
      for (const { data } of all(type)) {
        expect(data.inbox_id, type).toMatch(UUID);
        if (data.inbox) expect(data.inbox.id).toBe(data.inbox_id);
        if (data.thread) expect(data.thread.id).toBe(data.thread_id);
        if (data.email) expect(data.email.id).toBe(data.email_id);
        if (data.draft) {
          expect(data.draft.id).toBe(data.draft_id);
          expect(data.draft.thread_id).toBe(data.thread_id ?? null);
          expect(data.draft.email_id).toBe(type === 'inbox.draft.sent' ? data.email_id : null);
          expect(data.draft.type).toBe(data.thread_id ? 'reply' : 'standalone');
        }
        for (const label of [...(data.thread?.labels ?? []), ...(data.added ?? []), ...(data.removed ?? [])]) expect(label.color).toMatch(/^#[0-9A-F]{6}$/);
      }
    }
  });

  it('sends inbound mail from a person to the inbox, and replies from the inbox to the person', () => {
    for (const type of ['inbox.thread.created', 'inbox.email.received', 'inbox.email.sent', 'inbox.draft.sent']) {
      for (const event of all(type)) {
        const { email, source } = event.data;
        const outbound = type.endsWith('.sent');
        expect(email.direction).toBe(outbound ? 'outbound' : 'inbound');
        expect(email.from).toMatch(NAMED_ADDRESS);
        expect(email.to).toEqual([expect.stringMatching(ADDRESS)]);
        expect(email.from.split('@')[1].slice(0, -1) === email.to[0].split('@')[1]).toBe(false);
        if (type !== 'inbox.draft.sent') expect(source).toBe('system');
        before(email.received_at, event);
      }
    }
    for (const { data } of all('inbox.thread.created')) {
      expect(data.email.subject).toBe(data.thread.subject);
      expect(data.thread.labels).toEqual([]);
      expect(data.thread.read).toBe(false);
    }
  });

  it('moves a thread between two different folders, into thread.folder', () => {
    for (const { data } of all('inbox.thread.folder.updated')) {
      expect(data.from).not.toBe(data.to);
      expect(data.thread.folder).toBe(data.to);
    }
  });

  it('labels a thread with what was added, not what was removed', () => {
    for (const { data } of all('inbox.thread.labels.updated')) {
      expect(data.thread.labels).toEqual(data.added);
      expect(data.added[0].name).not.toBe(data.removed[0].name);
    }
  });

  it('assigns threads to teammates on the inbox domain', () => {
    for (const { data } of all('inbox.thread.assigned')) {
      const domain = data.assignee_email.split('@')[1];
      expect(data.assigned_by_email).not.toBe(data.assignee_email);
      for (const key of ['assigned_by_email', 'previous_assignee_email']) if (data[key] !== null) expect(data[key].split('@')[1]).toBe(domain);
    }
    for (const { data } of all('inbox.thread.unassigned')) expect(data.previous_assignee_email).toMatch(ADDRESS);
  });
});

describe('a Resend type outside the catalog (allowUnknownType)', () => {
  it.each(['email.archived', 'inbox.thread.snoozed', 'webhook.created'])('%s gets the envelope, a minimal data object and the override, without throwing', (type) => {
    const payload = builder.build({ eventType: type, faker: seededFaker(3), now, data: { note: 'kept' } });
    const event = JSON.parse(payload.body) as Json;
    expect(Object.keys(event)).toEqual(['created_at', 'data', 'type']);
    expect(event.type).toBe(type);
    expect(event.data.note).toBe('kept');
    expect(event.data[type.startsWith('email.') ? 'email_id' : 'id']).toMatch(UUID);
    expect(payload.deliveryId).toMatch(/^msg_/);
  });
});
