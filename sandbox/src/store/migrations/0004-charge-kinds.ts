import { docTable, type Migration } from './sql';

/**
 * The charges paid away from the merchant's page: the keys that find a charge (a store reference or the network's,
 * a CLABE, the key of a redirect or wallet page), each unique, indexed by the charge they belong to.
 */
export const CHARGE_KINDS: Migration = {
  name: '0004-charge-kinds',
  sql: docTable('charge_keys', [
    { name: 'transaction_id', type: 'TEXT', index: true },
    { name: 'kind', type: 'TEXT' },
  ]),
};
