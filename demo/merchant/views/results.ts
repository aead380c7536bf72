import { formMessage } from '../../../src/fields/messages';
import { esc, page } from '../html';
import { LOCALE, TEXT, type Lang } from '../i18n';

/** The decline codes a shopper sees as the generic decline 3001 (the library's policy, src/fields/messages.ts). */
export const GENERIC_DECLINES: ReadonlySet<number> = new Set([3004, 3005, 3009, 3010, 3011]);

/** The code a shopper is shown for an API error code: 3001 for {@link GENERIC_DECLINES}, else the code. */
export const shopperCode = (code: number): number => (GENERIC_DECLINES.has(code) ? 3001 : code);

/** The link under a failure page: back to the checkout. */
const again = (lang: Lang) => `<p><a class="button" href="/?lang=${lang}">${esc(TEXT[lang].again)}</a></p>`;

/** A page saying why: a heading of class `failed`, the message (`#result-message`), and the way back. */
export const failurePage = (lang: Lang, title: string, message: string, backLink = true): string =>
  page(lang, title, `<h1 class="failed">${esc(title)}</h1><p id="result-message">${esc(message)}</p>${backLink ? again(lang) : ''}`);

/** The shopper's words for a failed charge: the library's message for the shopper code, in `lang`. */
export const declineMessage = (lang: Lang, code: number): string => formMessage(shopperCode(code), LOCALE[lang]);

/**
 * The shop's "not found" page: an unknown path, and a receipt or charge that is not the session's own, which reads
 * exactly as an unknown one (nothing says whether it exists). A link back to the shop.
 */
export const notFoundPage = (lang: Lang): string => {
  const t = TEXT[lang];
  return page(
    lang,
    t.notFound,
    `<h1>${esc(t.notFound)}</h1><p id="result-message">${esc(t.notFoundText)}</p>` +
      `<p><a class="button" href="/?lang=${lang}">${esc(t.backToShop)}</a></p>`,
  );
};

/** The page of a second submission of a paid order: "already paid" and the link to its page (`receipt`, a path with its `?lang`). */
export const alreadyPaidPage = (lang: Lang, receipt: string): string => {
  const t = TEXT[lang];
  return page(
    lang,
    t.alreadyPaid,
    `<h1 class="ok">${esc(t.alreadyPaid)}</h1><p id="result-message">${esc(t.alreadyPaidText)}</p>` +
      `<p><a class="button" id="receipt-link" href="${esc(receipt)}">${esc(t.viewReceipt)}</a></p>`,
  );
};

/**
 * The words for a charge that is not complete after the bank: `failed` (the bank did not confirm the shopper),
 * else not finished (`charge_pending`, `cancelled`). Never the raw status or the API's `error_message`.
 */
export const notCompleted = (lang: Lang, status: string): [title: string, message: string] =>
  status === 'failed' ? [TEXT[lang].failed, TEXT[lang].authFailed] : [TEXT[lang].notCompleted, TEXT[lang].notCompletedText];
