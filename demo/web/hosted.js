// Demo checkout with hosted fields (script tag): the card number, expiry and CVV2 are iframes served by the API;
// this page gets their states (empty, valid, brand, errors) and, on submit, a token id and device_session_id,
// which it posts (never the card: it has none) to the merchant's backend as JSON, as the on-page checkout
// (checkout.js) does; it goes to the receipt when the charge succeeds and shows a decline on the form (the
// library's message, every field kept, focus on the message). No inline script, no innerHTML.
(function () {
  'use strict';
  var meta = function (name) {
    return document.querySelector('meta[name="paytoken-' + name + '"]').content;
  };
  PayToken.setId(meta('merchant-id'));
  PayToken.setApiKey(meta('public-key'));
  PayToken.setBaseUrl(meta('base-url'));

  var form = document.getElementById('payment-form');
  var button = document.getElementById('pay');
  var formError = document.getElementById('form-error');
  var failure = document.getElementById('payment-error');
  var brandNote = document.getElementById('brand-note');
  var holder = document.getElementById('holder-name');
  var label = button.textContent;
  // Card brands the API cannot take: American Express numbers have 15 digits, the API takes 16 or 19.
  var REFUSED = { amex: 'American Express' };
  var charging = false;

  /** While a payment is under way the holder name is read-only and the button says so. */
  var processing = function (on) {
    charging = on;
    holder.readOnly = on;
    button.disabled = on;
    button.textContent = on ? meta('processing') : label;
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  };
  var fail = function (message) {
    processing(false);
    failure.textContent = message;
    failure.focus();
  };

  var fields = PayToken.fields.mount(
    { card_number: '#card-number', expiry: '#expiry', cvv2: '#cvv2' },
    {
      locale: document.documentElement.lang,
      holderName: '#holder-name',
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
    var name = REFUSED[e.brand];
    brandNote.textContent = name ? meta('brand-refused').replace('{brand}', name) : '';
  });
  fields.on('error', function (e) {
    processing(false);
    // field errors show inside their frame; the others (the holder name, the API's answers) here
    if (!e.field || e.field === 'holder_name') formError.textContent = e.message;
    if (e.field === 'holder_name') holder.focus();
  });
  form.addEventListener('submit', function (ev) {
    ev.preventDefault();
    if (charging) return;
    formError.textContent = '';
    failure.textContent = '';
    if (!fields.state().ready) return;
    processing(true);
    fields.tokenize().then(
      function (r) {
        processing(true); // the fields end their own busy state when the token arrives: ours lasts until the charge answers
        return fetch('/api/charge?lang=' + encodeURIComponent(meta('lang')), {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ token_id: r.token_id, device_session_id: r.device_session_id }),
        })
          .then(function (res) {
            return res.json();
          })
          .then(function (body) {
            if (body.receipt) window.location.assign(body.receipt);
            // 3-D Secure: the bank page, as the on-page checkout's PayToken.authenticate does in redirect mode
            else if (body.redirect) window.location.assign(body.redirect);
            else fail(body.message || meta('network-error'));
          })
          .catch(function () {
            fail(meta('network-error'));
          });
      },
      function () {} // reported through the `error` event
    );
  });
})();
