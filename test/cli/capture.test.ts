/**
 * Capture end to end, with the built bin: a real `relay capture` process receives deliveries signed with
 * "production" secrets (by the official libraries) and carrying personal data; `relay captures` lists them,
 * `relay fixture save` writes scrubbed fixtures, and `relay trigger --fixture … --to <route>` sends each to a
 * receiver that verifies it with the official library under the test secret. A delivery signed with the
 * wrong secret is refused and stored nowhere; a malformed or newer fixture is refused with exit 2.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalCases, productionSecrets } from '../harness/capture-cases.js';
import { verifyingReceiver, type Received } from '../harness/official-verify.js';
import { officialDelivery, secrets, type ProviderId } from '../service/official.js';
import { cleanUp, project, relay, startDev, until, type Dev } from './bin.js';

const providers = Object.keys(personalCases) as ProviderId[];
const envOf = (s: Record<ProviderId, string>) => ({
  STRIPE_WEBHOOK_SECRET: s.stripe,
  GITHUB_WEBHOOK_SECRET: s.github,
  CLERK_WEBHOOK_SECRET: s.clerk,
  SHOPIFY_WEBHOOK_SECRET: s.shopify,
  RESEND_WEBHOOK_SECRET: s.resend,
});

/** What the user's own routes received: `/webhooks/<provider>`, verified with the official library under the test secret. */
let received: Received[] = [];
let closeRoutes: () => Promise<unknown> = async () => undefined;
let receiver: string;
let dir: string;
let capture: Dev;
let wrongId: string;
const captured: { eventId: string; provider: string; eventType: string }[] = [];

async function post(url: string, headers: Record<string, string>, body: string): Promise<number> {
  const response = await fetch(url, { method: 'POST', headers, body });
  await response.text();
  return response.status;
}

beforeAll(async () => {
  const routes = await verifyingReceiver(secrets);
  receiver = routes.url;
  received = routes.received;
  closeRoutes = () => new Promise((resolve) => routes.server.close(resolve));

  dir = project();
  capture = await startDev(dir, envOf(productionSecrets), [], 'capture');
  for (const provider of providers) {
    const { eventType, data } = personalCases[provider];
    const delivery = await officialDelivery(provider, eventType, { secret: productionSecrets[provider], data, seed: 21 });
    expect(await post(`${capture.url}/api/webhook/${provider}`, delivery.headers, delivery.body), provider).toBe(200);
  }
  // Signed with a secret that is not the production one: refused, and kept nowhere.
  const wrong = await officialDelivery('stripe', 'charge.refunded', { secret: 'whsec_someone_elses_secret', seed: 22 });
  wrongId = wrong.deliveryId;
  expect(await post(`${capture.url}/api/webhook/stripe`, wrong.headers, wrong.body)).toBe(401);
}, 30_000);
afterAll(async () => {
  await closeRoutes();
  await cleanUp();
});

describe('relay capture → relay captures → relay fixture save → relay trigger --fixture --to', () => {
  it('lists the verified captures only, and inspect shows them as captured', async () => {
    expect(capture.stdout()).toContain('capturing');
    expect(capture.stdout()).toMatch(/ POST github 200 exec_\w+ captured\n/);
    // Logged once the answer is sent: it may arrive a moment after the client has it.
    await until(async () => (/ POST stripe 401 The signature does not match/.test(capture.stdout()) ? true : undefined), 'the 401 log line');
    const list = await relay(['captures', '--dir', dir, '--json']);
    expect(list.code, list.stderr).toBe(0);
    const rows = JSON.parse(list.stdout) as { eventId: string; provider: string; eventType: string; deliveryId: string }[];
    expect(rows.map((r) => r.provider).sort()).toEqual([...providers].sort());
    expect(rows.map((r) => r.deliveryId)).not.toContain(wrongId);
    captured.push(...rows);
    const inspect = await relay(['inspect', rows[0]!.eventId, '--dir', dir]);
    expect(inspect.stdout).toMatch(/Captured: +yes/);
  });

  it('saves scrubbed fixtures that carry no personal string, secret or signature, and sends each verified, bytes matching', async () => {
    const fixtures = path.join(dir, 'fixtures');
    const saves = await Promise.all(captured.map((c) => relay(['fixture', 'save', c.eventId, path.join(fixtures, `${c.provider}.json`), '--dir', dir])));
    for (const save of saves) expect(save.code, save.stderr).toBe(0);

    const texts = Object.fromEntries(providers.map((p) => [p, readFileSync(path.join(fixtures, `${p}.json`), 'utf8')]));
    const scrubKey = readFileSync(path.join(dir, '.relay', 'scrub-key'), 'utf8');
    for (const provider of providers) {
      for (const value of [...personalCases[provider].personal, ...Object.values(productionSecrets)]) {
        expect(texts[provider]!.includes(value), `${provider} fixture holds ${value}`).toBe(false);
        expect(scrubKey.includes(value)).toBe(false);
      }
      expect(texts[provider]).not.toMatch(/signature|hmac-sha256/i);
    }

    const sends = await Promise.all(
      providers.map((p) => relay(['trigger', '--fixture', path.join(fixtures, `${p}.json`), '--to', `${receiver}/webhooks/${p}`, '--json'], { env: envOf(secrets) })),
    );
    for (const send of sends) expect(send.code, send.stdout + send.stderr).toBe(0);
    const keep = await relay(['trigger', '--fixture', path.join(fixtures, 'stripe.json'), '--to', `${receiver}/webhooks/stripe`, '--keep-ids'], { env: envOf(secrets) });
    expect(keep.code, keep.stderr).toBe(0);
    expect(keep.stdout).toContain(`POST ${receiver}/webhooks/stripe`);

    expect(received.filter((r) => !r.verified)).toEqual([]);
    expect(received).toHaveLength(providers.length + 1);
    for (const provider of providers) {
      const fixtureBody = (JSON.parse(texts[provider]!) as { body: string }).body;
      const bodies = received.filter((r) => r.provider === provider).map((r) => r.body);
      if (provider === 'stripe') {
        // --keep-ids: the fixture's bytes exactly; a fresh id: the same bytes but the event id.
        expect(bodies).toContain(fixtureBody);
        const fresh = bodies.find((b) => b !== fixtureBody)!;
        const [oldId, newId] = [(JSON.parse(fixtureBody) as { id: string }).id, (JSON.parse(fresh) as { id: string }).id];
        expect(newId).not.toBe(oldId);
        expect(fresh.replace(newId, oldId)).toBe(fixtureBody);
      } else {
        expect(bodies, provider).toEqual([fixtureBody]);
      }
    }
  });

  it('does not overwrite a fixture unless --force is given', async () => {
    const file = path.join(dir, 'fixtures', 'stripe.json');
    const before = readFileSync(file, 'utf8');
    writeFileSync(file, `${before}\n`);
    const refused = await relay(['fixture', 'save', captured[0]!.eventId, file, '--dir', dir]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(`${file} already exists`);
    expect(refused.stderr).toContain('--force');
    expect(refused.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(file, 'utf8')).toBe(`${before}\n`);
    const forced = await relay(['fixture', 'save', captured.find((c) => c.provider === 'stripe')!.eventId, file, '--dir', dir, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('leaves the refused delivery nowhere on disk', () => {
    for (const file of readdirSync(path.join(dir, '.relay'))) {
      expect(readFileSync(path.join(dir, '.relay', file)).includes(wrongId), file).toBe(false);
    }
  });

  it('deletes the captures once saved: no personal string is left on disk, in the fixtures or in .relay', async () => {
    capture.child.kill('SIGTERM');
    expect(await capture.exit).toBe(0);
    // Until then the store holds the captures byte for byte, personal data included.
    expect(readFileSync(path.join(dir, '.relay', 'relay.db')).includes(personalCases.stripe.personal[0]!)).toBe(true);
    const deleted = await relay(['captures', '--delete', '--dir', dir]);
    expect(deleted.code, deleted.stderr).toBe(0);
    expect(deleted.stdout).toContain(`deleted ${providers.length} captures`);
    const files = [
      ...readdirSync(path.join(dir, '.relay')).map((f) => path.join(dir, '.relay', f)),
      ...readdirSync(path.join(dir, 'fixtures')).map((f) => path.join(dir, 'fixtures', f)),
    ];
    expect(files.some((f) => f.endsWith('relay.db'))).toBe(true);
    for (const file of files) {
      const bytes = readFileSync(file);
      for (const provider of providers) {
        for (const value of personalCases[provider].personal) expect(bytes.includes(value), `${file} holds ${value}`).toBe(false);
      }
    }
    const list = await relay(['captures', '--dir', dir, '--json']);
    expect(JSON.parse(list.stdout)).toEqual([]);
  });

  it('refuses a malformed fixture and one of a newer format with exit 2, naming the file and the field', async () => {
    const newer = path.join(dir, 'newer.json');
    const fixture = JSON.parse(readFileSync(path.join(dir, 'fixtures', 'github.json'), 'utf8')) as Record<string, unknown>;
    writeFileSync(newer, JSON.stringify({ ...fixture, relaykitFixture: 2 }));
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...fixture, headers: 'none' }));
    const [a, b] = await Promise.all([
      relay(['trigger', '--fixture', newer, '--to', `${receiver}/x`], { env: envOf(secrets) }),
      relay(['trigger', '--fixture', broken, '--to', `${receiver}/x`], { env: envOf(secrets) }),
    ]);
    expect(a).toMatchObject({ code: 2, stdout: '' });
    expect(a.stderr).toContain(`${newer}: field "relaykitFixture" is 2`);
    expect(b).toMatchObject({ code: 2, stdout: '' });
    expect(b.stderr).toContain(`${broken}: field "headers" must be an object`);
  });
});
