/**
 * The card entry's behavioural summary in a real browser (src/fraud/entry.ts, hooked into the form layer): on the
 * demo's on-page checkout (`/direct`), a card number set by a script is reported `scripted` (rule
 * `scripted_entry`), one typed with trusted key events is `typed`, and one filled by Chromium's own autofill
 * (started through the DevTools protocol, `Autofill.trigger`) is `autofilled` and matches no entry rule. The
 * summary reaches the sandbox under the page's `device_session_id` before the charge.
 */
import type { Page } from '@playwright/test';
import { test, expect, fillCard, CREDENTIALS, LABELS, FUTURE_YY, type Servers } from './fixtures';

const ENTRY_RULES = ['scripted_entry', 'keyless_entry', 'robotic_typing', 'held_to_next_key', 'shiftless_capitals', 'unfocused_typing'];

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

/** Types `text` in the focused field as a careful script would: each key held 60 ms, 120 ms apart, Shift for capitals. */
async function typeHeld(page: Page, text: string): Promise<void> {
  for (const c of text) {
    const capital = /[A-Z]/.test(c);
    if (capital) await page.keyboard.down('Shift');
    await page.keyboard.down(c);
    await page.waitForTimeout(60);
    await page.keyboard.up(c);
    if (capital) await page.keyboard.up('Shift');
    await page.waitForTimeout(60);
  }
}

test('every card field is summarised (holder name, number, expiry, CVV2), never a value; keys held apart match no rule', async ({
  page,
  servers,
}) => {
  const session = await open(page, servers);
  for (const [label, text] of <[string | RegExp, string][]>[
    [LABELS.name, 'Ana Perez'],
    [LABELS.number, '4111111111111111'],
    [LABELS.expiry, `12${FUTURE_YY}`],
    [LABELS.cvv, '123'],
  ]) {
    await page.getByLabel(label).click();
    await typeHeld(page, text);
  }
  const entry = page.waitForResponse((r) => r.url().endsWith('/device-data/entry'));
  await page.getByRole('button', { name: LABELS.pay }).click();
  const body = (await entry).request().postData()!;
  expect(body).not.toMatch(/4111|Perez|123"/);
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  const stored = servers.api.store.devices.get(session)!.entry!;
  expect(Object.keys(stored).sort()).toEqual(['card_number', 'cvv2', 'expiry', 'holder_name']);
  // 9 characters and the 2 Shift presses
  expect(stored.holder_name).toMatchObject({ methods: ['typed'], keys: 11, shiftless_capitals: 0, unfocused_keys: 0 });
  // each key released 60 ms before the next press: the flights say so, not "held to the next key"
  expect(stored.card_number!.key_flight_ms![0]).toBeGreaterThan(40);
  for (const rule of ENTRY_RULES) expect(servers.merchant.charges.at(-1)!.fraud_flags).not.toContain(rule);
});

test("a driver's typing with a delay and capitals without Shift: held_to_next_key and shiftless_capitals", async ({ page, servers }) => {
  const session = await open(page, servers);
  await page.getByLabel(LABELS.name).pressSequentially('Ana Perez', { delay: 90 });
  await page.getByLabel(LABELS.number).pressSequentially('4111111111111111', { delay: 90 });
  await page.getByLabel(LABELS.expiry).pressSequentially(`12${FUTURE_YY}`, { delay: 90 });
  await page.getByLabel(LABELS.cvv).pressSequentially('123', { delay: 90 });
  const { card, flags } = await payAndRead(page, servers, session);
  expect(Math.abs(card!.key_flight_ms![0])).toBeLessThan(10);
  expect(servers.api.store.devices.get(session)!.entry!.holder_name!.shiftless_capitals).toBe(2);
  expect(flags).toEqual(expect.arrayContaining(['held_to_next_key', 'shiftless_capitals']));
});
