import { Hono, type Context } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { formatCents } from '../domain/money';
import { isoDateTime } from '../time/dates';
import { slipOf, type SlipScreen } from '../resources/charges/slip';
import { esc, langOf, page, shopperCsp, shopperHeaders, type Lang } from './shopper';

/** The slip's words, Spanish (Mexico, the default) and English (`?lang=en`). */
const TEXT = {
  es: {
    storeTitle: 'Ficha de pago en efectivo',
    bankTitle: 'Ficha de pago por transferencia SPEI',
    amount: 'Importe a pagar',
    concept: 'Concepto',
    due: 'Fecha límite de pago',
    reference: 'Referencia',
    networkReference: (n: string) => `Referencia ${n}`,
    clabe: 'CLABE',
    bank: 'Banco',
    beneficiary: 'Beneficiario',
    agreement: 'Convenio',
    howTo: 'Cómo pagar',
    storeSteps: (n: string) => [
      `Acude a cualquier tienda de la red ${n} antes de la fecha límite.`,
      'Indica al cajero que quieres hacer un pago de servicio y muestra el código de barras (o dicta la referencia).',
      'Paga en efectivo exactamente el importe. Conserva tu comprobante: es tu recibo.',
    ],
    bankSteps: [
      'Entra a la banca en línea o la app de tu banco.',
      'Haz una transferencia SPEI a la CLABE de esta ficha, por exactamente el importe (otro importe se devuelve).',
      'Escribe la referencia en el concepto de la transferencia.',
    ],
    paid: 'Pagado',
    over: 'Vencido o cancelado: ya no se puede pagar',
    print: 'Imprime esta página o guárdala en tu teléfono.',
    goneTitle: 'Ficha no disponible',
    gone: 'Esta ficha no existe.',
    other: 'English',
    otherLang: 'en',
  },
  en: {
    storeTitle: 'Cash payment slip',
    bankTitle: 'SPEI transfer payment slip',
    amount: 'Amount to pay',
    concept: 'Purchase',
    due: 'Pay by',
    reference: 'Reference',
    networkReference: (n: string) => `${n} reference`,
    clabe: 'CLABE',
    bank: 'Bank',
    beneficiary: 'Beneficiary',
    agreement: 'Agreement',
    howTo: 'How to pay',
    storeSteps: (n: string) => [
      `Go to any store of the ${n} network before the due date.`,
      'Tell the cashier you want to make a service payment and show the barcode (or read out the reference).',
      'Pay exactly the amount in cash. Keep the ticket: it is your receipt.',
    ],
    bankSteps: [
      "Open your bank's online banking or app.",
      'Make a SPEI transfer to the CLABE on this slip, for exactly the amount (any other amount is returned).',
      'Write the reference as the transfer concept.',
    ],
    paid: 'Paid',
    over: 'Past due or cancelled: it can no longer be paid',
    print: 'Print this page or keep it on your phone.',
    goneTitle: 'Slip unavailable',
    gone: 'This slip does not exist.',
    other: 'Español',
    otherLang: 'es',
  },
} as const;

/** Markup the slip builds itself (a reference's span, the barcode image), every value in it escaped by {@link markup}. */
class Markup {
  constructor(readonly html: string) {}
}

/** Markup from a template: each interpolated value is HTML-escaped, so no value can add tags of its own. */
const markup = (parts: TemplateStringsArray, ...values: unknown[]): Markup =>
  new Markup(parts.reduce((out, part, i) => out + esc(values[i - 1]) + part));

/** A definition list of label and value pairs: a text value is escaped; only {@link Markup} goes in as markup. */
const rows = (pairs: [string, string | Markup][]) =>
  `<dl>${pairs.map(([k, v]) => `<dt>${esc(k)}</dt><dd>${v instanceof Markup ? v.html : esc(v)}</dd>`).join('')}</dl>`;

/**
 * The barcode of a store reference, below the references and the whole width of the slip (not in a list's value
 * column): its PNG has 3 px a module (barcodes.ts), shown at most at that size and at least at the slip's width,
 * about 1.5 CSS px a module on a 390 px phone, so a till's scanner reads it (e2e/pages.spec.ts decodes it at DPR 2).
 */
const barcodeImage = (reference: string) =>
  `<img class="barcode" src="/barcodes/${esc(encodeURIComponent(reference))}.png" alt="${esc(reference)}">`;

/** How to pay a slip: its steps, and the line about printing it. */
const howToPay = (t: (typeof TEXT)[Lang], steps: readonly string[]) =>
  `<h2>${esc(t.howTo)}</h2><ol>${steps.map((x) => `<li>${esc(x)}</li>`).join('')}</ol><p class="noprint">${esc(t.print)}</p>`;

/** The slip of a store or bank charge. */
function slipPage(s: SlipScreen, lang: Lang): string {
  const t = TEXT[lang];
  const c = s.charge;
  const pm = c.paymentMethod as Record<string, string>;
  const store = pm.type === 'store';
  const status = c.status === 'completed' ? t.paid : c.status === 'in_progress' ? '' : t.over;
  const badge = c.status === 'completed' ? 'paid' : 'over';
  const head = [
    [t.amount, `$${formatCents(c.amountCents)} ${c.currency}`],
    [t.concept, c.description],
    [t.due, c.dueDate === undefined ? '' : isoDateTime(c.dueDate).replace('T', ' ').slice(0, 16) + ' (UTC-06:00)'],
  ] as [string, string][];
  const refs: [string, string | Markup][] = store
    ? [
        [t.reference, markup`<span class="reference" id="reference">${pm.reference}</span>`],
        [t.networkReference(s.network), markup`<span class="reference">${pm[`${s.network}_reference`]}</span>`],
      ]
    : [
        [t.clabe, markup`<span class="reference" id="clabe">${pm.clabe}</span>`],
        [t.bank, pm.bank ?? ''],
        [t.beneficiary, s.merchant],
        [t.reference, markup`<span class="reference" id="reference">${pm.name}</span>`],
        [t.agreement, pm.agreement ?? ''],
      ];
  const steps = store ? t.storeSteps(s.network) : t.bankSteps;
  return page(
    lang,
    `${store ? t.storeTitle : t.bankTitle} · ${s.merchant}`,
    `<p class="brand">${esc(s.merchant)}</p><h1 id="title">${esc(store ? t.storeTitle : t.bankTitle)}</h1>` +
      (status ? `<p class="status ${badge}" id="status">${esc(status)}</p>` : '') +
      rows(head) +
      rows(refs) +
      // a paid or cancelled slip is a record: no barcode to scan, no steps to pay it
      (status ? '' : (store ? barcodeImage(pm.reference!) : '') + howToPay(t, steps)) +
      `<p class="foot"><a href="/slips/${esc(encodeURIComponent(c.id))}?lang=${t.otherLang}" hreflang="${t.otherLang}">${esc(t.other)}</a></p>`,
  );
}

/**
 * The printable payment slip of a store or bank charge (`payment_method.slip_url`), mounted at `/slips`, outside
 * `/v1` (no API key: the merchant sends the shopper its link; the transaction id, 18 random letters and digits, is
 * the key; it shows no card data and nothing but what the shopper needs to pay): amount, description, due date, the
 * references (and the barcode of a store charge) or the CLABE, and how to pay; its status once paid or cancelled.
 * `GET /{transaction_id}` (`?lang=en`); anything else is a 404 page. Prints on one page (print stylesheet).
 */
export function slipRouter(d: Deps) {
  return new Hono<SandboxEnv>().get('/:transaction_id', (c: Context<SandboxEnv>) => {
    const lang = langOf(c);
    shopperHeaders(c, shopperCsp(null));
    const s = slipOf(d, c.req.param('transaction_id')!);
    if (!s)
      return c.html(
        page(lang, TEXT[lang].goneTitle, `<h1 id="title">${esc(TEXT[lang].goneTitle)}</h1><p>${esc(TEXT[lang].gone)}</p>`),
        404,
      );
    return c.html(slipPage(s, lang));
  });
}
