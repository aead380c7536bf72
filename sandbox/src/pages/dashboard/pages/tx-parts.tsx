/** @jsxImportSource hono/jsx */
import type { TransactionRecord } from '../../../domain/records';
import { shownMoney } from '../format';
import { both, tr } from '../i18n';
import { BASE } from '../render';
import type { Flash, Form, Text } from '../types';
import { Money, Table, Tag, When, type View } from '../ui';

/** What the transaction pages share with the others (customers, overview): texts, links, the table. */

export const TX_HOME = `${BASE}/transactions`;

/** The methods a transaction may have (spec, Transaction `method`), offered by the method filter. */
export const METHODS: string[] = ['card', 'store', 'bank_account', 'bank', 'wallet', 'customer'];

export const TX = {
  title: both('Transacciones', 'Transactions'),
  caption: both('Transacciones, las más recientes primero', 'Transactions, newest first'),
  status: both('Estado', 'Status'),
  kind: both('Tipo', 'Type'),
  method: both('Método', 'Method'),
  customer: both('Cliente', 'Customer'),
  date: both('Fecha', 'Date'),
  id: both('Id', 'Id'),
  amount: both('Importe', 'Amount'),
  description: both('Descripción', 'Description'),
  merchantLevel: both('comercio', 'merchant'),
  empty: both('Ninguna transacción coincide.', 'No transaction matches.'),
};

/** A link to a transaction's detail. */
export const TxLink = ({ id }: { id: string }) => (
  <a class="mono" href={`${TX_HOME}/${encodeURIComponent(id)}`}>
    {id}
  </a>
);

/** A link to a customer's page, or "merchant" for the merchant level. */
export const CustomerLink = ({ v, id }: { v: View; id: string | null }) =>
  id ? (
    <a class="mono" href={`${BASE}/customers/${encodeURIComponent(id)}`}>
      {id}
    </a>
  ) : (
    <>{tr(v.lang, TX.merchantLevel)}</>
  );

/** A transaction's amount as it moves the merchant's money: money out (refunds, payouts) negative. */
export const signedCents = (t: TransactionRecord) => (t.operationType === 'out' ? -t.amountCents : t.amountCents);

/** The table of some transactions (the list, a customer's latest, the overview's). */
export const TransactionTable = ({ v, rows, caption }: { v: View; rows: readonly TransactionRecord[]; caption?: Text }) => (
  <Table
    v={v}
    caption={caption ?? TX.caption}
    empty={TX.empty}
    columns={[
      { title: TX.date },
      { title: TX.id },
      { title: TX.kind },
      { title: TX.method },
      { title: TX.status },
      { title: TX.amount, num: true },
      { title: TX.customer },
      { title: TX.description, text: true },
    ]}
    rows={rows.map((t) => [
      <When ms={t.created} />,
      <TxLink id={t.id} />,
      t.kind,
      t.method,
      <Tag value={t.status} />,
      <Money cents={signedCents(t)} currency={t.currency} />,
      <CustomerLink v={v} id={t.customerId} />,
      t.description.length > 60 ? `${t.description.slice(0, 59)}…` : t.description,
    ])}
  />
);

/** The form fields every operation on a transaction carries: its id and level. */
export const Target = ({ t }: { t: TransactionRecord }) => (
  <>
    <input type="hidden" name="id" value={t.id} />
    <input type="hidden" name="customer" value={t.customerId ?? ''} />
  </>
);

/** The level named by an operation's form: a customer's id, or null for the merchant. */
export const level = (form: Form) => form.customer || null;

/** What a finished operation says, with a link to the transaction. */
export const told = (t: TransactionRecord, es: string, en: string): Flash => ({
  ok: true,
  text: both(
    `${es} ${t.id}, ${shownMoney(t.amountCents, t.currency)} (${t.status}).`,
    `${en} ${t.id}, ${shownMoney(t.amountCents, t.currency)} (${t.status}).`,
  ),
  link: { href: `${TX_HOME}/${t.id}`, text: both('Ver la transacción', 'See the transaction') },
});
