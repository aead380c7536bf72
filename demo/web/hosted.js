// Demo checkout with hosted fields (script tag): the card number, expiry and CVV2 are iframes served by the API;
// this page gets their states (empty, valid, brand, errors) and, on submit, a token id and device_session_id,
// which the library writes into hidden inputs before posting the form. No inline script, no innerHTML.
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
  var label = button.textContent;
  var fields = PayToken.fields.mount(
    { card_number: '#card-number', expiry: '#expiry', cvv2: '#cvv2' },
    {
      locale: document.documentElement.lang,
      holderName: '#holder-name',
      deviceData: meta('device-data') !== 'off',
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
  });
  form.addEventListener('submit', function () {
    formError.textContent = '';
    if (fields.state().ready) button.textContent = meta('processing');
  });
  fields.on('error', function (e) {
    button.textContent = label;
    // field errors show inside their frame; the others (declines, the holder name) here
    if (!e.field || e.field === 'holder_name') formError.textContent = e.message;
    if (e.field === 'holder_name') document.getElementById('holder-name').focus();
  });
})();
