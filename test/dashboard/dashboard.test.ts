/**
 * The dashboard in real headless Chromium (Debian's chromium, driven by playwright-core): one browser
 * and one service shared by every scenario of issue 14, plus a second service with a token. If the
 * browser cannot be installed or started, `beforeAll` throws and every test here fails.
 */
import { exec } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDelivery, createRelay, MemoryStore, triggerWebhook, type Listening, type Relay } from '../../src/index.js';
import { launchChromium } from './browser.js';

const SECRET = 'whsec_dashboard_test_secret';
/** A command line run by /bin/sh, as a developer pastes it (asynchronously: the service answers it in this process). */
const sh = (command: string, env: NodeJS.ProcessEnv = process.env) => promisify(exec)(command, { shell: '/bin/sh', encoding: 'utf8', env, timeout: 15_000 });
const TOKEN = 'dashboard-token-1234';
/** Event ids whose handler failed once already: `metadata.fail = 'once'` fails the first attempt only. */
const failedOnce = new Set<string>();

function service(options: { apiToken?: string } = {}): Relay {
  return createRelay({
    dashboard: true,
    store: new MemoryStore(),
    secrets: { stripe: SECRET, github: 'gh-secret' },
    ...options,
    handlers: {
      'stripe.*': async (event, { step, log }) => {
        const object = (event.data as { data: { object: { amount?: number; metadata?: Record<string, string> } } }).data.object;
        const charged = await step.run('charge', () => ({ charged: object.amount ?? 0 }));
        log('charged the customer', { charged });
        if (object.metadata?.fail === 'once' && !failedOnce.has(event.id)) {
          failedOnce.add(event.id);
          throw new Error('the ledger was unavailable');
        }
        await step.run('email', () => 'sent');
      },
    },
  });
}

let browser: Browser;
let relay: Relay;
let listening: Listening;
let guarded: Relay;
let guardedListening: Listening;
let context: BrowserContext;
let page: Page;
const pageErrors: string[] = [];

const trigger = (data: Record<string, unknown> = {}) =>
  triggerWebhook('stripe', 'payment_intent.succeeded', { secret: SECRET, target: listening.url, data });

async function openDetail(id: string): Promise<void> {
  await page.goto(`${listening.url}/#/executions/${id}`);
  await page.locator('#steps-title').waitFor();
}

beforeAll(async () => {
  // Starts first: a browser that cannot start fails the suite before anything else is set up.
  browser = await launchChromium(['--host-resolver-rules=MAP rebind.test 127.0.0.1']);
  relay = service();
  listening = await relay.listen({ port: 0 });
  guarded = service({ apiToken: TOKEN });
  guardedListening = await guarded.listen({ port: 0 });
  context = await browser.newContext();
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await listening?.close();
  await relay?.close();
  await guardedListening?.close();
  await guarded?.close();
});

describe('the dashboard in headless Chromium', () => {
  it('shows a triggered execution within a second, without a reload', async () => {
    await page.goto(`${listening.url}/`);
    await page.locator('table.executions').waitFor();
    await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
    // No emulator reports to this service: no "Sent by the emulator" (test/dashboard/sent-view.test.ts has one).
    expect(await page.locator('header nav a').allTextContents()).toEqual(['Executions', 'Rejected', 'Trigger']);
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));
    const result = await trigger({ amount: 1234 });
    expect(result.status).toBe(200);
    // From the service's 200 to the row on the page.
    const accepted = Date.now();
    const row = page.locator(`tr[data-id="${result.execution!.id}"]`);
    await row.waitFor({ timeout: 1000 });
    expect(Date.now() - accepted).toBeLessThan(1000);
    expect(navigations).toEqual([]);
    await expect.poll(() => row.getAttribute('data-status')).toBe('completed');
    expect(await row.textContent()).toContain('stripe.payment_intent.succeeded');
  });

  it("shows one execution's steps, logs, payload, headers and verification", async () => {
    const result = await trigger({ amount: 4321, description: 'Order 42' });
    await page.goto(`${listening.url}/`);
    await page.locator(`a[href="#/executions/${result.execution!.id}"]`).click();
    await page.locator('#steps-title').waitFor();
    await expect.poll(() => page.locator('table.steps tbody tr').count()).toBe(2);
    const steps = await page.locator('table.steps').textContent();
    expect(steps).toContain('charge');
    expect(steps).toContain('{"charged":4321}');
    expect(steps).toContain('email');
    expect(await page.locator('ol.logs').textContent()).toContain('charged the customer');
    const payload = page.locator('.json');
    expect(await payload.textContent()).toContain('"payment_intent.succeeded"');
    await page.getByRole('button', { name: 'Expand all' }).click();
    expect(await payload.textContent()).toContain('"Order 42"');
    await page.getByRole('button', { name: 'Collapse all' }).click();
    expect(await page.locator('.json details[open]').count()).toBe(0);
    expect(await page.locator('table.headers').textContent()).toContain('stripe-signature');
    expect(await page.locator('.verification').textContent()).toMatch(/^Verified\./);
    const facts = await page.locator('dl.facts').textContent();
    for (const text of [result.execution!.id, result.execution!.eventId, result.delivery.deliveryId, 'completed']) expect(facts).toContain(text);
    const command = await page.locator('#copy-trigger').textContent();
    expect(command).toMatch(/^relay trigger stripe payment_intent\.succeeded --forward http:\/\/127\.0\.0\.1:\d+ --data '\{"id":"pi_/);
    expect(JSON.parse(/--data '(.*)'$/s.exec(command!)![1]!)).toMatchObject({ amount: 4321, description: 'Order 42' });
    const curl = await page.locator('#copy-curl').textContent();
    expect(curl).toContain(`curl -X POST ${listening.url}/api/webhook/stripe`);
    expect(curl).toContain(`-H 'stripe-signature: ${result.delivery.headers['Stripe-Signature'] ?? result.delivery.headers['stripe-signature']}'`);
    const vitest = await page.locator('#copy-vitest').textContent();
    expect(vitest).toContain(`await triggerWebhook("stripe", "payment_intent.succeeded", {`);
    expect(vitest).toContain('"amount": 4321');
    // Both lines run as copied: the curl line resends the same signed bytes (a redelivery: the same
    // execution), the relay trigger command (the built bin) sends a new delivery with the same data.
    const resent = JSON.parse((await sh(curl!.replace(/^curl /, 'curl -sS '))).stdout) as { id: string };
    expect(resent.id).toBe(result.execution!.id);
    const bin = `${JSON.stringify(process.execPath)} ${JSON.stringify(path.resolve(import.meta.dirname, '../../dist/cli/index.js'))}`;
    const printed = await sh(command!.replace(/^relay /, `${bin} `) + ' --json', { ...process.env, STRIPE_WEBHOOK_SECRET: SECRET });
    const sent = JSON.parse(printed.stdout) as { status: number; body: { id: string } };
    expect(sent.status).toBe(200);
    const again = await relay.findExecution(sent.body.id);
    expect((again?.event.data as { data: { object: { amount: number; description: string } } }).data.object).toMatchObject({ amount: 4321, description: 'Order 42' });
  });

  it('replays an execution into a new one, linked both ways', async () => {
    const result = await trigger({ amount: 777 });
    await openDetail(result.execution!.id);
    await page.getByRole('button', { name: 'Replay' }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/executions/') && !url.hash.endsWith(result.execution!.id));
    const replayId = decodeURIComponent(new URL(page.url()).hash.slice('#/executions/'.length));
    await page.locator('#steps-title').waitFor();
    const back = page.locator('dl.facts').getByRole('link', { name: result.execution!.id });
    await back.waitFor();
    await back.click();
    await page.locator('#steps-title').waitFor();
    await page.locator('dl.facts').getByRole('link', { name: replayId }).waitFor();
    expect((await relay.getExecution(replayId))?.replayedFrom).toBe(result.execution!.id);
  });

  it('retries a failed execution in place', async () => {
    const result = await trigger({ metadata: { fail: 'once' } });
    await relay.idle();
    await openDetail(result.execution!.id);
    expect(await page.locator('dl.facts').textContent()).toContain('the ledger was unavailable');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect.poll(() => page.locator('h1 .badge').textContent(), { timeout: 3000 }).toBe('completed');
    expect(await page.locator('dl.facts').textContent()).toMatch(/Attempt\s*2/);
    expect(await page.getByRole('button', { name: 'Retry' }).count()).toBe(0);
  });

  it("sends the Trigger form's delivery, which then appears in the list", async () => {
    await page.goto(`${listening.url}/#/trigger`);
    await page.getByLabel('Provider').selectOption('stripe');
    expect(await page.locator('#trigger-types option').count()).toBeGreaterThan(50);
    await page.getByLabel('Event type').fill('charge.refunded');
    const data = page.getByLabel('Data (JSON, merged into the main resource)');
    await data.fill('{"amount": ');
    expect(await data.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('button', { name: 'Send signed delivery' }).isDisabled()).toBe(true);
    await data.fill('{"amount": 9090, "metadata": {"from": "form"}}');
    expect(await data.getAttribute('aria-invalid')).toBe('false');
    await page.getByLabel('Seed').fill('7');
    await page.getByRole('button', { name: 'Send signed delivery' }).click();
    const link = page.locator('#trigger-result a');
    await link.waitFor();
    const id = (await link.textContent())!;
    const stored = await relay.findExecution(id);
    expect(stored?.eventType).toBe('stripe.charge.refunded');
    expect((stored?.event.data as { data: { object: { amount: number } } }).data.object.amount).toBe(9090);
    await page.getByRole('link', { name: 'Executions' }).click();
    await page.locator(`tr[data-id="${id}"]`).waitFor();
  });

  it('lists a refused delivery live, with the reason its sender got', async () => {
    await page.goto(`${listening.url}/#/rejected`);
    await page.locator('h1', { hasText: 'Rejected deliveries' }).waitFor();
    const stale = await buildDelivery('stripe', 'payment_intent.succeeded', { secret: SECRET, timestamp: Date.now() - 3_600_000 });
    const response = await fetch(`${listening.url}${stale.path}`, { method: 'POST', headers: stale.headers, body: stale.body });
    expect(response.status).toBe(400);
    const detail = response.headers.get('x-relay-error-detail')!;
    expect(detail).toMatch(/tolerance|timestamp/i);
    const item = page.locator('li.rejection').first();
    await item.waitFor({ timeout: 1000 });
    expect(await item.locator('.reason').textContent()).toBe('Invalid webhook signature');
    expect(await item.locator('.detail-text').textContent()).toBe(detail);
    const wrongSecret = await buildDelivery('stripe', 'payment_intent.succeeded', { secret: 'whsec_other' });
    await fetch(`${listening.url}${wrongSecret.path}`, { method: 'POST', headers: wrongSecret.headers, body: wrongSecret.body });
    await expect.poll(() => page.locator('li.rejection').first().locator('.reason').textContent()).toContain('different STRIPE_WEBHOOK_SECRET');
    expect(await page.locator('li.rejection').count()).toBe(2);
  });

  it('renders a <script> in a payload as text', async () => {
    const attack = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">';
    const result = await trigger({ description: attack, metadata: { [attack]: attack } });
    await openDetail(result.execution!.id);
    await page.getByRole('button', { name: 'Expand all' }).click();
    const strings = await page.locator('.json-string').allTextContents();
    expect(strings).toContain(JSON.stringify(attack));
    expect(await page.locator('.json-key').allTextContents()).toContain(attack);
    expect(await page.locator('main script, main img').count()).toBe(0);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(pageErrors).toEqual([]);
  });

  it('with a token, loads nothing until the token is given, then keeps it in an HttpOnly SameSite=Strict cookie', async () => {
    const fresh = await browser.newContext();
    const guardedPage = await fresh.newPage();
    const apiCalls: number[] = [];
    guardedPage.on('response', (r) => {
      if (r.url().includes('/_dashboard/api/') && !r.url().endsWith('/session')) apiCalls.push(r.status());
    });
    await guardedPage.goto(`${guardedListening.url}/`);
    await guardedPage.getByLabel('API token').waitFor();
    expect(await guardedPage.locator('table').count()).toBe(0);
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.every((status) => status === 401)).toBe(true);
    const direct = await guardedPage.evaluate(() =>
      Promise.all(['executions', 'live', 'rejections', 'catalog'].map(async (name) => (await fetch(`/_dashboard/api/${name}`)).status)),
    );
    expect(direct).toEqual([401, 401, 401, 401]);
    await guardedPage.getByLabel('API token').fill('wrong-token');
    await guardedPage.getByRole('button', { name: 'Sign in' }).click();
    await guardedPage.locator('.error', { hasText: 'not the token' }).waitFor();
    await guardedPage.getByLabel('API token').fill(TOKEN);
    await guardedPage.getByRole('button', { name: 'Sign in' }).click();
    await guardedPage.locator('table.executions').waitFor();
    const [cookie] = await fresh.cookies();
    expect(cookie).toMatchObject({ name: 'relay_session', httpOnly: true, sameSite: 'Strict' });
    expect(cookie!.value).not.toContain(TOKEN);
    expect(await guardedPage.evaluate(() => document.cookie)).toBe('');
    await fresh.close();
  });

  it('refuses a foreign Host (DNS rebinding) and state changes from another origin', async () => {
    const rebound = await page.goto(`http://rebind.test:${listening.port}/`);
    expect(rebound?.status()).toBe(403);
    expect(await rebound?.text()).toContain('DNS rebinding');
    const result = await trigger();
    const replay = (origin: string) =>
      fetch(`${listening.url}/_dashboard/api/executions/${result.execution!.id}/replay`, { method: 'POST', headers: { origin } });
    expect((await replay('http://evil.test')).status).toBe(403);
    expect((await replay(listening.url)).status).toBe(200);
    const home = await fetch(`${listening.url}/`);
    const csp = home.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await home.text()).not.toMatch(/<script>|<script(?![^>]*\bsrc=)/);
  });

  it('filters, searches, pages and works from the keyboard, in light and dark', async () => {
    const github = await triggerWebhook('github', 'push', { secret: 'gh-secret', target: listening.url });
    await page.goto(`${listening.url}/#/?provider=github`);
    await page.locator(`tr[data-id="${github.execution!.id}"]`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.goto(`${listening.url}/#/?q=${github.delivery.deliveryId}`);
    await page.locator(`tr[data-id="${github.execution!.id}"]`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(1);
    await page.goto(`${listening.url}/#/?status=failed`);
    await page.locator('table.executions').waitFor();
    await expect.poll(() => page.locator('tbody tr').count()).toBe(0);
    // Keyboard: from the search box, Enter applies; Tab reaches the first execution link, Enter opens it.
    await page.goto(`${listening.url}/`);
    await page.getByLabel('Search').focus();
    await page.keyboard.type(github.execution!.id);
    await page.keyboard.press('Enter');
    await page.waitForURL(/q=exec_/);
    // The search's answer drawn: one row, this execution (until then the rows may be the previous list's or a placeholder).
    await page.waitForFunction((id) => {
      const rows = document.querySelectorAll('tbody tr');
      return rows.length === 1 && rows[0]!.getAttribute('data-id') === id;
    }, github.execution!.id);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(github.execution!.id);
    await page.keyboard.press('Enter');
    await page.locator('#steps-title').waitFor();
    // Light and dark follow the system.
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await page.emulateMedia({ colorScheme: 'dark' });
    const dark = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(light).toBe('rgb(255, 255, 255)');
    expect(dark).not.toBe(light);
  });
});
