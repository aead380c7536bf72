/**
 * The card entry's behavioural summary in a real browser (src/fraud/entry.ts, hooked into the form layer): on the
 * demo's on-page checkout (`/direct`), a card number set by a script is reported `scripted` (rule
 * `scripted_entry`), one typed with trusted key events is `typed`, and one filled by Chromium's own autofill
 * (started through the DevTools protocol, `Autofill.trigger`) is `autofilled` and matches no entry rule. The
 * summary reaches the sandbox under the page's `device_session_id` before the charge.
 */
import type { Page } from '@playwright/test';
import { test, expect, fillCard, CREDENTIALS, LABELS, FUTURE_YY, type Servers } from './fixtures';

const ENTRY_RULES = ['scripted_entry', 'keyless_entry', 'robotic_typing'];

/** Opens the on-page checkout and waits for its device data to reach the sandbox. */
async function open(page: Page, servers: Servers): Promise<string> {
  const posted = page.waitForResponse((r) => r.url() === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/device-data`);
  await page.goto(`${servers.merchant.url}/direct?lang=en`);
  expect((await posted).status()).toBe(201);
  return page.locator('input[name="device_session_id"]').inputValue();
}

/** Pays, waits for the receipt, and gives the card entry stored under `session` and the charge's fraud flags. */
async function payAndRead(page: Page, servers: Servers, session: string) {
  const entry = page.waitForResponse((r) => r.url().endsWith('/device-data/entry'));
  await page.getByRole('button', { name: LABELS.pay }).click();
  expect((await entry).status()).toBe(201);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  const card = servers.api.store.devices.get(session)?.entry?.card_number;
  return { card, flags: servers.merchant.charges.at(-1)!.fraud_flags as string[] };
}

test('a card number set by script is reported scripted, and the sandbox flags scripted_entry', async ({ page, servers }) => {
  const session = await open(page, servers);
  await fillCard(page, { number: '' });
  await page.getByLabel(LABELS.number).evaluate((input: HTMLInputElement) => (input.value = '4111 1111 1111 1111'));
  const { card, flags } = await payAndRead(page, servers, session);
  expect(card?.methods).toEqual(['scripted']);
  expect(card?.keys).toBe(0);
  expect(flags).toContain('scripted_entry');
});

test('a card number typed with trusted key events is typed, never scripted nor keyless', async ({ page, servers }) => {
  const session = await open(page, servers);
  await fillCard(page, { number: '4111111111111111' });
  const { card, flags } = await payAndRead(page, servers, session);
  expect(card?.methods).toEqual(['typed']);
  expect(card?.keys).toBe(16);
  expect(card?.key_interval_ms).toHaveLength(2);
  expect(flags).not.toContain('scripted_entry');
  expect(flags).not.toContain('keyless_entry');
});

test("a card filled by Chromium's autofill (Autofill.trigger) is autofilled and matches no entry rule", async ({ page, servers }) => {
  const session = await open(page, servers);
  const cdp = await page.context().newCDPSession(page);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector: '#card-number' });
  const { node } = await cdp.send('DOM.describeNode', { nodeId });
  await page.getByLabel(LABELS.number).focus();
  const card = { number: '4111111111111111', name: 'Ana Perez', expiryMonth: '12', expiryYear: `20${FUTURE_YY}`, cvc: '123' };
  await cdp.send('Autofill.trigger' as 'DOM.enable', { fieldId: node.backendNodeId, card } as never);
  await expect(page.getByLabel(LABELS.number)).toHaveValue('4111 1111 1111 1111');
  const read = await payAndRead(page, servers, session);
  // Chromium's autofill sends a key event of its own with the fill: the method is what tells it apart
  expect(read.card?.methods).toEqual(['autofilled']);
  for (const rule of ENTRY_RULES) expect(read.flags).not.toContain(rule);
});
