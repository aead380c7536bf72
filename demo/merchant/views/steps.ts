import { esc, page, pesos } from '../html';
import { TEXT, type Lang } from '../i18n';
import { PLANS } from '../options';

/** A points card's balance, in words and whether the points alone cover the order. */
export interface PointsBalance {
  text: string;
  coversOrder: boolean;
}

/**
 * The "pay with points" step without JavaScript: how to pay, with the card's balance; posts back to /charge with
 * the page's CSRF token. "Points only" is offered, and chosen, only when the points cover the order; else the
 * choice starts on points and the rest by card.
 */
export function pointsStepPage(lang: Lang, body: Record<string, string>, balance: PointsBalance, csrf: string, amount: number): string {
  const t = TEXT[lang];
  const hidden =
    ['token_id', 'device_session_id', 'payment_plan']
      .filter((key) => body[key])
      .map((key) => `<input type="hidden" name="${key}" value="${esc(body[key])}">`)
      .join('') + `<input type="hidden" name="csrf" value="${esc(csrf)}">`;
  const choice = (value: string, label: string, checked = false) =>
    `<label class="choice"><input type="radio" name="use_card_points" value="${value}"${checked ? ' checked' : ''}> ${esc(label)}</label>`;
  return page(
    lang,
    t.pointsTitle,
    `<h1>${esc(t.pointsTitle)}</h1>` +
      (balance.text ? `<p id="points-balance">${esc(balance.text)}</p>` : '') +
      `<form method="post" action="/charge?lang=${lang}">${hidden}<fieldset><legend>${esc(t.pointsHow)}</legend>` +
      (balance.coversOrder ? choice('ONLY_POINTS', t.onlyPoints, true) : '') +
      choice('MIXED', t.mixed, !balance.coversOrder) +
      choice('NONE', t.cardOnly) +
      `</fieldset><button type="submit">${esc(t.pay)} ${esc(pesos(amount))} MXN</button></form>`,
  );
}

/**
 * Months without interest (the checkout's select, from `installmentsFrom` up): none under the threshold, else
 * "pay at once" plus one option per plan with its monthly amount.
 */
export function installmentsSelect(lang: Lang, amount: number, installmentsFrom: number): string {
  if (amount < installmentsFrom) return '';
  const t = TEXT[lang];
  const options = PLANS.map((months) => `<option value="${months}">${esc(t.plan(months, pesos(amount / months)))}</option>`).join('');
  return (
    `<div class="field"><label for="payment-plan">${esc(t.installments)}</label><select id="payment-plan" name="payment_plan">` +
    `<option value="">${esc(t.atOnce)}</option>${options}</select></div>`
  );
}
