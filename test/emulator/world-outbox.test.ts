/**
 * The emulator's world is created and passed, not shared: two worlds hold their own objects and
 * outboxes, a write's events wait in order until drained, and reset empties both.
 */
import { describe, expect, it } from 'vitest';
import { createWorld } from '../../src/emulator/index.js';
import { createProviderWorld, providerWorld } from '../../src/msw/index.js';

describe('createWorld', () => {
  it('makes worlds that share nothing: an object or an event in one is not in the other', () => {
    const a = createWorld();
    const b = createWorld();
    a.put('resend', 'email', { id: 'e1', subject: 'Hi' }, { id: 'e1' });
    a.outbox.append({ provider: 'resend', type: 'email.sent', data: { id: 'e1' } });
    expect(b.get('resend', 'email', 'e1')).toBeUndefined();
    expect(b.outbox.pending()).toEqual([]);
    expect(a.outbox.pending()).toHaveLength(1);
  });

  it('put stores a copy, unless the caller hands the object over with { adopt: true }', () => {
    const world = createWorld();
    const copied = { id: 'e1', subject: 'Hi' };
    const adopted = { id: 'e2', subject: 'Hi' };
    world.put('resend', 'email', copied, { id: 'e1' });
    world.put('resend', 'email', adopted, { id: 'e2', adopt: true });
    copied.subject = 'changed';
    adopted.subject = 'changed';
    expect(world.get('resend', 'email', 'e1')?.subject).toBe('Hi');
    expect(world.get('resend', 'email', 'e2')?.subject).toBe('changed');
  });

  it('stamps events with the clock it is given', () => {
    const world = createWorld({ now: () => 1_767_225_600_000 });
    const event = world.outbox.append({ provider: 'resend', type: 'email.sent', data: { id: 'e1' } });
    expect(event).toEqual({ provider: 'resend', type: 'email.sent', data: { id: 'e1' }, at: 1_767_225_600_000 });
  });

  it('refuses a clock that is not a function, naming the option', () => {
    expect(() => createWorld({ now: 5 as never })).toThrow(/now must be a function/);
  });

  it('knows the providers of the adapters it is given', () => {
    const world = createWorld({ adapters: [{ provider: 'resend', keyHint: 'by id', identify: (_kind, o) => String(o.key), record: () => {} }] });
    world.put('resend', 'email', { key: 'k1' });
    expect(world.get('resend', 'email', 'k1')).toEqual({ key: 'k1' });
  });
});

describe('the outbox', () => {
  it('keeps events oldest first until drain() takes them all', () => {
    let now = 1;
    const world = createWorld({ now: () => now++ });
    world.outbox.append({ provider: 'resend', type: 'email.sent', data: { id: 'a' } });
    world.outbox.append({ provider: 'resend', type: 'email.scheduled', data: { id: 'b' } });
    expect(world.outbox.pending().map((e) => [e.type, e.at])).toEqual([['email.sent', 1], ['email.scheduled', 2]]);
    expect(world.outbox.drain().map((e) => e.data.id)).toEqual(['a', 'b']);
    expect(world.outbox.pending()).toEqual([]);
    expect(world.outbox.drain()).toEqual([]);
  });

  it('hands out copies: changing what pending() returned or the appended data changes nothing stored', () => {
    const world = createWorld();
    const data = { id: 'a', tags: ['x'] };
    world.outbox.append({ provider: 'resend', type: 'email.sent', data });
    data.tags.push('changed');
    world.outbox.pending()[0]!.data.id = 'changed';
    expect(world.outbox.pending()[0]!.data).toEqual({ id: 'a', tags: ['x'] });
  });

  it('refuses an event without a provider or a type, saying what it needs', () => {
    const world = createWorld();
    expect(() => world.outbox.append({ provider: '', type: 'email.sent', data: {} })).toThrow(/needs a provider and a type/);
    expect(() => world.outbox.append({ provider: 'resend', type: undefined as never, data: {} })).toThrow(/needs a provider and a type/);
  });

  it('is emptied by world.reset(), with the objects', () => {
    const world = createProviderWorld();
    world.put('resend', 'email', { id: 'e1' });
    world.outbox.append({ provider: 'resend', type: 'email.sent', data: { id: 'e1' } });
    world.reset();
    expect(world.outbox.pending()).toEqual([]);
    expect(world.get('resend', 'email', 'e1')).toBeUndefined();
  });

  it('exists on the default providerWorld too', () => {
    expect(providerWorld.outbox.pending()).toEqual([]);
  });
});
