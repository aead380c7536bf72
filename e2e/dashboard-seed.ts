/**
 * Data for the dashboard's browser tests (e2e/dashboard.spec.ts, e2e/engines/scenarios/dashboard.ts), made over the
 * API as a merchant's server would: a customer with an account, tokens (their requests are what the request log
 * must mask), a completed charge, a held charge and a declined one (stored failed).
 */

/** The keys and merchant of a running sandbox. */
export interface SandboxKeys {
  merchantId: string;
  publicKey: string;
  privateKey: string;
}

/** What {@link seedDashboard} made. */
export interface Seeded {
  customerId: string;
  clabe: string;
  chargeId: string;
  heldId: string;
  /** The card number sent in the token requests (never to be shown whole). */
  pan: string;
  /** The CVV2 sent with it (never to be shown). */
  cvv2: string;
}

import { PRODUCT } from '../demo/product';
import { invoiceBody } from '../sandbox/test/unit/cfdi-fixtures';

const basic = (key: string) => `Basic ${Buffer.from(`${key}:`).toString('base64')}`;

/** Calls the sandbox API; throws on an unexpected status. */
async function call(apiUrl: string, keys: SandboxKeys, as: 'public' | 'private', path: string, body: unknown, expected: number) {
  const res = await fetch(`${apiUrl}/v1/${keys.merchantId}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: basic(as === 'public' ? keys.publicKey : keys.privateKey),
      'X-Forwarded-For': '203.0.113.9',
    },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, any>;
  if (res.status !== expected) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** A token of `pan` (public key, as a browser sends it). */
const token = async (apiUrl: string, keys: SandboxKeys, pan: string, cvv2: string) =>
  (
    await call(
      apiUrl,
      keys,
      'public',
      '/tokens',
      { card_number: pan, holder_name: 'Ana Pérez', expiration_month: '12', expiration_year: '40', cvv2 },
      201,
    )
  ).id as string;

/** Makes the seed data; `tag` keeps order ids unique across runs on one sandbox. */
export async function seedDashboard(apiUrl: string, keys: SandboxKeys, tag = Math.random().toString(36).slice(2, 8)): Promise<Seeded> {
  const pan = '4111111111111111';
  const cvv2 = '987';
  const customer = await call(
    apiUrl,
    keys,
    'private',
    '/customers',
    { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com', requires_account: true },
    201,
  );
  const charge = (source_id: string, extra: Record<string, unknown>, expected: number) =>
    call(
      apiUrl,
      keys,
      'private',
      '/charges',
      {
        method: 'card',
        source_id,
        amount: 349.5,
        description: PRODUCT.name.es,
        order_id: `dash-${tag}-${Math.random().toString(36).slice(2, 8)}`,
        device_session_id: 'dsid0123456789abcdefABCDEF012345',
        customer: { name: 'Ana', last_name: 'Pérez', email: 'ana@example.com' },
        ...extra,
      },
      expected,
    );
  const done = await charge(await token(apiUrl, keys, pan, cvv2), {}, 201);
  const held = await charge(await token(apiUrl, keys, '5555555555554444', '321'), { capture: false, amount: 120 }, 201);
  await charge(await token(apiUrl, keys, '4000000000000002', '555'), {}, 402);
  return { customerId: customer.id, clabe: customer.clabe, chargeId: done.id, heldId: held.id, pan, cvv2 };
}

/** A charge of another kind than card (`body`: its method and members), merchant level, a fresh order id. */
export const kindCharge = (apiUrl: string, keys: SandboxKeys, body: Record<string, unknown>) =>
  call(
    apiUrl,
    keys,
    'private',
    '/charges',
    {
      amount: 275,
      description: 'Despensa semanal',
      order_id: `kind-${Math.random().toString(36).slice(2, 10)}`,
      customer: { name: 'Luis', last_name: 'Gómez', email: 'luis@example.com' },
      ...body,
    },
    201,
  );

/** What {@link seedResources} made. */
export interface SeededResources {
  storeId: string;
  bankId: string;
  walletId: string;
  subscriptionId: string;
  payoutId: string;
}

/**
 * The resources beyond card charges, for the pages that show them: a store and a bank (SPEI) charge in progress, a
 * wallet charge pending, a plan and the customer's subscription to it, a bank account and a merchant payout, a
 * webhook to `hookUrl` (its deliveries then fill the log) and a CFDI invoice.
 */
export async function seedResources(apiUrl: string, keys: SandboxKeys, seed: Seeded, hookUrl: string): Promise<SeededResources> {
  const post = (path: string, body: unknown) => call(apiUrl, keys, 'private', path, body, 201);
  await post('/webhooks', { url: hookUrl, event_types: ['charge.created', 'charge.succeeded', 'spei.received'] });
  const kind = (body: Record<string, unknown>) => kindCharge(apiUrl, keys, body);
  const store = await kind({ method: 'store' });
  const bank = await kind({ method: 'bank_account', amount: 1250 });
  const wallet = await kind({ method: 'wallet', amount: 80, redirect_url: 'https://shop.example/back' });
  const plan = await post('/plans', {
    name: 'Café del mes',
    amount: 149.9,
    repeat_every: 1,
    repeat_unit: 'month',
    retry_times: 2,
    status_after_retry: 'unpaid',
    trial_days: 7,
  });
  const sub = await post(`/customers/${seed.customerId}/subscriptions`, {
    plan_id: plan.id,
    source_id: await token(apiUrl, keys, seed.pan, seed.cvv2),
  });
  await post(`/customers/${seed.customerId}/bankaccounts`, { clabe: '012180001234567899', holder_name: 'Ana Pérez', alias: 'Nómina' });
  const payout = await post('/payouts', {
    method: 'bank_account',
    bank_account: { clabe: '012180001234567899', holder_name: 'Tostadores SA' },
    amount: 50,
    description: 'Retiro semanal',
  });
  await post('/invoices/v40', invoiceBody());
  return { storeId: store.id, bankId: bank.id, walletId: wallet.id, subscriptionId: sub.id, payoutId: payout.id };
}
