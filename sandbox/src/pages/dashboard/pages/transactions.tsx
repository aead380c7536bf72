/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import { TRANSACTION_STATUSES, type TransactionKind } from '../../../domain/transaction';
import { isCalendarDate } from '../../../time/dates';
import { offsetOf, oneOf } from '../forms';
import { both, COMMON, tr } from '../i18n';
import { page, viewOf } from '../render';
import { transactionDetail, transactions, type TransactionQuery } from '../service';
import type { DashEnv, PageModule } from '../types';
import { Choice, Field, Pager, type View } from '../ui';
import { DETAIL_ACTIONS, detailPage } from './transaction-detail';
import { METHODS, TransactionTable, TX, TX_HOME } from './tx-parts';

/** The transactions of every kind and level: a filtered list, and each one's detail (./transaction-detail.tsx). */

const LIMIT = 25;
const KINDS: readonly TransactionKind[] = ['charge', 'refund', 'payout', 'transfer', 'fee'];

const LIST = {
  customerHint: both('Id del cliente, o merchant', 'Customer id, or merchant'),
  from: both('Desde', 'From'),
  to: both('Hasta', 'To'),
  badDate: both('Una fecha no es válida (aaaa-mm-dd) y no se aplicó.', 'A date is not valid (yyyy-mm-dd) and was not applied.'),
};

/** The list's filters from the query string (unknown values dropped; a bad date reported). */
function queryOf(c: Context<DashEnv>): { q: TransactionQuery; badDate: boolean } {
  const get = (k: string) => c.req.query(k)?.trim() || undefined;
  const date = (k: string) => {
    const s = get(k);
    return s && isCalendarDate(s) ? s : undefined;
  };
  const q: TransactionQuery = {
    status: oneOf(get('status'), TRANSACTION_STATUSES),
    kind: oneOf(get('kind'), KINDS),
    method: get('method')?.slice(0, 40),
    customer: get('customer')?.slice(0, 45),
    from: date('from'),
    to: date('to'),
  };
  return { q, badDate: (!!get('from') && !q.from) || (!!get('to') && !q.to) };
}

/** The query string of some filters (empty members left out). */
const queryString = (q: TransactionQuery) => new URLSearchParams(Object.entries(q).filter((e): e is [string, string] => !!e[1]));

/** The filter form (GET: works without script, bookmarkable). */
const Filters = ({ v, q }: { v: View; q: TransactionQuery }) => (
  <form class="filters" method="get" action={TX_HOME} role="search" aria-label={tr(v.lang, COMMON.filter)}>
    <Field v={v} id="status" label={TX.status}>
      <Choice v={v} id="status" value={q.status} options={TRANSACTION_STATUSES.map((s) => [s, s])} />
    </Field>
    <Field v={v} id="kind" label={TX.kind}>
      <Choice v={v} id="kind" value={q.kind} options={KINDS.map((k) => [k, k])} />
    </Field>
    <Field v={v} id="method" label={TX.method}>
      <Choice v={v} id="method" value={q.method} options={METHODS.map((m) => [m, m])} />
    </Field>
    <Field v={v} id="customer" label={TX.customer}>
      <input
        id="customer"
        name="customer"
        value={q.customer ?? ''}
        placeholder={tr(v.lang, LIST.customerHint)}
        autocomplete="off"
        size={22}
      />
    </Field>
    <Field v={v} id="from" label={LIST.from}>
      <input id="from" name="from" type="date" value={q.from ?? ''} />
    </Field>
    <Field v={v} id="to" label={LIST.to}>
      <input id="to" name="to" type="date" value={q.to ?? ''} />
    </Field>
    <button type="submit">{tr(v.lang, COMMON.filter)}</button>
    <a href={TX_HOME}>{tr(v.lang, COMMON.clear)}</a>
  </form>
);

/** `GET /dashboard/transactions`: the filtered list. */
function listPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const { q, badDate } = queryOf(c);
  const offset = offsetOf(c.req.query('offset'));
  const { items, more } = transactions(d, q, offset, LIMIT);
  return page(
    c,
    TX.title,
    <>
      <Filters v={v} q={q} />
      {badDate ? (
        <p class="error" role="alert">
          {tr(v.lang, LIST.badDate)}
        </p>
      ) : null}
      <TransactionTable v={v} rows={items} />
      <Pager v={v} base={TX_HOME} query={queryString(q)} offset={offset} limit={LIMIT} more={more} />
    </>,
  );
}

/** The page module (../registry.ts). */
export const transactionsPage: PageModule = {
  path: 'transactions',
  title: TX.title,
  routes: (d) =>
    new Hono<DashEnv>().get('/', (c) => listPage(d, c)).get('/:id', (c) => detailPage(d, c, transactionDetail(d, c.req.param('id')))),
  actions: DETAIL_ACTIONS,
};
