import type { ChargeKeyRecord } from '../domain/methods/records';
import type { Db } from './db';
import { DocTable } from './table';

/** The keys of charges paid away from the merchant's page (domain/methods/records.ts), by key and by charge. */
export class ChargeKeyRepo extends DocTable<ChargeKeyRecord> {
  constructor(db: Db) {
    super(db, 'charge_keys', { transaction_id: (r) => r.transactionId, kind: (r) => r.kind });
  }

  /** The key `id` if it is of one of `kinds`, else undefined. */
  find(id: string, kinds: readonly ChargeKeyRecord['kind'][]): ChargeKeyRecord | undefined {
    const k = this.get(id);
    return k && kinds.includes(k.kind) ? k : undefined;
  }

  /** The charge's key of `kind`, or undefined. */
  of(transactionId: string, kind: ChargeKeyRecord['kind']): ChargeKeyRecord | undefined {
    return this.findOne(['transaction_id = ?', transactionId], ['kind = ?', kind]);
  }
}
