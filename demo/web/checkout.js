// Demo checkout (script tag): paytoken's form layer formats, validates and tokenizes; this page then posts the
// token and the device_session_id (never the card) to the merchant's backend as JSON, goes to the receipt when
// the charge succeeds, and shows a decline on the form (the library's message, every field kept, focus on the
// message) so the shopper can try another card. The backend may answer with a step first: {points} (a card with
// reward points: this page asks how to pay, then posts again with use_card_points) or {redirect} (3-D Secure: the
// bank page, shown with PayToken.authenticate in redirect mode; the bank sends the shopper back to the backend's
// /3ds/return). A months-without-interest choice (#payment-plan, from the order amount the backend sets) goes with
// the charge. No inline script, no innerHTML (strict CSP, Trusted Types).
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
  var failure = document.getElementById('payment-error');
  var brandNote = document.getElementById('brand-note');
  var inputs = form.querySelectorAll('[data-paytoken-card]');
  var plan = document.getElementById('payment-plan');
  var step = document.getElementById('points-step');
  var stepPay = document.getElementById('points-pay');
  var pending = null; // the token being paid: {token_id, device_session_id, payment_plan?}
  var label = button.textContent;
  // Card brands the API cannot take: American Express numbers have 15 digits, the API takes 16 or 19.
  var REFUSED = { amex: 'American Express' };

  /** While a payment is under way the inputs are read-only and the button says so. */
  var processing = function (on) {
    for (var i = 0; i < inputs.length; i++) inputs[i].readOnly = on;
    if (plan) plan.disabled = on;
    button.disabled = on;
    stepPay.disabled = on;
    button.textContent = on ? meta('processing') : label;
    if (on) form.setAttribute('aria-busy', 'true');
    else form.removeAttribute('aria-busy');
  };
  var fail = function (message) {
    processing(false);
    step.hidden = true;
    form.hidden = false;
    failure.textContent = message;
    failure.focus();
  };

  var checkout = PayToken.form.mount(form, { locale: document.documentElement.lang, flow: 'spa' });
  checkout.on('brand', function (e) {
    var name = REFUSED[e.brand];
    brandNote.textContent = name ? meta('brand-refused').replace('{brand}', name) : '';
  });
  checkout.on('submit', function () {
    failure.textContent = '';
    processing(true);
  });
  checkout.on('error', function () {
    processing(false); // the form layer shows the error on its field (or above the button) and focuses it
  });
  checkout.on('token', function (e) {
    // the form layer ends its own busy state right after this event: ours takes over until the charge answers
    Promise.resolve().then(function () {
      processing(true);
    });
    pending = { token_id: e.token_id, device_session_id: e.device_session_id };
    if (plan && plan.value) pending.payment_plan = plan.value;
    charge(pending);
  });

  /** Posts the token (and the choices) to the backend and follows its answer. */
  var charge = function (body) {
    fetch('/api/charge?lang=' + encodeURIComponent(meta('lang')), {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
      .then(function (res) {
        return res.json();
      })
      .then(function (answer) {
        if (answer.receipt) window.location.assign(answer.receipt);
        else if (answer.redirect) PayToken.authenticate(answer.redirect, { locale: document.documentElement.lang });
        else if (answer.points) askPoints(answer.points.balance || '');
        else fail(answer.message || meta('network-error'));
      })
      .catch(function () {
        fail(meta('network-error'));
      });
  };

  /** The "pay with points" step: the form makes way for the choice; paying posts the same token again with it. */
  var askPoints = function (balance) {
    processing(false);
    document.getElementById('points-balance').textContent = balance;
    form.hidden = true;
    step.hidden = false;
    document.getElementById('points-title').focus();
  };
  stepPay.addEventListener('click', function () {
    var choice = step.querySelector('input[name="use_card_points"]:checked');
    if (!pending || !choice) return;
    processing(true);
    var body = { use_card_points: choice.value };
    for (var k in pending) body[k] = pending[k];
    charge(body);
  });
})();
