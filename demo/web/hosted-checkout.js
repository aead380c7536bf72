// The hosted-fields checkouts' shared part (card.js: the card element at `/`; split.js: split fields at `/split`;
// the script tag paytoken-hosted.iife.js): the shop set up (shop.js), the fields mounted with the demo's style, the
// brand and the errors shown, and the submit paying: a token id and device_session_id, which shop.js charges through
// the merchant's backend, following its answer (receipt, "pay with points" step, 3-D Secure, decline). The hosted
// script tag has no PayToken.authenticate: the bank page is a top-level redirect, as authenticate's redirect mode does.
import { meta, setUp } from './shop.js';

/** The demo's look inside the frames (the style allowlist of hosted fields). */
const STYLE = {
  base: { color: '#1d2430', fontSize: '16px', fontFamily: 'system-ui, sans-serif', letterSpacing: '0.03em' },
  invalid: { color: '#b42318' },
  placeholder: { color: '#6b7686' },
};

/**
 * Mounts hosted fields on the checkout page and pays with them.
 * @param {Record<string, string>} containers where the frames go (`{ card }`, or one per field).
 * @param {object} [options] more mount options (placeholders).
 */
export function hostedCheckout(containers, options) {
  var formError = document.getElementById('form-error');
  var shop = setUp({
    lock: [],
    authenticate: function (url) {
      window.location.assign(url);
    },
  });
  var form = shop.form;
  var fields = PayToken.fields.mount(containers, {
    locale: document.documentElement.lang,
    deviceData: meta('device-data') !== 'off',
    flow: 'spa',
    style: STYLE,
    ...options,
  });
  fields.on('brand', function (e) {
    if (e.brand) form.setAttribute('data-paytoken-brand', e.brand);
    else form.removeAttribute('data-paytoken-brand');
    shop.brand(e.brand);
  });
  fields.on('error', function (e) {
    shop.processing(false);
    // field errors show inside the frames; the API's other answers here
    if (!e.field) formError.textContent = e.message;
  });
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    if (shop.charging()) return;
    formError.textContent = '';
    shop.clear();
    if (!fields.state().ready) return;
    shop.processing(true);
    fields.tokenize().then(
      function (r) {
        shop.processing(true); // the fields end their own busy state when the token arrives: ours lasts until the charge answers
        shop.pay(r);
      },
      function () {}, // reported through the `error` event
    );
  });
}
