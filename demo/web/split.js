// Demo checkout with split hosted fields (`/split`, the script tag paytoken-hosted.iife.js; an ES module): the card
// number, holder name, expiry and CVV2 are each an iframe served by the API; this page gets their states (empty, valid, brand, errors) and, on
// submit, a token id and device_session_id, which shop.js charges through the merchant's backend, following its
// answer (receipt, "pay with points" step, 3-D Secure, decline) as the on-page checkout (checkout.js) does. The
// hosted script tag has no PayToken.authenticate: the bank page is a top-level redirect, as authenticate's
// redirect mode does.
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
  { card_number: '#card-number', holder_name: '#holder-name', expiry: '#expiry', cvv2: '#cvv2' },
  {
    locale: document.documentElement.lang,
    deviceData: meta('device-data') !== 'off',
    flow: 'spa',
    placeholders: { card_number: '1234 1234 1234 1234', expiry: meta('expiry-placeholder'), cvv2: '123' },
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
  // field errors show inside their frame; the API's other answers here
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
