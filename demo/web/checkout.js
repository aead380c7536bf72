// Demo checkout with the on-page form layer (`/direct`, the script tag paytoken-checkout.iife.js; an ES module): paytoken's
// form layer formats, validates and tokenizes on this page; shop.js charges the token through the merchant's
// backend and follows its answer (receipt, "pay with points" step, 3-D Secure, decline). The bank page is shown
// with PayToken.authenticate in redirect mode; the bank sends the shopper back to the backend's /3ds/return.
import { meta, setUp } from './shop.js';

var form = document.getElementById('payment-form');
// The device_session_id goes into the form; device data (anti-fraud signals) is collected and sent to the API
// once, unless the shopper refused consent (meta paytoken-device-data "off").
var shop = setUp({
  lock: form.querySelectorAll('[data-paytoken-card]'),
  authenticate: function (url) {
    PayToken.authenticate(url, { locale: document.documentElement.lang });
  },
});
PayToken.deviceData.setup('payment-form', 'device_session_id', { collect: meta('device-data') !== 'off' });

// the form layer reads its messages when it shows one: a refused brand (American Express: 15 digits) is said once,
// by the note under the number, instead of the field's "16 or 19 digits" as well (the field stays marked invalid)
var messages = {};
var checkout = PayToken.form.mount(form, { locale: document.documentElement.lang, flow: 'spa', messages: messages });
checkout.on('brand', function (e) {
  if (shop.brand(e.brand)) messages['card_number.length'] = '';
  else delete messages['card_number.length'];
});
checkout.on('submit', function () {
  shop.clear();
  shop.processing(true);
});
checkout.on('error', function () {
  shop.processing(false); // the form layer shows the error on its field (or above the button) and focuses it
});
checkout.on('token', function (e) {
  // the form layer ends its own busy state right after this event: ours takes over until the charge answers
  Promise.resolve().then(function () {
    shop.processing(true);
  });
  shop.pay(e);
});
