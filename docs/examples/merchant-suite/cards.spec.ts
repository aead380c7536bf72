/**
 * Card payments in the shop's checkout: approved on the card element and on the split fields, one decline of each
 * family the test cards have, and a card with reward points. The shopper's page is what the test reads first; the
 * API then says what the shop really charged.
 */
import { testCards, type Outcome, type TestCard } from 'paytoken/testing';
import { fillCard } from 'paytoken/testing/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** A decline family: the failing outcomes of the test cards, but 3-D Secure's (./three-d-secure.spec.ts). */
type Family = Exclude<Outcome, 'approved' | 'authorization_required'>;

/** The shop's words for a decline (Spanish, its default language): stolen, lost, fraud, restricted and held read as a plain decline. */
const DECLINED = 'Tarjeta rechazada. Usa otra o llama a tu banco.';

/** Per family: what the shopper reads on the checkout, and the failed charge's `error_message` in the API. */
const DECLINES: Record<Family, { shopperReads: string; errorMessage: string }> = {
  declined: { shopperReads: DECLINED, errorMessage: 'The card was declined' },
  expired: { shopperReads: 'Tarjeta vencida.', errorMessage: 'The card has expired' },
  insufficient_funds: { shopperReads: 'Fondos insuficientes.', errorMessage: 'The card has insufficient funds' },
  stolen: { shopperReads: DECLINED, errorMessage: 'The card was reported stolen' },
  fraud: { shopperReads: DECLINED, errorMessage: 'The card was identified as fraudulent' },
  lost: { shopperReads: DECLINED, errorMessage: 'The card was reported lost' },
  restricted: { shopperReads: DECLINED, errorMessage: 'The card is restricted by the bank' },
  held: { shopperReads: DECLINED, errorMessage: 'The bank requested the card be held' },
};

/** The order paid: its page turns "Pago completado" once the shop's webhook has received `charge.succeeded`. */
async function expectPaid(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago completado');
  await expect(page.locator('[data-order]')).toHaveAttribute('data-status', 'paid');
  return (await page.locator('[data-order]').getAttribute('data-order'))!;
}

test('a Visa on the card element is approved and its order paid', async ({ page, shopUrl, api }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.visa, name: 'Ana Pérez' });
  await page.click('#pay');
  const orderId = await expectPaid(page);
  const [charge] = await api.get(`/charges?order_id=${orderId}`);
  expect(charge).toMatchObject({ status: 'completed', amount: 349, card: { brand: 'visa' } });
});

test('a Mastercard in the split fields is approved and its order paid', async ({ page, shopUrl, api }) => {
  await page.goto(`${shopUrl}/split`);
  await fillCard(page, { ...testCards.mastercard, name: 'Ana Pérez' });
  await page.click('#pay');
  const orderId = await expectPaid(page);
  const [charge] = await api.get(`/charges?order_id=${orderId}`);
  expect(charge).toMatchObject({ status: 'completed', card: { brand: 'mastercard' } });
});

// one test per decline family: the first test card of each
const families = new Map<Family, TestCard>();
for (const card of Object.values(testCards)) {
  const family = card.outcome as Family;
  if (family in DECLINES && !families.has(family)) families.set(family, card);
}

for (const [family, card] of families) {
  test(`declined, ${family} (${card.errorCode}): the shopper reads why, nothing is charged`, async ({ page, shopUrl, api }) => {
    await page.goto(shopUrl);
    await fillCard(page, { ...card, name: 'Ana Pérez' });
    await page.click('#pay');
    await expect(page.locator('#payment-error')).toHaveText(DECLINES[family].shopperReads);
    await expect(page).toHaveURL(shopUrl); // still on the checkout: the shopper may try another card
    const charge = await api.newestCharge();
    expect(charge).toMatchObject({ status: 'failed', error_message: DECLINES[family].errorMessage, authorization: null });
    expect(charge.card.card_number).toBe(`XXXXXXXXXXXX${card.number.slice(-4)}`);
  });
}

test('a card with reward points pays with points and the card', async ({ page, shopUrl, api }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.mastercardPoints, name: 'Ana Pérez' });
  await page.click('#pay');
  await expect(page.getByRole('heading', { name: 'Paga con puntos' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /puntos y el resto/i })).toBeChecked();
  await page.click('#points-pay');
  const orderId = await expectPaid(page);
  await expect(page.locator('[data-field="points_used"]')).toBeVisible();
  const [charge] = await api.get(`/charges?order_id=${orderId}`);
  expect(charge).toMatchObject({ status: 'completed', card_points: { used: 1_000, amount: 100 } });
});
