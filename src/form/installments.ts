import type { DomChanges } from './fields';

/** The months-without-interest plans the spec allows (spec, Resources > PaymentPlan; Limits). */
export const PLANS = [3, 6, 9, 12, 18];

/** Label, "pay in full" option, and the words after the number of months. */
const WORDS: Record<'es' | 'en', readonly [string, string, string]> = {
  es: ['Meses sin intereses', 'Pago en una sola exhibición', 'meses sin intereses'],
  en: ['Months without interest', 'Pay in full', 'months without interest'],
};

let seq = 0;

/** The `installments` select of a mounted form (see `FormOptions.installments`). */
export interface InstallmentsSelect {
  /** Writes the label and options in `locale` (`en*`: English, else Spanish). */
  render(locale: string): void;
  /** The months chosen, or null for "pay in full". */
  choice(): number | null;
}

/**
 * Adds the months-without-interest choice to a form: a `<label>` and a `<select name="payment_plan">` (so the
 * post flow posts it; values `''` for "pay in full", else the months), put in place by `place` and removed by
 * `changes.undo()`. Built with `createElement` and `textContent` only (Trusted Types). Months not among
 * {@link PLANS} are dropped.
 * @param plans the merchant's list of months. @returns the select, or null when no valid plan is given.
 */
export function installmentsSelect(
  doc: Document,
  plans: readonly number[],
  changes: DomChanges,
  place: (el: HTMLElement) => void,
): InstallmentsSelect | null {
  const list = PLANS.filter((n) => plans.includes(n));
  if (!list.length) return null;
  const wrap = changes.addElement('div', place);
  const label = doc.createElement('label');
  const select = doc.createElement('select');
  wrap.className = 'paytoken-installments';
  select.id = label.htmlFor = `paytoken-installments-${++seq}`;
  select.name = 'payment_plan';
  for (const n of [0, ...list]) select.add(Object.assign(doc.createElement('option'), { value: n ? String(n) : '' }));
  select.selectedIndex = 0; // "pay in full" (some DOMs select another option when options are added)
  wrap.append(label, select);
  return {
    render(locale) {
      const [title, full, months] = WORDS[/^en/i.test(locale) ? 'en' : 'es'];
      label.textContent = title;
      for (const o of select.options) o.textContent = o.value ? `${o.value} ${months}` : full;
    },
    choice: () => Number(select.value) || null,
  };
}
