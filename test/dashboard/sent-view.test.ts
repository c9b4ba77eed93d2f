/**
 * "Sent by the emulator" in real headless Chromium, over the real thing: the built `relay dev --emulate`
 * (its emulator adapted to the dashboard as the CLI does it), a stripe-node call to the emulated API,
 * and the delivery it causes appearing live on the page, delivered, linked to the execution the service
 * stored. If the browser cannot be installed or started, `beforeAll` throws and the tests fail.
 */
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanUp, project, startDev, type Dev } from '../cli/bin.js';
import { launchChromium } from './browser.js';

let browser: Browser;
let dev: Dev;
let stripe: Stripe;
let page: Page;
const pageErrors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  dev = await startDev(project(), { STRIPE_WEBHOOK_SECRET: 'whsec_sent_view' }, ['--emulate', '--emulate-port', '0']);
  const port = Number(new URL(/emulator: (http:\/\/\S+)/.exec(dev.stdout())![1]!).port);
  stripe = new Stripe('sk_test_sentview', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });
  page = await (await browser.newContext()).newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await cleanUp();
});

describe('Sent by the emulator, in headless Chromium', () => {
  it('shows a Stripe API call’s delivery live, delivered, linked to its execution, newest first', async () => {
    await page.goto(`${dev.url}/`);
    await page.getByRole('link', { name: 'Sent by the emulator' }).click();
    await page.locator('table.sent').waitFor();
    await page.getByText('The emulator has sent nothing yet').waitFor();
    await expect.poll(() => page.locator('.live').textContent()).toBe('Live');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => navigations.push(frame.url()));

    const customer = await stripe.customers.create({ email: 'sent@example.com' });
    const row = page.locator('tr.sent-row').first();
    await row.waitFor({ timeout: 2000 });
    await expect.poll(() => row.getAttribute('data-status')).toBe('delivered');
    expect(navigations).toEqual([]);
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(1, 6)).toEqual(['stripe', 'customer.created', expect.stringMatching(/^evt_/), `${dev.url}/api/webhook/stripe`, 'delivered 1 attempt']);
    expect(cells[0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3}$/);
    const deliveryId = cells[3]!;

    // The link is the execution the service stored the delivery as.
    const link = row.locator('a.execution');
    await expect.poll(() => link.count()).toBe(1);
    const executionId = (await link.textContent())!;
    const execution = (await (await fetch(`${dev.url}/api/executions/${executionId}`)).json()) as { eventType: string; event: { deliveryId: string } };
    expect(execution).toMatchObject({ eventType: 'stripe.customer.created', event: { deliveryId } });

    // A click opens the attempts and the event as sent.
    const toggle = row.getByRole('button', { name: deliveryId });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await row.locator('td').first().click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const detail = page.locator(`#${(await toggle.getAttribute('aria-controls'))!}`);
    await detail.locator('table.attempts').waitFor();
    expect(await detail.locator('table.attempts tbody tr').count()).toBe(1);
    expect(await detail.locator('table.attempts tbody td').allTextContents()).toEqual(['1', expect.stringMatching(/^\d{4}-/), '200', expect.stringMatching(/^\d+(\.\d+)? ms$/)]);
    // The event's tree, open down to the object it reports.
    expect(await detail.locator('.json > details[open] .json-string').first().textContent()).toBe(`"${deliveryId}"`);
    expect(await detail.locator('details[open] .json-string', { hasText: customer.id }).first().isVisible()).toBe(true);

    // A later call's delivery goes on top, and the open row stays open.
    await stripe.customers.update(customer.id, { name: 'Ada' });
    await expect.poll(() => page.locator('tr.sent-row').first().locator('td').nth(2).textContent(), { timeout: 2000 }).toBe('customer.updated');
    expect(await page.locator('tr.sent-row').count()).toBe(2);
    expect(await page.locator(`tr.sent-row[data-key$="${deliveryId}"] button`).getAttribute('aria-expanded')).toBe('true');
    expect(await page.locator('.toolbar [role=status]').textContent()).toBe('2 sent');

    // And the link opens the execution.
    await page.locator(`tr.sent-row[data-key$="${deliveryId}"] a.execution`).click();
    await page.locator('#steps-title').waitFor();
    expect(await page.locator('dl.facts').textContent()).toContain(deliveryId);
    expect(pageErrors).toEqual([]);
  });
});
