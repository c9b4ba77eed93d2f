/** relaykit/msw against the official Resend client: deliveries' objects read back, writes, lists, errors, credentials, reset, unsupported endpoints. */
import { describe, expect, it } from 'vitest';
import { Resend } from 'resend';
import { providerWorld, resetProviderWorld } from '../../src/msw/index.js';
import { deliver, quietConsoleError, useProviderServer } from './support.js';

const KEY = 're_relaykit_123';
useProviderServer({ resend: { apiKey: KEY } });
const resend = new Resend(KEY);

describe('relaykit/msw: Resend', () => {
  it('serves the email of an email.delivered delivery to the resend SDK', async () => {
    const { payload } = await deliver('resend', 'email.delivered', { data: { subject: 'Your receipt' } });
    const { data, error } = await resend.emails.get(payload.data.email_id);
    expect(error).toBeNull();
    expect(data).toMatchObject({
      object: 'email',
      id: payload.data.email_id,
      subject: 'Your receipt',
      from: payload.data.from,
      to: payload.data.to,
      last_event: 'delivered',
      tags: Object.entries(payload.data.tags ?? {}).map(([name, value]) => ({ name, value })),
    });
  });

  it('serves contacts and domains of contact.* and domain.* deliveries', async () => {
    const contact = (await deliver('resend', 'contact.created')).payload.data;
    const byId = await resend.contacts.get({ id: contact.id });
    expect(byId.data).toMatchObject({ object: 'contact', id: contact.id, email: contact.email });
    const byEmail = await resend.contacts.get({ email: contact.email });
    expect(byEmail.data?.id).toBe(contact.id);
    const domain = (await deliver('resend', 'domain.created')).payload.data;
    expect((await resend.domains.get(domain.id)).data).toMatchObject({ object: 'domain', id: domain.id, name: domain.name });
  });

  it('serves the suppressions and topics of suppression.* and topic.* deliveries', async () => {
    const added = (await deliver('resend', 'suppression.added', { data: { email: 'Ada@Example.com', origin: 'bounce', source_id: '4ef9a417-02e9-4d39-ad75-9611e0fcc33c' } })).payload.data;
    expect((await resend.suppressions.get(added.id)).data).toEqual({ object: 'suppression', ...added });
    expect((await resend.suppressions.get('ada@example.com')).data?.id).toBe(added.id);
    expect((await resend.suppressions.list({ origin: 'bounce' })).data?.data.map((x) => x.id)).toEqual([added.id]);
    expect((await resend.suppressions.list({ origin: 'manual' })).data?.data).toEqual([]);
    // A bounce suppression names the email that bounced.
    expect((await resend.emails.get(added.source_id)).data).toMatchObject({ id: added.source_id, to: ['Ada@Example.com'], last_event: 'bounced' });
    await deliver('resend', 'suppression.removed', { data: { id: added.id } });
    expect((await resend.suppressions.get(added.id)).error).toMatchObject({ statusCode: 404, message: 'Suppression not found' });

    const topic = (await deliver('resend', 'topic.created', { data: { name: 'Weekly digest', default_subscription: 'opt_in' } })).payload.data;
    expect((await resend.topics.get(topic.id)).data).toMatchObject({ object: 'topic', id: topic.id, name: 'Weekly digest', default_subscription: 'opt_in', description: topic.description });
    expect((await resend.topics.list()).data?.data.map((t) => t.id)).toEqual([topic.id]);
    await deliver('resend', 'topic.deleted', { data: { id: topic.id } });
    expect((await resend.topics.get(topic.id)).error).toMatchObject({ statusCode: 404 });
  });

  it('adds and removes suppressions, and creates, updates and removes topics, as later reads see', async () => {
    const added = await resend.suppressions.add({ email: ' Grace@Example.com ' });
    expect(added.error).toBeNull();
    expect((await resend.suppressions.get('grace@example.com')).data).toMatchObject({ object: 'suppression', id: added.data!.id, email: 'grace@example.com', origin: 'manual', source_id: null });
    expect((await resend.suppressions.add({ email: 'grace@example.com' })).data?.id).toBe(added.data!.id);
    expect((await resend.suppressions.remove('grace@example.com')).data).toEqual({ object: 'suppression', id: added.data!.id, deleted: true });
    expect((await resend.suppressions.list()).data?.data).toEqual([]);

    const created = await resend.topics.create({ name: 'Product news', defaultSubscription: 'opt_out' });
    const id = created.data!.id;
    expect((await resend.topics.update({ id, description: 'Monthly' })).error).toBeNull();
    expect((await resend.topics.get(id)).data).toMatchObject({ id, name: 'Product news', description: 'Monthly', default_subscription: 'opt_out' });
    expect((await resend.topics.create({ name: 'No default' } as never)).error).toMatchObject({ statusCode: 422 });
    expect((await resend.topics.remove(id)).data).toEqual({ object: 'topic', id, deleted: true });
    expect((await resend.topics.get(id)).error).toMatchObject({ statusCode: 404 });
  });

  it('serves the inbox, threads, emails, drafts and labels of inbox.* deliveries', async () => {
    const created = (await deliver('resend', 'inbox.created')).payload.data;
    const inboxId = created.inbox_id as string;
    expect((await resend.inboxes.get(inboxId)).data).toEqual(created.inbox);
    expect((await resend.inboxes.get(created.inbox.email_address)).data?.id).toBe(inboxId);
    expect((await resend.domains.get(created.inbox.domain_id)).data).toMatchObject({ id: created.inbox.domain_id, name: created.inbox.email_address.split('@')[1] });

    const received = (await deliver('resend', 'inbox.email.received', { data: { inbox_id: inboxId } })).payload.data;
    const threadId = received.thread_id as string;
    expect((await resend.inboxes.threads.get({ inboxId, threadId })).data).toEqual(received.thread);
    expect((await resend.inboxes.threads.emails.get({ inboxId, threadId, emailId: received.email_id })).data).toMatchObject({ ...received.email, html: null, text: null });
    const threads = (await resend.inboxes.threads.list({ inboxId })).data;
    expect(threads?.data).toMatchObject([{ id: threadId, email_count: 1, from: received.email.from, folder: received.thread.folder }]);
    expect((await resend.inboxes.threads.emails.list({ inboxId, threadId })).data?.data.map((e) => e.id)).toEqual([received.email_id]);
    // The inbox keeps the address the inbox.created delivery gave it.
    expect((await resend.inboxes.get(inboxId)).data?.email_address).toBe(created.inbox.email_address);

    const labelled = (await deliver('resend', 'inbox.thread.labels.updated', { data: { inbox_id: inboxId, thread_id: threadId } })).payload.data;
    const labels = [...labelled.added, ...labelled.removed].map((l: { id: string; name: string }) => ({ id: l.id, name: l.name }));
    expect((await resend.inboxes.labels.list({ inboxId })).data?.data).toEqual(expect.arrayContaining(labels.map((l) => expect.objectContaining(l))));

    const draft = (await deliver('resend', 'inbox.draft.created', { data: { inbox_id: inboxId } })).payload.data;
    expect((await resend.inboxes.drafts.get({ inboxId, draftId: draft.draft_id })).data).toMatchObject({ id: draft.draft_id, thread_id: draft.draft.thread_id, subject: draft.draft.subject });
    await deliver('resend', 'inbox.draft.deleted', { data: { inbox_id: inboxId, draft: { id: draft.draft_id }, draft_id: draft.draft_id } });
    expect((await resend.inboxes.drafts.get({ inboxId, draftId: draft.draft_id })).error).toMatchObject({ statusCode: 404 });

    quietConsoleError();
    expect((await resend.inboxes.threads.search({ inboxId, query: 'receipt' })).error).toMatchObject({ statusCode: 501, name: 'not_implemented' });

    await deliver('resend', 'inbox.deleted', { data: { inbox_id: inboxId } });
    expect((await resend.inboxes.get(inboxId)).error).toMatchObject({ statusCode: 404, message: 'Inbox not found' });
    expect((await resend.inboxes.threads.get({ inboxId, threadId })).error).toMatchObject({ statusCode: 404 });
  });

  it('sends an email that later reads and lists see, delivered as its test address says', async () => {
    const sent = await resend.emails.send({ from: 'Acme <hi@acme.test>', to: 'delivered@resend.dev', subject: 'Welcome', html: '<p>Hi</p>' });
    expect(sent.error).toBeNull();
    const id = sent.data!.id;
    const { data } = await resend.emails.get(id);
    expect(data).toMatchObject({ id, to: ['delivered@resend.dev'], subject: 'Welcome', html: '<p>Hi</p>', last_event: 'delivered' });
    const listed = await resend.emails.list();
    expect(listed.data).toMatchObject({ object: 'list', has_more: false, data: [{ id }] });
    await deliver('resend', 'email.bounced', { data: { email_id: id } });
    expect((await resend.emails.get(id)).data).toMatchObject({ last_event: 'bounced', html: '<p>Hi</p>' });
  });

  it('refuses to send without a required field (422 missing_required_field) or to example.com (422, as Resend blocks it)', async () => {
    const { error } = await resend.emails.send({ from: 'Acme <hi@acme.test>', to: 'delivered@resend.dev', html: '<p>Hi</p>' } as never);
    expect(error).toMatchObject({ statusCode: 422, name: 'missing_required_field' });
    const blocked = await resend.emails.send({ from: 'Acme <hi@acme.test>', to: 'ada@example.com', subject: 'Hi', html: '<p>Hi</p>' });
    expect(blocked.error).toMatchObject({ statusCode: 422, name: 'validation_error', message: expect.stringContaining('example.com') });
    expect((await resend.emails.list()).data?.data).toEqual([]);
  });

  it('lists with {object: "list", data, has_more} and limit/after cursors', async () => {
    const ids: string[] = [];
    for (const subject of ['one', 'two', 'three']) {
      ids.push((await resend.emails.send({ from: 'a@acme.test', to: 'delivered@resend.dev', subject, text: subject })).data!.id);
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    const first = await resend.emails.list({ limit: 2 });
    expect(first.data).toMatchObject({ object: 'list', has_more: true });
    expect(first.data!.data.map((e) => e.id)).toEqual([ids[2], ids[1]]);
    const second = await resend.emails.list({ limit: 2, after: ids[1]! });
    expect(second.data).toMatchObject({ has_more: false, data: [{ id: ids[0] }] });
  });

  it('answers an unknown id with {statusCode: 404, name: "not_found"}', async () => {
    const { data, error } = await resend.emails.get('4ef9a417-02e9-4d39-ad75-9611e0fcc33c');
    expect(data).toBeNull();
    expect(error).toEqual({ statusCode: 404, name: 'not_found', message: 'Email not found' });
  });

  it('answers 401 missing_api_key without a key and 403 invalid_api_key with a key it was not configured with', async () => {
    const response = await fetch('https://api.resend.com/emails/4ef9a417-02e9-4d39-ad75-9611e0fcc33c');
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ statusCode: 401, name: 'missing_api_key' });
    const wrong = new Resend('re_notTheConfiguredKey');
    expect((await wrong.domains.list()).error).toMatchObject({ statusCode: 403, name: 'invalid_api_key' });
  });

  it('forgets everything on resetProviderWorld()', async () => {
    const { payload } = await deliver('resend', 'email.sent');
    expect((await resend.emails.get(payload.data.email_id)).data?.id).toBe(payload.data.email_id);
    resetProviderWorld();
    expect((await resend.emails.get(payload.data.email_id)).error).toMatchObject({ statusCode: 404 });
  });

  it('fails an unsupported endpoint with a message naming the method, the path and what is supported', async () => {
    quietConsoleError();
    const { error } = await resend.broadcasts.list();
    expect(error).toMatchObject({ statusCode: 501, name: 'not_implemented' });
    expect(error!.message).toContain('no handler for GET /broadcasts');
    expect(error!.message).toContain("supportedEndpoints('resend') lists the");
    expect(providerWorld.unsupportedRequests()).toHaveLength(1);
  });
});
