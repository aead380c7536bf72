// Demo checkout with the card element (`/`, the script tag paytoken-hosted.iife.js; an ES module): the whole card
// (number, expiry, CVV2, holder name) is one iframe served by the API; this page gets its states (empty, valid,
// brand, BIN, errors) and, on submit, a token id and device_session_id, which shop.js charges through the merchant's
// backend, following its answer (receipt, "pay with points" step, 3-D Secure, decline). The hosted script tag has no
// PayToken.authenticate: the bank page is a top-level redirect, as authenticate's redirect mode does.
import { meta, setUp } from './shop.js';

var formError = document.getElementById('form-error');
var shop = setUp({
  lock: [],
  authenticate: function (url) {
    window.location.assign(url);
  },
});
var form = shop.form;

var fields = PayToken.fields.mount(
  { card: '#card' },
  {
    locale: document.documentElement.lang,
    deviceData: meta('device-data') !== 'off',
    flow: 'spa',
    style: {
      base: { color: '#1d2430', fontSize: '16px', fontFamily: 'system-ui, sans-serif', letterSpacing: '0.03em' },
      invalid: { color: '#b42318' },
      placeholder: { color: '#6b7686' },
    },
  },
);
fields.on('brand', function (e) {
  if (e.brand) form.setAttribute('data-paytoken-brand', e.brand);
  else form.removeAttribute('data-paytoken-brand');
  shop.brand(e.brand);
});
fields.on('error', function (e) {
  shop.processing(false);
  // field errors show inside the element; the API's other answers here
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
      shop.processing(true); // the element ends its own busy state when the token arrives: ours lasts until the charge answers
      shop.pay(r);
    },
    function () {}, // reported through the `error` event
  );
});
