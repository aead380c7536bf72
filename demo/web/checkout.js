// Demo checkout (script tag): paytoken's form layer formats, validates and tokenizes; the page only adds its
// "processing" label. After tokenizing, the layer writes token_id and device_session_id into hidden inputs and
// posts the form: the merchant gets those two, never the card. No inline script, no innerHTML (strict CSP).
(function () {
  'use strict';
  var meta = function (name) {
    return document.querySelector('meta[name="paytoken-' + name + '"]').content;
  };
  PayToken.setId(meta('merchant-id'));
  PayToken.setApiKey(meta('public-key'));
  PayToken.setBaseUrl(meta('base-url'));
  // The device_session_id goes into the form; device data (anti-fraud signals) is collected and sent to the API
  // once, unless the shopper refused consent (meta paytoken-device-data "off").
  PayToken.deviceData.setup('payment-form', 'device_session_id', { collect: meta('device-data') !== 'off' });

  var form = document.getElementById('payment-form');
  var button = document.getElementById('pay');
  var label = button.textContent;
  var checkout = PayToken.form.mount(form, { locale: document.documentElement.lang });
  checkout.on('submit', function () {
    button.textContent = meta('processing');
  });
  checkout.on('error', function () {
    button.textContent = label;
  });
})();
