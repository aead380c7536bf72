import type { Deps } from '../../env';
import { checkedBank } from '../../domain/banks';
import { apiError } from '../../domain/errors';
import { newId } from '../../domain/ids';
import type { BankAccountRecord } from '../../domain/records';
import { ensureRoom } from '../../store/repos';
import type { Page } from '../../store/table';
import { customerOf } from '../customers/service';
import type { BankAccountBody } from './schema';

/**
 * Bank accounts of customers (spec, Endpoints > Bank accounts, customer level only): one use case per function, each
 * one database transaction. Payouts are sent to them (resources/payouts).
 */

/**
 * Registers a bank account on a customer.
 * @param lenientWarn under `--lenient`: records the warning for a bank code the catalog lacks (domain/banks.ts `checkedBank`).
 * @throws 1005 unknown customer; 1003 for a CLABE with a wrong check digit or (strict) a bank code not in the catalog;
 *   2001 (409) when the customer already has this CLABE; 1003 when the sandbox holds its maximum of bank accounts.
 */
export function createBankAccount(
  d: Deps,
  customerId: string,
  body: BankAccountBody,
  lenientWarn?: (message: string) => void,
): BankAccountRecord {
  return d.store.tx(() => {
    customerOf(d, customerId);
    const bank = checkedBank(body.clabe, 'clabe', lenientWarn);
    if (d.store.bankAccounts.customerHas(customerId, body.clabe))
      throw apiError(2001, `The bank account (CLABE) is already registered on customer ${customerId}`);
    ensureRoom(d.store.bankAccounts, d.store.limits.maxRecords, 'bank accounts');
    return d.store.bankAccounts.insert({
      id: newId('b'),
      created: d.clock.nowMs(),
      customerId,
      holderName: body.holder_name,
      alias: body.alias ?? null,
      clabe: body.clabe,
      bankCode: bank.code,
      bankName: bank.name,
    });
  });
}

/** The customer's bank account `id`, or 1005 (unknown customer, unknown account, or another customer's). */
export function bankAccountOf(d: Deps, customerId: string, id: string): BankAccountRecord {
  customerOf(d, customerId);
  const b = d.store.bankAccounts.find(id, customerId);
  if (!b) throw apiError(1005, `Bank account ${id} not found on customer ${customerId}`);
  return b;
}

/** The customer's bank accounts, newest first, paged by the common filters. @throws 1005 unknown customer. */
export function listBankAccounts(d: Deps, customerId: string, page: Page): BankAccountRecord[] {
  customerOf(d, customerId);
  return d.store.bankAccounts.listOf(customerId, page);
}

/**
 * Deletes a customer's bank account. The payouts sent to it are unchanged (spec: "related transactions are
 * unchanged"): each keeps its own copy of the account, masked. @throws 1005 as {@link bankAccountOf}.
 */
export function deleteBankAccount(d: Deps, customerId: string, id: string): void {
  d.store.tx(() => {
    bankAccountOf(d, customerId, id);
    d.store.bankAccounts.delete(id);
  });
}
