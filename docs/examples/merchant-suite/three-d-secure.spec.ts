/**
 * 3-D Secure: the shop charges a card that needs it (3012 without it), the shopper is sent to the bank's page and
 * the test answers it with the sandbox's test buttons (`completeThreeDSecure`); a frictionless card comes back
 * without a question.
 */
import { testCards } from 'paytoken/testing';
import { completeThreeDSecure, fillCard } from 'paytoken/testing/playwright';
import { expect, test } from './fixtures';

test('3-D Secure: the bank approves, the order is paid', async ({ page, shopUrl, api }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.threeDSecureChallenge, name: 'Ana Pérez' });
  await page.click('#pay');
  await completeThreeDSecure(page, 'approve');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago completado');
  const orderId = await page.locator('[data-order]').getAttribute('data-order');
  const [charge] = await api.get(`/charges?order_id=${orderId}`);
  expect(charge).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
});

test('3-D Secure: the bank fails the shopper, nothing is charged', async ({ page, shopUrl, api }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.threeDSecureChallenge, name: 'Ana Pérez' });
  await page.click('#pay');
  await completeThreeDSecure(page, 'fail');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago rechazado');
  await expect(page.locator('#result-message')).toHaveText('Tu banco no pudo confirmar que eres tú. No se hizo ningún cargo.');
  expect(await api.newestCharge()).toMatchObject({ status: 'failed' });
});

test('3-D Secure frictionless: the bank sends the shopper straight back, the order is paid', async ({ page, shopUrl }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.threeDSecureFrictionless, name: 'Ana Pérez' });
  await page.click('#pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago completado');
});
