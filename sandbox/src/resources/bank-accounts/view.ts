import type { z } from 'zod';
import { maskClabe } from '../../domain/clabe';
import type { BankAccountRecord } from '../../domain/records';
import { isoDateTime } from '../../time/dates';
import type { bankAccountObject } from '../shared/objects';

export type BankAccountView = z.infer<typeof bankAccountObject>;

/**
 * Bank account object (spec, Resources > Bank account object): the CLABE masked but for its first three and last five
 * digits, the bank's code and short name from the catalog.
 */
export const bankAccountView = (b: BankAccountRecord): BankAccountView => ({
  id: b.id,
  holder_name: b.holderName,
  alias: b.alias,
  clabe: maskClabe(b.clabe),
  bank_name: b.bankName,
  bank_code: b.bankCode,
  creation_date: isoDateTime(b.created),
});
