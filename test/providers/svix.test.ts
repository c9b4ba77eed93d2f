import { readFileSync } from 'node:fs';
import { Webhook as StandardWebhook } from 'standardwebhooks';
import { Webhook as SvixWebhook } from 'svix';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededFaker } from '../../src/providers/shared/random.js';
import { sortKeysDeep, sortedJson, svixDelivery, svixHeaders, svixMessageId } from '../../src/providers/shared/svix-headers.js';
import { standardWebhooks } from '../../src/signers/index.js';

interface Vector {
  secret: string;
  id: string;
  timestamp: number;
  body: string;
  signature: string;
}

const vector = JSON.parse(readFileSync(new URL('../../fixtures/svix/signature-vector.json', import.meta.url), 'utf8')) as Vector;
const otherSecret = `whsec_${Buffer.alloc(24, 0x5a).toString('base64')}`;
const thirdSecret = `whsec_${Buffer.alloc(32, 0x33).toString('base64')}`;

afterEach(() => {
  vi.useRealTimers();
});

describe("Svix's documented signature vector", () => {
  it('is reproduced by relaykit standardWebhooks.sign', () => {
    const headers = standardWebhooks.sign({ secret: vector.secret, id: vector.id, timestamp: vector.timestamp * 1000, body: vector.body });
    expect(headers).toEqual({ 'svix-id': vector.id, 'svix-timestamp': String(vector.timestamp), 'svix-signature': vector.signature });
  });

  it("is reproduced by svix's own Webhook.sign", () => {
    expect(new SvixWebhook(vector.secret).sign(vector.id, new Date(vector.timestamp * 1000), vector.body)).toBe(vector.signature);
  });

  it('is accepted by svix Webhook.verify at the signing time, and rejected once the body changes by one byte', () => {
    vi.useFakeTimers({ now: vector.timestamp * 1000, toFake: ['Date'] });
    const headers = { 'svix-id': vector.id, 'svix-timestamp': String(vector.timestamp), 'svix-signature': vector.signature };
    expect(new SvixWebhook(vector.secret).verify(vector.body, headers)).toEqual({ test: 2432232314 });
    expect(() => new SvixWebhook(vector.secret).verify(vector.body.replace('2432232314', '2432232315'), headers)).toThrow(/No matching signature/);
  });
});

describe('secret rotation (a list of secrets)', () => {
  it('signs once per secret, space-separated, and svix accepts the delivery with either secret but no other', () => {
    vi.useFakeTimers({ now: 1_767_225_600_000, toFake: ['Date'] });
    const body = '{"type":"user.created"}';
    const headers = standardWebhooks.sign({ secret: [vector.secret, otherSecret], id: 'msg_2vX120rW9Se6vRHB2N3MQlzeo4Y', timestamp: Date.now(), body });
    const entries = headers['svix-signature']!.split(' ');
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect(entry).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(new SvixWebhook(vector.secret).verify(body, headers)).toEqual({ type: 'user.created' });
    expect(new SvixWebhook(otherSecret).verify(body, headers)).toEqual({ type: 'user.created' });
    expect(() => new SvixWebhook(thirdSecret).verify(body, headers)).toThrow(/No matching signature/);
  });
});

describe("headerPrefix: 'webhook' (the unbranded Standard Webhooks names)", () => {
  it('emits webhook-id, webhook-timestamp and webhook-signature that standardwebhooks verifies', () => {
    vi.useFakeTimers({ now: 1_767_225_600_000, toFake: ['Date'] });
    const body = '{"type":"email.delivered"}';
    const headers = standardWebhooks.sign({ secret: vector.secret, id: 'msg_1', timestamp: Date.now(), body, headerPrefix: 'webhook' });
    expect(Object.keys(headers)).toEqual(['webhook-id', 'webhook-timestamp', 'webhook-signature']);
    expect(new StandardWebhook(vector.secret).verify(body, headers)).toEqual({ type: 'email.delivered' });
    expect(() => new StandardWebhook(otherSecret).verify(body, headers)).toThrow(/No matching signature/);
  });
});

describe('svix-headers helpers', () => {
  it('sorts keys at every depth, inside arrays too, and leaves array order alone', () => {
    const sorted = sortKeysDeep({ b: 1, a: { d: [{ z: 1, y: 2 }], c: null }, list: [3, 1, 2] });
    expect(JSON.stringify(sorted)).toBe('{"a":{"c":null,"d":[{"y":2,"z":1}]},"b":1,"list":[3,1,2]}');
  });

  it('returns an already sorted value as is, without copying', () => {
    const value = { a: [{ b: 1, c: 2 }], d: { e: 'f' } };
    expect(sortKeysDeep(value)).toBe(value);
  });

  it('serializes compact JSON and drops undefined members as JSON.stringify does', () => {
    expect(sortedJson({ z: undefined, y: [1, { x: true }] })).toBe('{"y":[1,{"x":true}]}');
  });

  it('sends the Svix Content-Type and User-Agent, and Accept only when asked', () => {
    const headers = svixHeaders(seededFaker(1));
    expect(headers['Content-Type']).toBe('application/json');
    expect(headers['User-Agent']).toMatch(/^Svix-Webhooks\/1\.84\.0 \(sender-[a-z0-9]{5}; \+https:\/\/www\.svix\.com\/http-sender\/\)$/);
    expect(headers).not.toHaveProperty('Accept');
    expect(svixHeaders(seededFaker(1), { accept: true }).Accept).toBe('*/*');
  });

  it('draws msg_ ids of 27 base62 characters that sort by time', () => {
    const early = svixMessageId(seededFaker(9), 1_700_000_000_000);
    const late = svixMessageId(seededFaker(1), 1_700_000_100_000);
    expect(early).toMatch(/^msg_[0-9A-Za-z]{27}$/);
    expect(early < late).toBe(true);
  });

  it('merges data into the envelope data only, then serializes with sorted keys', () => {
    const built = svixDelivery(seededFaker(3), 1_700_000_000_000, { type: 't', data: { b: 1, a: { x: 1 } } }, { c: 2, a: { y: 2 } });
    expect(built.body).toBe('{"data":{"a":{"x":1,"y":2},"b":1,"c":2},"type":"t"}');
    expect(built.deliveryId).toMatch(/^msg_/);
  });
});
