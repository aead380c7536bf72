import { esc, page, pesos } from '../html';
import { TEXT, type Lang } from '../i18n';
import type { ShopPlan } from '../plans';
import { orderPath, type Order } from '../orders';
import { METHOD_TEXT } from './methods-text';
import { orderStatusLine } from './order';

/** The plan choices of `/subscribe`: one radio per plan (name, price per period, trial), the first checked. */
export function planChoices(lang: Lang, plans: readonly ShopPlan[]): string {
  const t = METHOD_TEXT[lang];
  return plans
    .map(
      (p, i) =>
        `<label class="choice plan"><input type="radio" name="plan_id" value="${esc(p.id)}"${i === 0 ? ' checked' : ''}> ` +
        `<span><strong>${esc(p.name)}</strong> ${esc(pesos(p.amount))} MXN / ${esc(t.per[p.repeat_unit])}` +
        `<small>${esc(t.trialDays(p.trial_days))}</small></span></label>`,
    )
    .join('');
}

/** A calendar date of the API (`2026-12-03`) as the shopper reads it; the dash when there is none. */
const dayText = (lang: Lang, day: unknown): string =>
  typeof day === 'string' && /^\d{4}-\d\d-\d\d/.test(day)
    ? new Date(`${day.slice(0, 10)}T00:00:00Z`).toLocaleDateString(lang === 'es' ? 'es-MX' : 'en-US', {
        dateStyle: 'long',
        timeZone: 'UTC',
      })
    : '—';

/** What the account page shows: the session's subscription order, its Subscription as the API has it now, its plan. */
export interface AccountView {
  order: Order | undefined;
  sub: Record<string, unknown> | undefined;
  plan: ShopPlan | undefined;
}

/**
 * The account page: the session's subscription order (its id, linking to its page, and its status as the webhook's
 * events left it, kept current by order.js as on the order's page), the subscription as the API has it now (plan,
 * status, trial end when its plan has a trial, next charge date, periods charged) and a cancel button (a form post with the session's CSRF
 * token), or a line saying there is none.
 */
export function accountPage(lang: Lang, view: AccountView, csrf: string): string {
  const t = METHOD_TEXT[lang];
  const { sub, plan, order } = view;
  if (!sub || !order)
    return page(lang, t.accountTitle, `<h1>${esc(t.accountTitle)}</h1><p id="result-message">${esc(t.noSubscription)}</p>`);
  const status = String(sub.status ?? '');
  // a plan without a trial: no trial row (the API still answers a trial_end_date, the day the subscription started)
  const trial = status === 'trial' || (plan?.trial_days ?? 0) > 0;
  const rows: [string, string, string][] = [
    [t.plan, 'plan', plan ? `${plan.name}, ${pesos(plan.amount)} MXN / ${t.per[plan.repeat_unit]}` : String(sub.plan_id)],
    [t.subStatus, 'status', (t.statuses as Record<string, string>)[status] ?? status],
    ...(trial ? [[t.trialEnd, 'trial_end_date', dayText(lang, sub.trial_end_date)] as [string, string, string]] : []),
    [t.nextCharge, 'charge_date', sub.charge_date ? dayText(lang, sub.charge_date) : t.none],
    [t.periods, 'current_period_number', String(sub.current_period_number ?? 0)],
  ];
  const list = rows.map(([term, field, value]) => `<dt>${esc(term)}</dt><dd data-field="${field}">${esc(value)}</dd>`).join('');
  const cancel =
    status === 'cancelled'
      ? `<p id="result-message">${esc(t.cancelled)}</p>`
      : `<form method="post" action="/account/cancel?lang=${lang}"><input type="hidden" name="csrf" value="${esc(csrf)}">` +
        `<button type="submit" id="cancel" class="secondary">${esc(t.cancel)}</button></form>`;
  const heading = `<a href="${esc(orderPath(order.id, lang))}">${esc(t.orderTitle)} ${esc(order.id)}</a>`;
  return page(
    lang,
    t.accountTitle,
    `<h1>${esc(t.accountTitle)}</h1><p class="order-id">${heading}</p>${orderStatusLine(lang, order)}` +
      `<dl id="subscription" data-status="${esc(status)}">${list}</dl>${cancel}` +
      `<p><a href="/?lang=${lang}">${esc(TEXT[lang].backToShop)}</a></p>`,
    '/order.js',
  );
}
