/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { shownDate, shownMoney } from '../format';
import { both, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { overview, requests, transactions } from '../service';
import type { DashEnv, PageModule, Text } from '../types';
import { RequestTable } from './requests';
import { TransactionTable, TX_HOME } from './tx-parts';

/** The dashboard's first page: the merchant's figures, the clock, the latest transactions and requests. */

const OV = {
  title: both('Resumen', 'Overview'),
  balance: both('Saldo del comercio', "Merchant's balance"),
  customers: both('Clientes', 'Customers'),
  transactions: both('Transacciones', 'Transactions'),
  requests: both('Solicitudes registradas', 'Requests logged'),
  now: both('Reloj del sandbox', 'Sandbox clock'),
  jobs: both('Trabajos pendientes', 'Pending jobs'),
  mode: both('Modo', 'Mode'),
  latest: both('Últimas transacciones', 'Latest transactions'),
  latestCaption: both('Las 5 transacciones más recientes', 'The 5 newest transactions'),
  all: both('Todas las transacciones', 'All transactions'),
  latestRequests: both('Últimas solicitudes', 'Latest requests'),
  allRequests: both('Todo el registro de solicitudes', 'The whole request log'),
};

/** `GET /dashboard`. */
function overviewView(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const o = overview(d);
  const stats: [Text, string][] = [
    [OV.balance, shownMoney(o.balanceCents)],
    [OV.customers, String(o.customers)],
    [OV.transactions, String(o.transactions)],
    [OV.requests, String(o.requests)],
    [OV.now, shownDate(o.now)],
    [OV.jobs, String(o.pendingJobs)],
    [OV.mode, d.mode],
  ];
  return page(
    c,
    OV.title,
    <>
      <ul class="stats">
        {stats.map(([label, value]) => (
          <li>
            <span class="label">{tr(v.lang, label)}</span>
            <span class="value">{value}</span>
          </li>
        ))}
      </ul>
      <h2>{tr(v.lang, OV.latest)}</h2>
      <TransactionTable v={v} rows={transactions(d, {}, 0, 5).items} caption={OV.latestCaption} />
      <p>
        <a href={TX_HOME}>{tr(v.lang, OV.all)}</a>
      </p>
      <h2>{tr(v.lang, OV.latestRequests)}</h2>
      <RequestTable v={v} rows={requests(d, {}, 0, 5).items} />
      <p>
        <a href={`${BASE}/requests`}>{tr(v.lang, OV.allRequests)}</a>
      </p>
    </>,
  );
}

/** The page module (../registry.ts): the dashboard's home, at `/dashboard` itself. */
export const overviewPage: PageModule = {
  path: '',
  title: OV.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => overviewView(d, c)),
};
