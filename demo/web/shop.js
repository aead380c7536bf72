// The demo checkouts' shared part (an ES module, imported by hosted-checkout.js, which runs `/` and `/split`, and by
// checkout.js on `/direct`): the page's settings from its meta tags, PayToken's setters, the processing state, and
// the charge: the token and the device_session_id (never the card) go to the merchant's backend as JSON
// (`POST /api/charge`), which answers with the order's page ({order}: the receipt, "confirming" until the merchant's
// webhook hears the charge succeeded; `/api/subscribe` answers {receipt}: the account page), a step first
// ({points}: a card with reward points, the page asks how to pay and posts the same token again with
// use_card_points, "points only" offered, and chosen, when the points cover the order; {redirect}: 3-D Secure, the bank's page), "already paid" ({already_paid}: the
// order was paid, the page shows the link to its page), or a decline, shown on the form (the library's message, focus
// on the message; the card data went with the token, so the shopper types it again). The browser's http_context
// (PayToken.httpContext, for the bank's 3-D Secure) goes with the charge when the script tag has it. A
// months-without-interest choice (#payment-plan, offered from the order amount the backend sets) goes with the
// charge. No inline script, no innerHTML (strict CSP, Trusted Types).

/** The content of the page's `<meta name="paytoken-{name}">`. */
export const meta = (name) => document.querySelector('meta[name="paytoken-' + name + '"]').content;

/** Card brands the API cannot take: American Express numbers have 15 digits, the API takes 16 or 19. */
const REFUSED = { amex: 'American Express' };

/**
 * Configures PayToken (merchant id, public key, base URL of the page) and returns the checkout's controls.
 * @param {{lock: ArrayLike<HTMLInputElement>, authenticate: (url: string) => void}} options `lock`: the shopper's
 *   inputs, read-only while a payment is under way; `authenticate`: how the page sends the shopper to the bank.
 */
export function setUp(options) {
  PayToken.setId(meta('merchant-id'));
  PayToken.setApiKey(meta('public-key'));
  PayToken.setBaseUrl(meta('base-url'));

  var page = checkoutElements();
  var label = page.button.textContent;
  var pending = null; // the token being paid: {token_id, device_session_id, payment_plan?, http_context?}
  var charging = false;

  /** While a payment is under way the inputs are read-only and the button says so. */
  var processing = function (on) {
    charging = on;
    showProcessing(page, options.lock, on, label);
  };
  /** Ends the processing state, then shows `show(page, value)`: a decline, "already paid", the points step. */
  var stopAnd = function (show) {
    return function (value) {
      processing(false);
      show(page, value);
    };
  };
  var next = {
    authenticate: options.authenticate,
    fail: stopAnd(showFailure),
    paid: stopAnd(showAlreadyPaid),
    points: stopAnd(showPointsStep),
  };
  /** Posts the token (and the choices) to the backend and follows its answer. */
  var charge = function (body) {
    postCharge(body).then(
      function (answer) {
        follow(answer, next);
      },
      function () {
        next.fail(meta('network-error'));
      },
    );
  };

  // Back after paying may show this page from the back-forward cache as it was left, busy: it is usable again (the
  // form layer has emptied the card inputs; the backend answers a second payment of the order with "already paid")
  window.addEventListener('pageshow', function (e) {
    if (e.persisted) processing(false);
  });
  page.stepPay.addEventListener('click', function () {
    var choice = page.step.querySelector('input[name="use_card_points"]:checked');
    if (!pending || !choice) return;
    processing(true);
    charge(Object.assign({ use_card_points: choice.value }, pending));
  });

  return {
    form: page.form,
    processing: processing,
    /** Whether a payment is under way. */
    charging: function () {
      return charging;
    },
    /** A new attempt: the last decline goes. */
    clear: function () {
      page.failure.textContent = '';
    },
    /**
     * Says at once when the detected brand is one the API cannot take.
     * @returns whether it is one (the caller keeps the field from saying something else about it).
     */
    brand: function (brand) {
      return showRefusedBrand(page, brand);
    },
    /** Charges a token ({token_id, device_session_id}) with the page's months-without-interest choice. */
    pay: function (token) {
      charge((pending = chargeBody(page, token)));
    },
  };
}

/**
 * Follows the backend's answer to a charge: the order's page (or the account page), the bank's page (3-D Secure),
 * the points step, "already paid", or the decline's message.
 */
function follow(answer, next) {
  if (answer.order || answer.receipt) window.location.assign(answer.order || answer.receipt);
  else if (answer.redirect) next.authenticate(answer.redirect);
  else if (answer.points) next.points({ balance: answer.points.balance || '', onlyPoints: answer.points.only_points === true });
  else if (answer.already_paid) next.paid(answer.already_paid);
  else next.fail(answer.message || meta('network-error'));
}

/** The charge's body: the token, the months-without-interest choice, the browser's http_context (3-D Secure). */
function chargeBody(page, token) {
  var body = { token_id: token.token_id, device_session_id: token.device_session_id };
  var plan = document.querySelector('input[name="plan_id"]:checked'); // the subscription page's plan
  if (plan) body.plan_id = plan.value;
  if (page.plan && page.plan.value) body.payment_plan = page.plan.value;
  if (typeof PayToken.httpContext === 'function') body.http_context = PayToken.httpContext();
  return body;
}

/** The note under the card number for a brand the API cannot take; @returns whether `brand` is one. */
function showRefusedBrand(page, brand) {
  var name = REFUSED[brand];
  page.brandNote.textContent = name ? meta('brand-refused').replace('{brand}', name) : '';
  return !!name;
}

/** The checkout's elements: the form, its pay button, decline and brand notes, the plan select (if offered), the points step. */
function checkoutElements() {
  return {
    form: document.getElementById('payment-form'),
    button: document.getElementById('pay'),
    failure: document.getElementById('payment-error'),
    brandNote: document.getElementById('brand-note'),
    plan: document.getElementById('payment-plan'),
    step: document.getElementById('points-step'),
    stepPay: document.getElementById('points-pay'),
  };
}

/** The processing state on the page: the inputs read-only, the plan and buttons disabled, the button saying so. */
function showProcessing(page, lock, on, label) {
  for (var i = 0; i < lock.length; i++) lock[i].readOnly = on;
  if (page.plan) page.plan.disabled = on;
  page.button.disabled = on;
  page.stepPay.disabled = on;
  page.button.textContent = on ? meta('processing') : label;
  if (on) page.form.setAttribute('aria-busy', 'true');
  else page.form.removeAttribute('aria-busy');
}

/** Back to the form (from the points step too), the message shown and focused for screen readers. */
function showFailure(page, message) {
  page.step.hidden = true;
  page.form.hidden = false;
  page.failure.textContent = message;
  page.failure.focus();
}

/** The order was paid already: the form makes way for the notice and the receipt link. */
function showAlreadyPaid(page, paid) {
  var notice = document.getElementById('already-paid');
  document.getElementById('already-paid-text').textContent = paid.message;
  document.getElementById('already-paid-link').setAttribute('href', paid.receipt);
  page.form.hidden = true;
  page.step.hidden = true;
  notice.hidden = false;
  document.getElementById('already-paid-title').focus();
}

/**
 * The "pay with points" step: the form makes way for the choice; paying posts the same token again with it. The
 * choice starts on what fits: points only when they cover the order, else points and the rest by card.
 */
function showPointsStep(page, points) {
  document.getElementById('points-balance').textContent = points.balance;
  document.getElementById('only-points').hidden = !points.onlyPoints;
  page.step.querySelector('input[value="' + (points.onlyPoints ? 'ONLY_POINTS' : 'MIXED') + '"]').checked = true;
  page.form.hidden = true;
  page.step.hidden = false;
  document.getElementById('points-title').focus();
}

/**
 * Posts a charge body to the merchant's backend (`POST /api/charge`, or the page's `paytoken-charge-path`: the
 * subscription's `/api/subscribe`), in the page's language; resolves with its answer.
 */
function postCharge(body) {
  return fetch(meta('charge-path') + '?lang=' + encodeURIComponent(meta('lang')), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  }).then(function (res) {
    return res.json();
  });
}
