/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { Deps } from '../../../env';
import type { CustomerRecord } from '../../../domain/records';
import { customerExtrasSection } from './customer-sections';
import { receiveSpei } from '../../../simulate/service';
import { amountOf, offsetOf } from '../forms';
import { shownCard, shownMoney } from '../format';
import { both, COMMON, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { customerDetail, customers } from '../service';
import type { Action, DashEnv, PageModule } from '../types';
import { ActionForm, Facts, Field, Money, Pager, Table, When, type View } from '../ui';
import { TransactionTable, TX_HOME } from './tx-parts';

/** Customers: the list with balances, and each one's detail (account, cards masked, latest transactions, SPEI). */

const HOME = `${BASE}/customers`;
const LIMIT = 25;

const CU = {
  title: both('Clientes', 'Customers'),
  caption: both('Clientes, los más recientes primero', 'Customers, newest first'),
  name: both('Nombre', 'Name'),
  email: both('Correo', 'Email'),
  id: both('Id', 'Id'),
  balance: both('Saldo', 'Balance'),
  created: both('Alta', 'Created'),
  account: both('Cuenta', 'Account'),
  withAccount: both('con cuenta', 'with an account'),
  withoutAccount: both('sin cuenta', 'no account'),
  empty: both('Aún no hay clientes.', 'No customers yet.'),
  phone: both('Teléfono', 'Phone'),
  external: both('Id externo', 'External id'),
  clabe: both('CLABE (depósitos SPEI)', 'CLABE (SPEI deposits)'),
  store: both('Referencia para depósitos en tienda', 'Store deposit reference'),
  cards: both('Tarjetas', 'Cards'),
  cardsCaption: both('Tarjetas guardadas (solo BIN y últimos cuatro)', 'Stored cards (BIN and last four only)'),
  brand: both('Marca', 'Brand'),
  number: both('Número', 'Number'),
  holder: both('Titular', 'Holder'),
  expiry: both('Vence', 'Expires'),
  noCards: both('Sin tarjetas guardadas.', 'No stored cards.'),
  latest: both('Últimas transacciones', 'Latest transactions'),
  latestCaption: both('Las 10 transacciones más recientes del cliente', "The customer's 10 newest transactions"),
  all: both('Todas sus transacciones', 'All of their transactions'),
  spei: both('Simular una transferencia SPEI a esta CLABE', 'Simulate a SPEI transfer to this CLABE'),
  speiAmount: both('Importe (MXN)', 'Amount (MXN)'),
  speiSend: both('Enviar la transferencia', 'Send the transfer'),
};

/** `GET /dashboard/customers`: the list. */
function listPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const offset = offsetOf(c.req.query('offset'));
  const { items, more } = customers(d, offset, LIMIT);
  return page(
    c,
    CU.title,
    <>
      <Table
        v={v}
        caption={CU.caption}
        empty={CU.empty}
        columns={[
          { title: CU.name },
          { title: CU.email },
          { title: CU.id },
          { title: CU.account },
          { title: CU.balance, num: true },
          { title: CU.created },
        ]}
        rows={items.map(({ u, balanceCents }) => [
          `${u.name}${u.last_name ? ` ${u.last_name}` : ''}`,
          u.email,
          <a class="mono" href={`${HOME}/${encodeURIComponent(u.id)}`}>
            {u.id}
          </a>,
          tr(v.lang, u.requiresAccount ? CU.withAccount : CU.withoutAccount),
          <Money cents={balanceCents} />,
          <When ms={u.created} />,
        ])}
      />
      <Pager v={v} base={HOME} query={new URLSearchParams()} offset={offset} limit={LIMIT} more={more} />
    </>,
  );
}

/** The SPEI simulation beside a customer's CLABE: the same service as `POST /sandbox/v1/{merchant_id}/spei-transfers`. */
const SpeiForm = ({ v, u }: { v: View; u: CustomerRecord }) =>
  u.clabe ? (
    <section class="panel" aria-labelledby="spei-title">
      <h2 id="spei-title">{tr(v.lang, CU.spei)}</h2>
      <ActionForm v={v} action={`${HOME}/do/spei`}>
        <input type="hidden" name="clabe" value={u.clabe} />
        <div class="actions">
          <Field v={v} id="spei-amount" label={CU.speiAmount}>
            <input id="spei-amount" name="amount" inputmode="decimal" autocomplete="off" required size={12} value="500.00" />
          </Field>
          <button type="submit">{tr(v.lang, CU.speiSend)}</button>
        </div>
      </ActionForm>
    </section>
  ) : null;

/**
 * The sections of a customer's page after its facts, in order; a new resource adds its own (bank accounts,
 * subscriptions).
 */
export const CUSTOMER_SECTIONS: ((d: Deps, v: View, u: CustomerRecord) => Child | null)[] = [customerExtrasSection];

/** `GET /dashboard/customers/{id}`: the detail, or a 404 page. */
function detailPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const x = customerDetail(d, c.req.param('id') ?? '');
  if (!x) return page(c, COMMON.notFound, <p>{tr(v.lang, COMMON.notFoundText)}</p>, 404);
  const { u } = x;
  return page(
    c,
    both(`Cliente ${u.name}`, `Customer ${u.name}`),
    <>
      <Facts
        v={v}
        items={[
          [CU.id, <span class="mono">{u.id}</span>],
          [CU.name, `${u.name}${u.last_name ? ` ${u.last_name}` : ''}`],
          [CU.email, u.email],
          [CU.phone, u.phone_number],
          [CU.external, u.external_id],
          [CU.created, <When ms={u.created} />],
          [CU.balance, <Money cents={x.balanceCents} />],
          [CU.clabe, u.clabe && <span class="mono">{u.clabe}</span>],
          [CU.store, u.storeReference && <span class="mono">{u.storeReference}</span>],
        ]}
      />
      {v.simulate ? <SpeiForm v={v} u={u} /> : null}
      <h2>{tr(v.lang, CU.cards)}</h2>
      <Table
        v={v}
        caption={CU.cardsCaption}
        empty={CU.noCards}
        columns={[{ title: CU.brand }, { title: CU.number }, { title: CU.holder }, { title: CU.expiry }, { title: CU.id }]}
        rows={x.cards.map((k) => [
          k.card.brand,
          <span class="mono">{shownCard(k.card.bin, k.card.masked)}</span>,
          k.card.holder_name,
          `${k.card.expiration_month}/${k.card.expiration_year}`,
          <span class="mono">{k.id}</span>,
        ])}
      />
      {CUSTOMER_SECTIONS.map((s) => s(d, v, u))}
      <h2>{tr(v.lang, CU.latest)}</h2>
      <TransactionTable v={v} rows={x.latest.items} caption={CU.latestCaption} />
      <p>
        <a href={`${TX_HOME}?customer=${encodeURIComponent(u.id)}`}>{tr(v.lang, CU.all)}</a>
      </p>
    </>,
  );
}

/** The customers' buttons: a SPEI transfer arrives at the customer's CLABE (the simulation API's own service). */
const ACTIONS: Readonly<Record<string, Action>> = {
  spei: (d, form) => {
    const t = receiveSpei(d, form.clabe ?? '', amountOf(form)!);
    const amount = shownMoney(t.amountCents, t.currency);
    return {
      ok: true,
      text: both(
        `Llegó una transferencia SPEI de ${amount} a la CLABE ${form.clabe}.`,
        `A SPEI transfer of ${amount} arrived at CLABE ${form.clabe}.`,
      ),
      link: { href: `${TX_HOME}/${t.id}`, text: both(`Ver ${t.id}`, `See ${t.id}`) },
    };
  },
};

/** The page module (../registry.ts). */
export const customersPage: PageModule = {
  path: 'customers',
  title: CU.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => listPage(d, c)).get('/:id', (c) => detailPage(d, c)),
  actions: ACTIONS,
};
