/** @jsxImportSource hono/jsx */
import { Hono, type Context } from 'hono';
import type { Deps } from '../../../env';
import type { SubscriptionRecord } from '../../../domain/subscription';
import { shownCard } from '../format';
import { offsetOf } from '../forms';
import { both, tr } from '../i18n';
import { BASE, page, viewOf } from '../render';
import { plans, subscriptions } from '../service';
import type { DashEnv, PageModule, Text } from '../types';
import { Money, Pager, Table, Tag, When, type View } from '../ui';
import { CustomerLink } from './tx-parts';

/** Plans and subscriptions (spec, Plans, Subscriptions): each plan's price, period and retries; each subscription's state. */

const HOME = `${BASE}/billing`;
const LIMIT = 25;

export const BI = {
  title: both('Planes y suscripciones', 'Plans and subscriptions'),
  plans: both('Planes', 'Plans'),
  plansCaption: both('Planes, los más recientes primero', 'Plans, newest first'),
  noPlans: both('Ningún plan todavía (POST /plans).', 'No plan yet (POST /plans).'),
  subs: both('Suscripciones', 'Subscriptions'),
  subsCaption: both('Suscripciones de todos los clientes, las más recientes primero', 'Subscriptions of every customer, newest first'),
  noSubs: both('Ninguna suscripción todavía.', 'No subscription yet.'),
  id: both('Id', 'Id'),
  name: both('Nombre', 'Name'),
  amount: both('Importe', 'Amount'),
  every: both('Cada', 'Every'),
  retries: both('Reintentos', 'Retries'),
  afterRetries: both('Tras los reintentos', 'After the retries'),
  trial: both('Días de prueba', 'Trial days'),
  status: both('Estado', 'Status'),
  created: both('Creado', 'Created'),
  plan: both('Plan', 'Plan'),
  customer: both('Cliente', 'Customer'),
  next: both('Próximo cargo', 'Next charge'),
  period: both('Periodo (termina)', 'Period (ends)'),
  failed: both('Intentos fallidos', 'Failed attempts'),
  trialEnd: both('prueba hasta el', 'trial until'),
  card: both('Tarjeta', 'Card'),
  none: both('ninguno', 'none'),
  cancelling: both('se cancela al final del periodo', 'cancels at the period’s end'),
};

const UNITS: Record<string, Text> = {
  week: both('semana(s)', 'week(s)'),
  month: both('mes(es)', 'month(s)'),
  year: both('año(s)', 'year(s)'),
};

const TONES: Record<string, string> = { active: 'good', trial: 'wait', past_due: 'wait', unpaid: 'bad', cancelled: 'bad', deleted: 'bad' };

/** The subscriptions table (this page, and a customer's). */
export const SubscriptionTable = ({ v, rows, caption }: { v: View; rows: readonly SubscriptionRecord[]; caption?: Text }) => (
  <Table
    v={v}
    caption={caption ?? BI.subsCaption}
    empty={BI.noSubs}
    columns={[
      { title: BI.id },
      { title: BI.status },
      { title: BI.plan },
      { title: BI.customer },
      { title: BI.next },
      { title: BI.period },
      { title: BI.failed, num: true },
      { title: BI.card },
    ]}
    rows={rows.map((s) => [
      <span class="mono">{s.id}</span>,
      <>
        <Tag value={s.status} tone={TONES[s.status]} />
        {s.status === 'trial' ? (
          <span class="note">
            {' '}
            {tr(v.lang, BI.trialEnd)} <span class="date">{s.trialEndDate}</span>
          </span>
        ) : null}
        {s.cancelAtPeriodEnd ? <span class="note"> ({tr(v.lang, BI.cancelling)})</span> : null}
      </>,
      <span class="mono">{s.planId}</span>,
      <CustomerLink v={v} id={s.customerId} />,
      <span class="date">{s.chargeDate && !(s.cancelAtPeriodEnd && s.status !== 'past_due') ? s.chargeDate : tr(v.lang, BI.none)}</span>,
      <>
        {s.period} <span class="date">({s.periodEndDate})</span>
      </>,
      String(s.failedAttempts),
      <span class="mono">{shownCard(s.card.facts.bin, s.card.facts.masked)}</span>,
    ])}
  />
);

/** `GET /dashboard/billing`: the plans, then the subscriptions (paged). */
function billingPage(d: Deps, c: Context<DashEnv>) {
  const v = viewOf(c, d.mode === 'sandbox');
  const offset = offsetOf(c.req.query('offset'));
  const ps = plans(d, 0, 100).items;
  const subs = subscriptions(d, offset, LIMIT);
  return page(
    c,
    BI.title,
    <>
      <h2>{tr(v.lang, BI.plans)}</h2>
      <Table
        v={v}
        caption={BI.plansCaption}
        empty={BI.noPlans}
        columns={[
          { title: BI.id },
          { title: BI.name },
          { title: BI.amount, num: true },
          { title: BI.every },
          { title: BI.retries, num: true },
          { title: BI.afterRetries },
          { title: BI.trial, num: true },
          { title: BI.status },
          { title: BI.created },
        ]}
        rows={ps.map((p) => [
          <span class="mono">{p.id}</span>,
          p.name,
          <Money cents={p.amountCents} currency={p.currency} />,
          `${p.repeatEvery} ${tr(v.lang, UNITS[p.repeatUnit] ?? both(p.repeatUnit, p.repeatUnit))}`,
          String(p.retryTimes),
          p.statusAfterRetry,
          String(p.trialDays),
          <Tag value={p.status} tone={TONES[p.status]} />,
          <When ms={p.created} />,
        ])}
      />
      <h2>{tr(v.lang, BI.subs)}</h2>
      <SubscriptionTable v={v} rows={subs.items} />
      <Pager v={v} base={HOME} query={new URLSearchParams()} offset={offset} limit={LIMIT} more={subs.more} />
    </>,
  );
}

/** The page module (../registry.ts). */
export const billingModule: PageModule = {
  path: 'billing',
  title: BI.title,
  routes: (d) => new Hono<DashEnv>().get('/', (c) => billingPage(d, c)),
};
