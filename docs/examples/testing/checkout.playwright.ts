import { testCards } from 'paytoken/testing';
import { completeThreeDSecure, fillCard } from 'paytoken/testing/playwright';
import { expect, test } from './fixtures';

test('an approved card pays the order', async ({ page, shopUrl }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.visa, name: 'Ana Perez' });
  await page.click('#pay');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago completado');
});

test('insufficient funds shows the decline', async ({ page, shopUrl }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.insufficientFunds, name: 'Ana Perez' });
  await page.click('#pay');
  await expect(page.getByRole('alert').filter({ hasText: 'Fondos insuficientes' })).toBeVisible();
});

test('3-D Secure: the bank approves', async ({ page, shopUrl }) => {
  await page.goto(shopUrl);
  await fillCard(page, { ...testCards.threeDSecureChallenge, name: 'Ana Perez' });
  await page.click('#pay');
  await completeThreeDSecure(page, 'approve');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pago completado');
});
