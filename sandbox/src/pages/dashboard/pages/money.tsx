/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { both, tr } from '../i18n';
import { page, viewOf } from '../render';
import { transactions } from '../service';
import type { DashEnv, PageModule } from '../types';
import { TransactionTable, TX_HOME } from './tx-parts';

/**
 * Payouts and transfers (spec, Payouts, Transfers): the money that leaves to a bank account and the money that moves
 * between customers, every level, newest first; each links to its detail (events, ledger, deliveries).
 */

const LIMIT = 20;

const MO = {
  title: both('Retiros y transferencias', 'Payouts and transfers'),
  payouts: both('Retiros (payouts)', 'Payouts'),
  payoutsCaption: both('Los 20 retiros más recientes', 'The 20 newest payouts'),
  transfers: both('Transferencias entre clientes', 'Transfers between customers'),
  transfersCaption: both('Las 20 transferencias más recientes', 'The 20 newest transfers'),
  allPayouts: both('Todos los retiros, con filtros', 'Every payout, with filters'),
  allTransfers: both('Todas las transferencias, con filtros', 'Every transfer, with filters'),
};

/** `GET /dashboard/money`: the latest of each; the transactions page, filtered by kind, pages through all of them. */
function moneyPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const payouts = transactions(d, { kind: 'payout' }, 0, LIMIT);
  const transfers = transactions(d, { kind: 'transfer' }, 0, LIMIT);
  return page(
    c,
    MO.title,
    <>
      <h2>{tr(v.lang, MO.payouts)}</h2>
      <TransactionTable v={v} rows={payouts.items} caption={MO.payoutsCaption} />
      <p>
        <a href={`${TX_HOME}?kind=payout`}>{tr(v.lang, MO.allPayouts)}</a>
      </p>
      <h2>{tr(v.lang, MO.transfers)}</h2>
      <TransactionTable v={v} rows={transfers.items} caption={MO.transfersCaption} />
      <p>
        <a href={`${TX_HOME}?kind=transfer`}>{tr(v.lang, MO.allTransfers)}</a>
      </p>
    </>,
  );
}

/** The page module (../registry.ts). */
export const moneyModule: PageModule = {
  path: 'money',
  title: MO.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => moneyPage(d, c)),
};
