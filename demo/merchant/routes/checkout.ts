import { Hono, type Context } from 'hono';
import { readFile } from 'node:fs/promises';
import { formMessage } from '../../../src/fields/messages';
import type { MerchantDeps, MerchantEnv } from '../env';
import { digitsOf, render } from '../html';
import { langOf, LOCALE, TEXT } from '../i18n';
import { acceptedNames, brandLogos } from '../views/brands';
import { installmentsSelect } from '../views/steps';
import { planChoices } from '../views/account';
import { ROOT } from './assets';

/** One checkout page: its name in the menu (layout.html's `{{here.<page>}}`), form (demo/web), library script tag, page script, path. */
interface CheckoutPage {
  page: 'element' | 'split' | 'direct' | 'store' | 'spei' | 'subscribe';
  form: string;
  library: string;
  /** The page script; '' for a page that needs none (its form posts to the backend): no script tag at all then. */
  script: string;
  path: '/' | '/split' | '/direct' | '/store' | '/spei' | '/subscribe';
}

const ELEMENT: CheckoutPage = { page: 'element', form: 'card.html', library: 'paytoken-hosted.iife.js', script: 'card.js', path: '/' };
const SPLIT: CheckoutPage = { page: 'split', form: 'split.html', library: 'paytoken-hosted.iife.js', script: 'split.js', path: '/split' };
const DIRECT: CheckoutPage = {
  page: 'direct',
  form: 'index.html',
  library: 'paytoken-checkout.iife.js',
  script: 'checkout.js',
  path: '/direct',
};

/** Cash at a store and SPEI: a form posting to `POST /orders` (routes/orders.ts), no script. */
const STORE: CheckoutPage = { page: 'store', form: 'store.html', library: '', script: '', path: '/store' };
const SPEI: CheckoutPage = { page: 'spei', form: 'spei.html', library: '', script: '', path: '/spei' };
/** The subscription: a plan and the card element; subscribe.js posts the token to `POST /api/subscribe`. */
const SUBSCRIBE: CheckoutPage = {
  page: 'subscribe',
  form: 'subscribe.html',
  library: 'paytoken-hosted.iife.js',
  script: 'subscribe.js',
  path: '/subscribe',
};

/** Drops a page's script tags when it has no script (the cash and SPEI pages). */
const scriptsOf = (page: CheckoutPage, html: string) => (page.script ? html : html.replace(/ *<script [^>]*><\/script>\n/g, ''));

/**
 * The checkout pages: `/` (the card element: the whole card in one iframe from the API origin), `/split` (split
 * hosted fields: one iframe per card input, the holder name's included) and `/direct` (the on-page form layer), each
 * demo/web/layout.html (head, header, the menu of the demo's checkouts, order summary, the "pay with points" step,
 * footer) around the page's own form, with the accepted brands' logos (views/brands.ts: the same on every page),
 * in `?lang` (es, en); `?device_data=off` renders the page for a shopper who
 * refused anti-fraud consent (only the device_session_id goes with the payment). `/store` and `/spei` place a cash or
 * SPEI order (routes/orders.ts); `/subscribe` sells a plan with the card element (routes/subscribe.ts). `/new-order` starts a new cart
 * for the session (the receipt's "new payment" link) and goes back to `/`. The SPA example (demo/spa, React,
 * built into demo/spa/dist by `npm run build`) is under `/spa/`.
 */
export function checkoutRouter(deps: MerchantDeps) {
  const { settings } = deps;
  const values = {
    merchantId: settings.merchantId,
    publicKey: settings.publicKey,
    baseUrl: settings.apiBaseUrl,
    amount: digitsOf(settings.amount),
  };
  const checkout = (page: CheckoutPage) => async (c: Context<MerchantEnv>) => {
    const lang = langOf(c.req.query('lang'));
    const [layout, form] = await Promise.all([
      readFile(`${ROOT}/demo/web/layout.html`, 'utf8'),
      readFile(`${ROOT}/demo/web/${page.form}`, 'utf8'),
    ]);
    const html = render(
      layout.replace('<!--checkout-->', () => form),
      lang,
      {
        ...values,
        lang,
        locale: LOCALE[lang],
        deviceData: c.req.query('device_data') === 'off' ? 'off' : 'on',
        networkError: formMessage(1004, LOCALE[lang]),
        csrf: deps.csrfOf(c.var.sid),
        library: page.library,
        script: page.script,
        path: page.path,
        page: page.page,
        brandRefused: TEXT[lang].brandRefused.replace('{accepted}', acceptedNames(lang)),
        summaryHidden: page.page === 'subscribe' ? 'hidden' : '',
        chargePath: page.page === 'subscribe' ? '/api/subscribe' : '/api/charge',
      },
    );
    return c.html(
      scriptsOf(page, html)
        .replace('<!--plans-->', () => planChoices(lang, deps.plans))
        .replace('<!--brands-->', () => brandLogos(TEXT[lang].accepted))
        .replace('<!--installments-->', () => installmentsSelect(lang, settings.amount, settings.installmentsFrom)),
    );
  };
  const spa = `${ROOT}/demo/spa/dist`;
  return new Hono<MerchantEnv>()
    .get('/', checkout(ELEMENT))
    .get('/split', checkout(SPLIT))
    .get('/direct', checkout(DIRECT))
    .get('/store', checkout(STORE))
    .get('/spei', checkout(SPEI))
    .get('/subscribe', checkout(SUBSCRIBE))
    .get('/new-order', (c) => {
      deps.shoppers.startNewCart(c.var.sid);
      return c.redirect(`/?lang=${langOf(c.req.query('lang'))}`, 303);
    })
    .get('/spa', (c) => c.redirect('/spa/'))
    .get('/spa/', async (c) => {
      const index = await readFile(`${spa}/index.html`, 'utf8').catch(() => null);
      return index === null ? c.text('The SPA is not built: run `npm run build`.', 404) : c.html(render(index, 'es', values));
    })
    .get('/spa/assets/:file', async (c) => {
      const name = c.req.param('file');
      const type = { js: 'text/javascript; charset=utf-8', css: 'text/css; charset=utf-8', svg: 'image/svg+xml' }[name.split('.').pop()!];
      if (!/^[\w.-]+$/.test(name) || !type) return c.notFound();
      const file = await readFile(`${spa}/assets/${name}`).catch(() => null);
      return file === null ? c.notFound() : new Response(file, { headers: { 'Content-Type': type } });
    });
}
