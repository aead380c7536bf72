/**
 * Helpers of the money contract tests (bank accounts, payouts, transfers, fees): customers with an account, money in
 * through the simulation API (SPEI deposits) and card charges, the clock moved, and the footprint of the store (what
 * a refused operation must leave unchanged).
 */
import { expect } from 'vitest';
import { makeClabe } from '../../src/domain/clabe';
import { CREDS, charge, chargeBody, tokenize, type TestApi } from './helpers';

/** The simulation API's prefix (`{base}/sandbox/v1/{merchant_id}`). */
export const SIM = `/sandbox/v1/${CREDS.merchantId}`;

let accountSeq = 0;
/** A valid CLABE of `bank` (default BBVA MEXICO, 012) with a fresh 11-digit account. */
export const freshClabe = (bank = '012'): string =>
  makeClabe(bank, '180', String(process.pid % 1000).padStart(3, '0') + String(++accountSeq).padStart(8, '0'));

/** Creates a customer with an account (`requires_account`); @returns its id and CLABE. */
export async function accountCustomer(api: TestApi, extra: Record<string, unknown> = {}): Promise<{ id: string; clabe: string }> {
  const r = await api.call('POST', '/customers', { body: { name: 'Eva', email: 'eva@example.com', requires_account: true, ...extra } });
  expect(r.status).toBe(201);
  return { id: r.body.id as string, clabe: r.body.clabe as string };
}

/** A SPEI transfer of `amount` pesos arrives at `clabe` (simulation API); asserts 201. */
export async function deposit(api: TestApi, clabe: string, amount: number): Promise<void> {
  const r = await api.call('POST', '/spei-transfers', { prefix: SIM, body: { clabe, amount } });
  expect(r.status).toBe(201);
}

/** Puts `amount` pesos on the merchant's balance: an approved card charge at merchant level. */
export async function fundMerchant(api: TestApi, amount: number): Promise<void> {
  const r = await charge(api, chargeBody(await tokenize(api), { amount }));
  expect([r.status, r.body.status]).toEqual([201, 'completed']);
}

/** Moves the sandbox clock `seconds` forward (simulation API), running the jobs that fall due. */
export async function advance(api: TestApi, seconds: number): Promise<void> {
  const r = await api.call('POST', '/clock/advance', { prefix: SIM, body: { seconds } });
  expect(r.status).toBe(200);
}

/** A customer's balance, pesos (the Customer object's `balance`). */
export const customerBalance = async (api: TestApi, id: string): Promise<number> =>
  (await api.call('GET', `/customers/${id}`)).body.balance as number;

/** The merchant's balance, pesos (the Merchant object's `balance`). */
export const merchantBalance = async (api: TestApi): Promise<number> => (await api.call('GET', '')).body.balance as number;

/**
 * What the store holds: transactions, bank accounts, ledger entries, events and pending jobs. A refused operation
 * leaves every count as it was.
 */
export function footprint(api: TestApi) {
  const { store } = api.sandbox;
  const count = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
  return {
    transactions: store.transactions.size,
    bankAccounts: store.bankAccounts.size,
    ledger: count('ledger'),
    events: store.events.size,
    jobs: store.jobs.pending,
  };
}

/** Runs `refused` and asserts it changed nothing in the store; @returns its reply. */
export async function leavesNoTrace<T>(api: TestApi, refused: () => Promise<T>): Promise<T> {
  const before = footprint(api);
  const r = await refused();
  expect(footprint(api)).toEqual(before);
  return r;
}

/** The types of the events about a resource, oldest first. */
export const eventTypes = (api: TestApi, id: string): string[] => api.sandbox.store.events.of(id).map((e) => e.type);
