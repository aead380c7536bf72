/**
 * A subscription to the shop's monthly plan (a 7-day trial), bought with the card element, then billed on the
 * merchant's clock: the test moves its own merchant's clock (`POST /sandbox/v1/{merchant_id}/clock/advance`, which
 * returns once the webhooks it caused are delivered) past the trial and a month on. The other worker's merchant keeps
 * its own time; later tests of this worker do not depend on the date.
 */
import { testCards, type TestCard } from 'paytoken/testing';
import { fillCard } from 'paytoken/testing/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const DAY = 86_400;

/** Subscribes to the first plan (the monthly one, in its trial) with `card`: the account page. */
async function subscribe(page: Page, shopUrl: string, card: TestCard): Promise<void> {
  await page.goto(`${shopUrl}/subscribe`);
  await expect(page.getByRole('radio', { name: /Café del mes/ })).toBeChecked();
  await fillCard(page, { ...card, name: 'Ana Pérez' });
  await page.click('#pay');
  await expect(page).toHaveURL(/\/account/);
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'trial');
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'pending');
}

test('a subscription is charged after its trial and renewed a month later, each charge delivered to the shop', async ({
  page,
  shopUrl,
  api,
}) => {
  await subscribe(page, shopUrl, testCards.visa);
  // the shop made a customer for it: the merchant's newest (the worker's tests run one at a time)
  const [customer] = await api.get('/customers?limit=1');
  await api.simulate('/clock/advance', { seconds: 9 * DAY });
  await page.reload();
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'active');
  await expect(page.locator('[data-field="current_period_number"]')).toHaveText('1');
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'paid'); // the shop heard charge.succeeded

  await api.simulate('/clock/advance', { seconds: 31 * DAY });
  await page.reload();
  await expect(page.locator('[data-field="current_period_number"]')).toHaveText('2');
  const charges = await api.get(`/customers/${customer.id}/charges`);
  expect(charges.map((c: { status: string; amount: number }) => [c.status, c.amount])).toEqual([
    ['completed', 299],
    ['completed', 299],
  ]);
  const [renewal] = await api.simulation(`/events?type=charge.succeeded&resource_id=${charges[0].id}`);
  expect(renewal.deliveries).toEqual([expect.objectContaining({ status: 'delivered', attempts: 1 })]);
});

test("a subscription whose first charge is declined after the trial: past due, the shop's order failed", async ({ page, shopUrl, api }) => {
  await subscribe(page, shopUrl, testCards.insufficientFunds);
  await api.simulate('/clock/advance', { seconds: 9 * DAY });
  await page.reload();
  await expect(page.locator('#subscription')).toHaveAttribute('data-status', 'past_due');
  await expect(page.locator('#order-status')).toHaveAttribute('data-status', 'failed'); // from subscription.charge.failed
});
