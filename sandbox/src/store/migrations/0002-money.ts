import { docTable, type Migration } from './sql';

/**
 * The money-moving resources: customers' bank accounts (payouts, transfers and fees are transactions, kept in the
 * `transactions` table of 0001-core). A CLABE appears once per customer (error 2001, checked by the service).
 */
export const MONEY: Migration = {
  name: '0002-money',
  sql: docTable('bank_accounts', [
    { name: 'customer_id', type: 'TEXT', index: true },
    { name: 'clabe', type: 'TEXT', index: true },
  ]),
};
