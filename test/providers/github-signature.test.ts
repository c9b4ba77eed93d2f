/**
 * GitHub deliveries against the official verifiers: `verify` from @octokit/webhooks-methods@6 and
 * `Webhooks#verifyAndReceive` from @octokit/webhooks@14. relaykit's signer against GitHub's
 * documented known-answer vector.
 */
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Webhooks } from '@octokit/webhooks';
import { sign as octokitSign, verify as octokitVerify } from '@octokit/webhooks-methods';
import { describe, expect, it } from 'vitest';
import { buildDelivery } from '../../src/harness/build-delivery.js';
import { github as githubProvider } from '../../src/providers/github/index.js';
import { githubEventTypes } from '../../src/providers/github/catalog.js';
import { github as signer } from '../../src/signers/index.js';

const secret = 'gh-webhook-secret';
const at = Date.UTC(2026, 10, 21, 16, 29, 56);

const vector = JSON.parse(readFileSync(new URL('../../fixtures/github/signature-vector.json', import.meta.url), 'utf8')) as {
  secret: string;
  payload: string;
  signature: string;
};

/** Flips one letter inside the first string value, so the JSON stays valid and the length the same. */
function tamper(body: string): string {
  const i = body.indexOf('":"') + 3;
  const flipped = body[i] === 'a' ? 'b' : 'a';
  return body.slice(0, i) + flipped + body.slice(i + 1);
}

describe('GitHub deliveries verified by @octokit/webhooks-methods', () => {
  it('verify() accepts every catalogued type', async () => {
    expect(githubEventTypes).toHaveLength(261);
    for (const type of githubEventTypes) {
      const delivery = await buildDelivery('github', type, { secret, timestamp: at, seed: 3 });
      expect(await octokitVerify(secret, delivery.body, delivery.headers['X-Hub-Signature-256']!), type).toBe(true);
    }
  });

  it('verify() rejects a body with one byte changed', async () => {
    const delivery = await buildDelivery('github', 'push', { secret, timestamp: at });
    const tampered = tamper(delivery.body);
    expect(tampered).not.toBe(delivery.body);
    expect(tampered.length).toBe(delivery.body.length);
    expect(await octokitVerify(secret, tampered, delivery.headers['X-Hub-Signature-256']!)).toBe(false);
  });

  it('verify() rejects a delivery signed with another secret', async () => {
    const delivery = await buildDelivery('github', 'push', { secret, timestamp: at });
    expect(await octokitVerify('someone-elses-secret', delivery.body, delivery.headers['X-Hub-Signature-256']!)).toBe(false);
  });

  it('signs the body that data was merged into', async () => {
    const delivery = await buildDelivery('github', 'issues.opened', { secret, timestamp: at, data: { issue: { title: 'Merged title' } } });
    expect(JSON.parse(delivery.body).issue.title).toBe('Merged title');
    expect(await octokitVerify(secret, delivery.body, delivery.headers['X-Hub-Signature-256']!)).toBe(true);
  });

  it('sends the legacy X-Hub-Signature as HMAC-SHA1 of the same body', async () => {
    const delivery = await buildDelivery('github', 'ping', { secret, timestamp: at });
    expect(delivery.headers['X-Hub-Signature']).toBe(`sha1=${createHmac('sha1', secret).update(delivery.body).digest('hex')}`);
  });

  it("is accepted by relaykit's own GitHub plugin and normalized to the catalog type and delivery id", async () => {
    for (const type of ['push', 'pull_request.opened', 'installation.created']) {
      const delivery = await buildDelivery('github', type, { secret, timestamp: at });
      expect(await githubProvider.verify({ headers: delivery.headers, body: delivery.body, secrets: [secret], now: at })).toEqual({ ok: true });
      const normalized = githubProvider.normalize({ headers: delivery.headers, body: delivery.body, json: JSON.parse(delivery.body) });
      expect(normalized).toEqual({ ok: true, event: { eventType: type, deliveryId: delivery.deliveryId, data: JSON.parse(delivery.body) } });
    }
  });
});

describe('GitHub deliveries received by @octokit/webhooks', () => {
  it('verifyAndReceive fires the pull_request.opened handler with the delivery id and payload', async () => {
    const delivery = await buildDelivery('github', 'pull_request.opened', { secret, timestamp: at });
    const webhooks = new Webhooks({ secret });
    const received: { id: string; name: string; action: string; number: number }[] = [];
    webhooks.on('pull_request.opened', ({ id, name, payload }) => {
      received.push({ id, name, action: payload.action, number: payload.pull_request.number });
    });
    await webhooks.verifyAndReceive({
      id: delivery.headers['X-GitHub-Delivery']!,
      name: delivery.headers['X-GitHub-Event'] as 'pull_request',
      payload: delivery.body,
      signature: delivery.headers['X-Hub-Signature-256']!,
    });
    expect(received).toEqual([
      { id: delivery.deliveryId, name: 'pull_request', action: 'opened', number: JSON.parse(delivery.body).number },
    ]);
  });

  it('verifyAndReceive rejects the delivery for a webhook with another secret, and fires nothing', async () => {
    const delivery = await buildDelivery('github', 'pull_request.opened', { secret, timestamp: at });
    const webhooks = new Webhooks({ secret: 'someone-elses-secret' });
    let fired = false;
    webhooks.on('pull_request.opened', () => {
      fired = true;
    });
    await expect(
      webhooks.verifyAndReceive({
        id: delivery.deliveryId,
        name: 'pull_request',
        payload: delivery.body,
        signature: delivery.headers['X-Hub-Signature-256']!,
      }),
    ).rejects.toThrow(/signature does not match/);
    expect(fired).toBe(false);
  });
});

describe("GitHub's documented signature vector (fixtures/github/signature-vector.json)", () => {
  it("relaykit's signer reproduces it", () => {
    expect(signer.sign({ secret: vector.secret, body: vector.payload })['X-Hub-Signature-256']).toBe(vector.signature);
  });

  it('@octokit/webhooks-methods signs it identically and verifies it', async () => {
    expect(await octokitSign(vector.secret, vector.payload)).toBe(vector.signature);
    expect(await octokitVerify(vector.secret, vector.payload, vector.signature)).toBe(true);
  });

  it("relaykit's verifier accepts it and rejects it under another secret", () => {
    const headers = { 'x-hub-signature-256': vector.signature };
    expect(signer.verify({ headers, body: vector.payload, secret: vector.secret })).toEqual({ ok: true });
    expect(signer.verify({ headers, body: vector.payload, secret: `${vector.secret}!` }).ok).toBe(false);
  });
});
