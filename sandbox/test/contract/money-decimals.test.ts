/**
 * Money is written with two decimals in every JSON response (spec, Resources: "numeric, two decimals"): the text
 * the client reads says `349.00`, not `349`, so typed clients (Ruby's JSON, Python's) read a decimal, not an
 * integer. One rule, in one place (src/json/money.ts, written by src/http/money-json.ts and the webhook deliveries); this suite reads the raw text of each resource.
 */
import { describe, expect, it } from 'vitest';
import { CARD, charge, chargeBody, createCustomer, CREDS, tokenize, useSandbox } from './helpers';
import { createPlan } from './billing-helpers';
import { storeCatalog } from '../../src/resources/stores/catalog';

const api = useSandbox();
const sim = `/sandbox/v1/${CREDS.merchantId}`;

/** Every `"name":number` in a JSON text, as written. */
const written = (text: string | undefined, name: string) =>
  [...(text ?? '').matchAll(new RegExp(`"${name}":(-?[\\d.eE+-]+)`, 'g'))].map((m) => m[1]);

describe('money written with two decimals', () => {
  it('charge and its embedded refund, customer balance, fee amount and tax, transfer, merchant balance', async () => {
    const c = await charge(api, chargeBody(await tokenize(api), { amount: 349 }));
    expect(written(c.text, 'amount')).toEqual(['349.00']);
    const refunded = await api.call('POST', `/charges/${c.body.id}/refund`, { body: { amount: 100.5 } });
    expect(written(refunded.text, 'amount')).toEqual(['349.00', '100.50']);
    const customer = await createCustomer(api);
    const other = await createCustomer(api);
    const clabe = (await api.call('GET', `/customers/${customer}`)).body.clabe as string;
    await api.call('POST', '/spei-transfers', { prefix: sim, body: { clabe, amount: 1000 } });
    expect(written((await api.call('GET', `/customers/${customer}`)).text, 'balance')).toEqual(['1000.00']);
    const fee = await api.call('POST', '/fees', { body: { customer_id: customer, amount: 10, description: 'fee' } });
    expect(fee.status).toBe(201);
    expect(written(fee.text, 'amount')[0]).toBe('10.00');
    const transfer = await api.call('POST', `/customers/${customer}/transfers`, {
      body: { customer_id: other, amount: 20, description: 'to a friend' },
    });
    expect(written(transfer.text, 'amount')).toEqual(['20.00']);
    expect(written((await api.call('GET', '/customers')).text, 'balance')).toContain('20.00');
    expect(written((await api.call('GET', '')).text, 'balance')[0]).toMatch(/^\d+\.\d{2}$/);
  });

  it('plan amount, store chain max_amount, card points amount; other numbers are left as they are', async () => {
    const plan = await createPlan(api, { amount: 150, trial_days: 30 });
    expect(written((await api.call('GET', `/plans/${plan.id}`)).text, 'amount')).toEqual(['150.00']);
    expect(written((await api.call('GET', `/plans/${plan.id}`)).text, 'trial_days')).toEqual(['30']);
    const s = storeCatalog()[40]!;
    const stores = await api.call('GET', `/stores?latitud=${s.lat}&longitud=${s.lng}&kilometers=0.001&amount=1`, { prefix: '' });
    expect(written(stores.text, 'max_amount')[0]).toMatch(/^\d+\.\d{2}$/);
    const card = await api.call('POST', '/cards', { body: { ...CARD, card_number: '4000000000004004' } });
    const points = await charge(api, chargeBody(card.body.id, { amount: 30, use_card_points: 'ONLY_POINTS' }));
    expect(written(points.text, 'amount')).toEqual(['30.00', '30.00']);
    expect(written(points.text, 'used')).toEqual(['300']);
  });
});
