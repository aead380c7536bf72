import { CORE } from './0001-core';
import { MONEY } from './0002-money';
import { BILLING } from './0003-billing';
import { CHARGE_KINDS } from './0004-charge-kinds';
import { WEBHOOKS } from './0005-webhooks';
import { INVOICES } from './0006-invoices';
import { REQUEST_LOG } from './0007-request-log';
import { LEAN_WRITES } from './0008-lean-writes';
import type { Migration } from './sql';

export type { Migration } from './sql';

/**
 * Every migration, oldest first. Add new ones at the end with a new name; never edit one that has shipped (a
 * sandbox file created by an older version applies only the ones it lacks).
 */
export const MIGRATIONS: readonly Migration[] = [CORE, MONEY, BILLING, CHARGE_KINDS, WEBHOOKS, INVOICES, REQUEST_LOG, LEAN_WRITES];
