/** @jsxImportSource hono/jsx */
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { Deps } from '../../../env';
import type { TransactionRecord } from '../../../domain/records';
import { cancelCharge, captureCharge, refundCharge } from '../../../resources/charges/operations';
import { amountOf } from '../forms';
import { shownCard } from '../format';
import { both, COMMON, tr } from '../i18n';
import { page, viewOf } from '../render';
import type { transactionDetail } from '../service';
import type { Action, DashEnv } from '../types';
import { ActionForm, Facts, Field, Json, Money, Table, Tag, When, type View } from '../ui';
import { SIMULATION_ACTIONS, SIMULATION_BUTTONS } from './simulations';
import { CustomerLink, level, signedCents, Target, told, TransactionTable, TX, TX_HOME, TxLink } from './tx-parts';

/** A transaction's detail: its facts, the buttons that act on it, related transactions, events, ledger, jobs, JSON. */

type Detail = NonNullable<ReturnType<typeof transactionDetail>>;

const DT = {
  order: both('Pedido (order_id)', 'Order (order_id)'),
  created: both('Creada', 'Created'),
  operated: both('Fecha de operación', 'Operation date'),
  authorization: both('Autorización', 'Authorization'),
  error: both('Mensaje de error', 'Error message'),
  card: both('Tarjeta', 'Card'),
  parent: both('Pertenece a', 'Belongs to'),
  actions: both('Acciones', 'Actions'),
  related: both('Transacciones relacionadas', 'Related transactions'),
  relatedCaption: both('Reembolsos y otras transacciones de esta', 'Refunds and other transactions of this one'),
  events: both('Eventos', 'Events'),
  eventsCaption: both('Eventos de esta transacción, en orden', 'Events of this transaction, in order'),
  type: both('Tipo', 'Type'),
  payload: both('Contenido', 'Payload'),
  ledger: both('Asientos del libro mayor', 'Ledger entries'),
  ledgerCaption: both('Movimientos de dinero de esta transacción', 'Money movements of this transaction'),
  account: both('Cuenta', 'Account'),
  operation: both('Operación', 'Operation'),
  jobs: both('Trabajos pendientes', 'Pending jobs'),
  jobsCaption: both('Lo que el reloj hará con esta transacción', 'What the clock will do to this transaction'),
  due: both('Vence', 'Due'),
  json: both('Objeto Transaction (JSON, como lo da la API)', 'Transaction object (JSON, as the API gives it)'),
  bank: both('Abrir la página de pago del banco', 'Open the bank’s payment page'),
  wallet: both('Abrir la página de la billetera', 'Open the wallet page'),
  slip: both('Ficha de pago', 'Payment slip'),
  slipLink: both('Abrir la ficha imprimible', 'Open the printable slip'),
  deliveries: both('Entregas de webhooks', 'Webhook deliveries'),
  capture: both('Capturar', 'Capture'),
  cancel: both('Cancelar la autorización', 'Cancel the authorization'),
  refund: both('Reembolsar', 'Refund'),
  refundAmount: both('Importe a reembolsar (vacío: todo lo que queda)', 'Amount to refund (empty: all that is left)'),
  noActions: both('Nada que hacer con esta transacción en su estado.', 'Nothing to do with this transaction in its state.'),
};

/**
 * The buttons beside a transaction, each given the transaction and answering null when it does not apply. A new
 * kind of transaction adds its simulations here (pay a store charge, send a bank charge's SPEI transfer, ...).
 */
export const TRANSACTION_BUTTONS: ((v: View, t: TransactionRecord) => Child | null)[] = [
  (v, t) =>
    t.status === 'charge_pending' && typeof t.paymentMethod?.url === 'string' ? (
      <p>
        <a href={t.paymentMethod.url}>{tr(v.lang, t.paymentMethod.url.includes('/wallet/') ? DT.wallet : DT.bank)}</a>
      </p>
    ) : null,
  (v, t) =>
    t.heldCents !== undefined && t.status === 'in_progress' ? (
      <>
        <ActionForm v={v} action={`${TX_HOME}/do/capture`}>
          <Target t={t} />
          <button type="submit">{tr(v.lang, DT.capture)}</button>
        </ActionForm>
        <ActionForm v={v} action={`${TX_HOME}/do/cancel`}>
          <Target t={t} />
          <button type="submit" class="secondary">
            {tr(v.lang, DT.cancel)}
          </button>
        </ActionForm>
      </>
    ) : null,
  (v, t) =>
    t.kind === 'charge' && t.method === 'card' && t.status === 'completed' ? (
      <ActionForm v={v} action={`${TX_HOME}/do/refund`}>
        <Target t={t} />
        <Field v={v} id="refund-amount" label={DT.refundAmount}>
          <input id="refund-amount" name="amount" inputmode="decimal" autocomplete="off" size={12} />
        </Field>
        <button type="submit" class="secondary">
          {tr(v.lang, DT.refund)}
        </button>
      </ActionForm>
    ) : null,
  ...SIMULATION_BUTTONS,
];

/** The merchant's operations on a card charge, through the same services as the API's routes. */
export const DETAIL_ACTIONS: Readonly<Record<string, Action>> = {
  capture: (d, form) => told(captureCharge(d, form.id ?? '', level(form), amountOf(form, true)), 'Cargo capturado:', 'Charge captured:'),
  cancel: (d, form) => told(cancelCharge(d, form.id ?? '', level(form)), 'Autorización cancelada:', 'Authorization cancelled:'),
  refund: (d, form) =>
    told(
      refundCharge(d, form.id ?? '', level(form), { amount: amountOf(form, true) }),
      'Reembolso hecho; el cargo',
      'Refund made; the charge',
    ),
  ...SIMULATION_ACTIONS,
};

/** The transaction's facts. */
const Summary = ({ v, t }: { v: View; t: TransactionRecord }) => (
  <Facts
    v={v}
    items={[
      [TX.id, <span class="mono">{t.id}</span>],
      [TX.kind, `${t.kind} (${t.operationType})`],
      [TX.method, t.method],
      [TX.status, <Tag value={t.status} />],
      [TX.amount, <Money cents={signedCents(t)} currency={t.currency} />],
      [TX.customer, <CustomerLink v={v} id={t.customerId} />],
      [TX.description, t.description],
      [DT.order, t.orderId],
      [DT.created, <When ms={t.created} />],
      [DT.operated, <When ms={t.operationDate} />],
      [DT.authorization, t.authorization],
      [DT.error, t.errorMessage],
      [DT.card, t.card ? `${t.card.facts.brand} ${shownCard(t.card.facts.bin, t.card.facts.masked)}` : null],
      [DT.parent, t.parentId ? <TxLink id={t.parentId} /> : null],
      [DT.slip, typeof t.paymentMethod?.slip_url === 'string' ? <a href={t.paymentMethod.slip_url}>{tr(v.lang, DT.slipLink)}</a> : null],
    ]}
  />
);

/** The colour of a webhook delivery's status. */
const DELIVERY_TONE: Record<string, string> = { delivered: 'good', failed: 'bad', cancelled: 'bad', queued: 'wait', scheduled: 'wait' };

/** The events, the ledger entries and the pending jobs of a transaction. */
const Trail = ({ v, x }: { v: View; x: Detail }) => (
  <>
    <h2>{tr(v.lang, DT.events)}</h2>
    <Table
      v={v}
      caption={DT.eventsCaption}
      columns={[{ title: TX.date }, { title: DT.type }, { title: TX.id }, { title: DT.deliveries }, { title: DT.payload }]}
      rows={x.events.map(({ e, view }) => [
        <When ms={e.created} />,
        <code>{e.type}</code>,
        <span class="mono">{e.id}</span>,
        view.deliveries.length ? (
          <span>
            {view.deliveries.map((dl) => (
              <Tag value={dl.status} tone={DELIVERY_TONE[dl.status]} />
            ))}
          </span>
        ) : (
          '—'
        ),
        <details>
          <summary>JSON</summary>
          <Json v={v} value={view} label={both(`Evento ${e.id} y sus entregas`, `Event ${e.id} and its deliveries`)} />
        </details>,
      ])}
    />
    <h2>{tr(v.lang, DT.ledger)}</h2>
    <Table
      v={v}
      caption={DT.ledgerCaption}
      columns={[{ title: TX.date }, { title: DT.account }, { title: TX.amount, num: true }, { title: DT.operation }]}
      rows={x.ledger.map((e) => [
        <When ms={e.created} />,
        <code>{e.account}</code>,
        <Money cents={e.cents} currency={e.currency} />,
        <span class="mono">{e.op}</span>,
      ])}
    />
    {x.jobs.length ? (
      <>
        <h2>{tr(v.lang, DT.jobs)}</h2>
        <Table
          v={v}
          caption={DT.jobsCaption}
          columns={[{ title: DT.type }, { title: DT.due }]}
          rows={x.jobs.map((j) => [<code>{j.kind}</code>, <When ms={j.due} />])}
        />
      </>
    ) : null}
  </>
);

/** `GET /dashboard/transactions/{id}`: the detail, or a 404 page. */
export function detailPage(d: Deps, c: Context<DashEnv>, x: Detail | undefined) {
  const v = viewOf(c, d.mode === 'sandbox');
  if (!x) return page(c, COMMON.notFound, <p>{tr(v.lang, COMMON.notFoundText)}</p>, 404);
  const buttons = v.simulate ? TRANSACTION_BUTTONS.map((b) => b(v, x.t)).filter((b) => b !== null) : [];
  return page(
    c,
    both(`Transacción ${x.t.id}`, `Transaction ${x.t.id}`),
    <>
      <Summary v={v} t={x.t} />
      {v.simulate ? (
        <section class="panel" aria-labelledby="actions-title">
          <h2 id="actions-title">{tr(v.lang, DT.actions)}</h2>
          {buttons.length ? <div class="actions">{buttons}</div> : <p class="note">{tr(v.lang, DT.noActions)}</p>}
        </section>
      ) : null}
      {x.children.length ? (
        <>
          <h2>{tr(v.lang, DT.related)}</h2>
          <TransactionTable v={v} rows={x.children} caption={DT.relatedCaption} />
        </>
      ) : null}
      <Trail v={v} x={x} />
      <h2>{tr(v.lang, DT.json)}</h2>
      <Json v={v} value={x.view} label={DT.json} />
    </>,
  );
}
