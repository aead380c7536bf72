// Demo checkout: tokenizes with the script-tag build (window.PayToken), then submits only token_id and
// device_session_id to the merchant. No inline script, no innerHTML: it runs under a strict CSP.
(function () {
  'use strict';
  var meta = function (name) {
    return document.querySelector('meta[name="paytoken-' + name + '"]').content;
  };
  var LABELS = {
    card_number: 'Card number',
    holder_name: 'Name on card',
    expiration_month: 'Expiry',
    expiration_year: 'Expiry',
    cvv2: 'Security code',
  };
  var REASONS = {
    required: 'is required',
    type: 'is not text',
    format: 'has characters it cannot hold',
    length: 'has the wrong number of digits',
    luhn: 'is not a valid card number (check digit)',
    brand: 'is from a card network we do not accept',
    expired: 'is in the past: the card has expired',
    too_far: 'is too far in the future',
    too_long: 'is too long',
  };

  var form = document.getElementById('payment-form');
  var errors = document.getElementById('errors');
  var button = document.getElementById('pay');

  PayToken.setId(meta('merchant-id'));
  PayToken.setApiKey(meta('public-key'));
  PayToken.setBaseUrl(meta('base-url'));
  // The device_session_id goes into the form; device data (anti-fraud signals) is collected and sent to the API
  // once, unless the shopper refused consent (meta paytoken-device-data "off").
  PayToken.deviceData.setup('payment-form', 'device_session_id', { collect: meta('device-data') !== 'off' });

  function showError(text) {
    errors.textContent = text;
    errors.hidden = false;
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    if (button.disabled) return;
    errors.hidden = true;
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
    PayToken.token.extractFormAndCreate(
      form,
      function (response) {
        document.getElementById('token_id').value = response.data.id;
        form.submit();
      },
      function (response) {
        button.disabled = false;
        button.removeAttribute('aria-busy');
        var d = response.data || {};
        if (d.field) {
          showError((LABELS[d.field] || d.field) + ' ' + (REASONS[d.reason] || 'is not valid') + '.');
          var input = form.querySelector('[data-paytoken-card="' + d.field + '"]');
          if (input) input.focus();
        } else {
          showError('Payment could not be prepared: ' + response.message + ' (error ' + d.error_code + ').');
        }
      },
    );
  });
})();
