import type { Deps } from '../../env';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import { customerAccount } from '../../domain/ledger';
import { newClabe, newStoreReference } from '../../domain/references';
import type { CustomerRecord } from '../../domain/records';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import type { CreateCustomerBody, UpdateCustomerBody } from './schema';
import { customerView, type CustomerView } from './view';

/**
 * Customers (spec, Endpoints > Customers; Resources > Customer object): one use case per function, each one
 * database transaction.
 */

/** The customer `id`, or 1005. Every customer-level route starts here (its `/customers/{customer_id}` segment). */
export function customerOf(d: Deps, id: string): CustomerRecord {
  const customer = d.store.customers.get(id);
  if (!customer) throw apiError(1005, `Customer ${id} not found`);
  return customer;
}

/** The customer's balance, cents: its ledger account's, 0 for a customer without an account. */
export const customerBalance = (d: Deps, u: CustomerRecord): number =>
  u.requiresAccount ? d.store.ledger.balance(customerAccount(u.id)) : 0;

/** The Customer object of a record. */
export const viewCustomer = (d: Deps, u: CustomerRecord): CustomerView => customerView(u, customerBalance(d, u), d.publicUrl());

/**
 * Creates a customer; with `requires_account` it gets a CLABE and a store reference, both unique.
 * @throws 2003 (409) when `external_id` is taken; 1003 when the sandbox holds its maximum of customers.
 */
export function createCustomer(d: Deps, body: CreateCustomerBody): CustomerRecord {
  return d.store.tx(() => {
    ensureRoom(d.store.customers, d.store.limits.maxRecords, 'customers');
    const externalId = body.external_id ?? null;
    if (externalId !== null && d.store.customers.byExternalId(externalId)) {
      throw apiError(2003, `A customer with external_id ${externalId} already exists`);
    }
    const customer: CustomerRecord = {
      id: newId('a'),
      created: d.clock.nowMs(),
      name: body.name,
      last_name: body.last_name ?? null,
      email: body.email,
      phone_number: body.phone_number ?? null,
      address: body.address,
      external_id: externalId,
      requiresAccount: body.requires_account,
      clabe: body.requires_account ? unusedClabe(d) : null,
      storeReference: body.requires_account ? newStoreReference() : null,
    };
    return d.store.customers.insert(customer);
  });
}

/** A CLABE no customer has yet (random accounts: a clash is rare, and tried again). */
function unusedClabe(d: Deps): string {
  for (;;) {
    const clabe = newClabe();
    if (!d.store.customers.byClabe(clabe)) return clabe;
  }
}

/**
 * Changes a customer's fields: each member sent replaces the stored one.
 * @throws 1005 for an unknown customer; 2003 when a new `external_id` is another customer's.
 */
export function updateCustomer(d: Deps, id: string, body: UpdateCustomerBody): CustomerRecord {
  return d.store.tx(() => {
    const customer = customerOf(d, id);
    if (body.external_id && body.external_id !== customer.external_id && d.store.customers.byExternalId(body.external_id)) {
      throw apiError(2003, `A customer with external_id ${body.external_id} already exists`);
    }
    const changed: CustomerRecord = {
      ...customer,
      ...(body.name !== undefined && { name: body.name }),
      ...(body.last_name !== undefined && { last_name: body.last_name }),
      ...(body.email !== undefined && { email: body.email }),
      ...(body.phone_number !== undefined && { phone_number: body.phone_number }),
      ...(body.address !== undefined && { address: body.address }),
      ...(body.external_id !== undefined && { external_id: body.external_id }),
    };
    return d.store.customers.update(changed);
  });
}

/**
 * Deletes a customer, its stored cards and bank accounts; its transactions stay (spec: "Operation records are kept").
 * @throws 1005 unknown; 3006 (412) while its balance is above zero (spec: "Not deletable while balance is greater
 *   than zero"), or while a payout from its account is in progress (its money may come back).
 */
export function deleteCustomer(d: Deps, id: string): void {
  d.store.tx(() => {
    const customer = customerOf(d, id);
    const balance = customerBalance(d, customer);
    if (balance > 0)
      throw apiError(3006, `Customer ${id} has a balance above zero; pay it out or transfer it before deleting the customer`);
    if (customer.requiresAccount && d.store.transactions.listWhere(payoutsInProgress(id), { offset: 0, limit: 1 }).length)
      throw apiError(3006, `Customer ${id} has a payout in progress, whose money returns to its account if the bank rejects it`);
    d.store.cards.deleteOf(id);
    d.store.bankAccounts.deleteOf(id);
    d.store.customers.delete(id);
  });
}

/** The filter of a customer's payouts still waiting for the bank (resources/payouts). */
const payoutsInProgress = (customerId: string) => ({ customerId, kinds: ['payout' as const], status: 'in_progress' });

/** The customers, newest first, filtered by `external_id` and the common filters. */
export const listCustomers = (d: Deps, q: Page & { external_id?: string | undefined }): CustomerRecord[] =>
  d.store.customers.list(q.external_id === undefined ? [] : [['external_id = ?', q.external_id]], q);
