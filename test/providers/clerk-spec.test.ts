/**
 * Clerk payloads against Clerk's own webhooks spec (`clerk/openapi-specs`, `webhooks/2025-04-15.yml`),
 * through the facts `npm run gen clerk` drew from it: for every event type and several seeds, every
 * key of Clerk's example is present (with the example's JSON type where it is not null), every key
 * the spec requires is present with the spec's type, and no key is sent that neither the spec,
 * @clerk/backend's types nor Clerk's examples declare.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SOURCE } from '../../scripts/gen/clerk.js';
import { typesModule } from '../../scripts/gen/shapes.js';
import { builder } from '../../src/providers/clerk/build.js';
import { clerkEventTypes } from '../../src/providers/clerk/catalog.js';
import { defs, events } from '../../src/providers/clerk/generated/shapes.js';
import { seededFaker } from '../../src/providers/shared/random.js';
import { exampleKeyProblems, schemaProblems } from './clerk-spec-check.js';
import { clerkExampleKeys } from './generated/clerk-examples.js';

const now = 1_767_225_600_000;
const seeds = [1, 2, 3, 4, 5];
type Json = Record<string, unknown>;

function build(eventType: string, seed: number): Json {
  return JSON.parse(builder.build({ eventType, faker: seededFaker(seed), now, data: undefined }).body) as Json;
}

const built = clerkEventTypes.flatMap((type) => seeds.map((seed) => ({ type, seed, event: build(type, seed) })));

/** The keys a payload sends that neither the spec, @clerk/backend's types nor Clerk's examples declare (the shapes hold all three). */
function undeclared(type: string, event: Json): string[] {
  return schemaProblems(type, event.data).undeclared.map((path) => `${type} ${path}`);
}

/**
 * The spec's complaints about `event`. Where the spec contradicts its own example, the generated
 * shapes already side with the example (what Clerk sends): `role.deleted`'s `slug: null`,
 * `session.pending`'s status `pending`.
 */
function invalid(type: string, event: Json): string[] {
  return schemaProblems(type, event.data).invalid.map((line) => `${type} ${line}`);
}

describe("Clerk payloads against Clerk's webhooks spec", () => {
  it("catalogs exactly the spec's 45 event types", () => {
    expect([...clerkEventTypes].sort()).toEqual(Object.keys(events).sort());
    expect(Object.keys(clerkExampleKeys).sort()).toEqual(Object.keys(events).sort());
    expect(clerkEventTypes).toHaveLength(45);
  });

  it("carries every key of Clerk's example for the type, envelope included, with the example's JSON type", () => {
    const problems = built.flatMap(({ type, seed, event }) => exampleKeyProblems(type, event).map((p) => `[seed ${seed}] ${p}`));
    expect(problems).toEqual([]);
  });

  it("carries every key the spec requires, each of the spec type, and only keys the spec, @clerk/backend or Clerk's example declare", () => {
    const problems = built.flatMap(({ type, seed, event }) => invalid(type, event).map((p) => `[seed ${seed}] ${p}`));
    expect(problems).toEqual([]);
    expect(built.flatMap(({ type, event }) => undeclared(type, event))).toEqual([]);
  });

  it('finds a missing example key, a missing required key, a wrong type, an undeclared key and a verification id (negative controls)', () => {
    const user = build('user.created', 1);
    const data = user.data as Json;
    delete data.passkeys;
    data.mfa_enabled_at = 'yesterday';
    data.gender = '';
    ((data.email_addresses as Json[])[0]!.verification as Json).id = 'idn_x';
    expect(exampleKeyProblems('user.created', user)).toContain('user.created: data.passkeys missing');
    const found = schemaProblems('user.created', data);
    expect(found.invalid).toEqual(expect.arrayContaining(['data.passkeys: required, missing', expect.stringMatching(/^data\.mfa_enabled_at: expected integer/)]));
    expect(found.undeclared).toEqual(['data.email_addresses[0].verification.id', 'data.gender']);
    expect(undeclared('user.created', user)).toEqual(['user.created data.email_addresses[0].verification.id', 'user.created data.gender']);
    const stub = build('role.deleted', 1);
    delete (stub.data as Json).deleted;
    expect(invalid('role.deleted', stub)).toEqual(['role.deleted data.deleted: required, missing']);
    const envelope = build('session.pending', 1);
    delete (envelope.event_attributes as Json).http_request;
    expect(exampleKeyProblems('session.pending', envelope)).toContain('session.pending: event_attributes.http_request missing');
  });

  it('has data types generated from the committed shapes (src/providers/clerk/generated/data-types.ts is up to date)', () => {
    const file = new URL('../../src/providers/clerk/generated/data-types.ts', import.meta.url);
    expect(readFileSync(file, 'utf8')).toBe(typesModule(SOURCE, 'ClerkEventData', defs, events));
  });
});
