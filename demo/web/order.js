// The page of an order (`/order/{id}`): it asks the backend for the order's status every few seconds and shows it
// in place when the webhook's event has moved it (paid, failed, cancelled, refunded): the status line is a live
// region present from load (role=status), so the change is announced; a card order's heading and receipt follow; a
// cash or SPEI order's ways to pay (slip, print, store search, transfer details) go, since it can no longer be paid. The print button prints the slip (the print stylesheet keeps the slip
// only); copy buttons copy the transfer details; the store search asks for the browser's position only when the
// shopper presses "use my location", or takes a postal code. No inline script, no innerHTML (strict CSP, Trusted Types).

const status = document.querySelector('[data-order]');
const lang = document.documentElement.lang.startsWith('en') ? 'en' : 'es';
/** Whether this is a card order's page (its heading and receipt follow the status too). */
const card = status.dataset.card !== undefined;
/**
 * How often the status is asked for, ms: every 2 s, and every 0.5 s in a card order's first 10 s (its shopper is
 * waiting on the page; its event comes within milliseconds); for how long at most (then a reload asks again).
 */
const EVERY_MS = 2000;
const SOON = { everyMs: 500, forMs: 10 * 1000 };
const FOR_MS = 30 * 60 * 1000;

/** Asks for the order's status until it is no longer pending (or for {@link FOR_MS}). */
function watch(started) {
  if (status.dataset.status !== 'pending' || Date.now() - started > FOR_MS) return;
  var soon = card && Date.now() - started < SOON.forMs;
  setTimeout(
    function () {
      fetch('/api/order/' + encodeURIComponent(status.dataset.order) + '?lang=' + lang)
        .then(function (res) {
          return res.ok ? res.json() : null;
        })
        .then(function (answer) {
          if (answer && answer.status !== status.dataset.status) show(answer);
        })
        .catch(function () {})
        .finally(function () {
          watch(started);
        });
    },
    soon ? SOON.everyMs : EVERY_MS,
  );
}

/** Shows the order's new status `{status, title, text, receipt?}` in place (see the top of this file). */
function show(answer) {
  status.dataset.status = answer.status;
  status.textContent = answer.text;
  if (answer.status !== 'pending')
    document.querySelectorAll('[data-while-pending]').forEach(function (part) {
      part.remove();
    });
  if (!card) return;
  var heading = document.querySelector('h1');
  heading.className = answer.status === 'paid' ? 'ok' : answer.status === 'pending' ? 'pending' : 'failed';
  document.getElementById('order-title').textContent = answer.title;
  document.title = answer.title + document.title.slice(document.title.lastIndexOf(' · '));
  var list = document.getElementById('transaction');
  list.replaceChildren();
  (answer.receipt || []).forEach(function (row) {
    var term = document.createElement('dt');
    term.textContent = row.term;
    var value = document.createElement('dd');
    value.dataset.field = row.field;
    value.textContent = row.value;
    list.append(term, value);
  });
}

/** The copy buttons: each copies its `data-copy` and says so for a moment. */
function copyButtons() {
  document.querySelectorAll('button.copy').forEach(function (button) {
    var label = button.textContent;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(button.dataset.copy).then(function () {
        button.textContent = button.dataset.done;
        setTimeout(function () {
          button.textContent = label;
        }, 1500);
      });
    });
  });
}

/** Lists the stores the backend found (`{stores}`), or its message. */
function showStores(answer) {
  var list = document.getElementById('stores');
  document.getElementById('stores-message').textContent = answer.message || '';
  list.replaceChildren();
  (answer.stores || []).forEach(function (s) {
    var item = document.createElement('li');
    var thumb = document.createElement('img');
    thumb.src = s.thumb;
    thumb.alt = '';
    thumb.width = 32;
    thumb.height = 32;
    var text = document.createElement('span');
    var name = document.createElement('strong');
    name.textContent = s.name;
    var km = s.km.toLocaleString(document.documentElement.lang) + ' ' + answer.km;
    text.append(name, document.createElement('br'), s.chain + ' · ' + km, document.createElement('br'), s.address);
    item.append(thumb, text);
    list.append(item);
  });
}

/** Asks the backend for the stores near `query` (`lat=..&lng=..` or `postal_code=..`). */
function searchStores(query) {
  fetch('/api/stores?lang=' + lang + '&' + query)
    .then(function (res) {
      return res.json();
    })
    .then(showStores, function () {
      showStores({ message: '' });
    });
}

/** The store search's controls: the position only on the shopper's press, or the postal code's form. */
function storeSearch() {
  var near = document.getElementById('near-me');
  if (!near) return;
  near.addEventListener('click', function () {
    navigator.geolocation.getCurrentPosition(
      function (p) {
        searchStores('lat=' + p.coords.latitude + '&lng=' + p.coords.longitude);
      },
      function () {
        document.getElementById('postal').focus();
      },
    );
  });
  document.getElementById('postal-form').addEventListener('submit', function (e) {
    e.preventDefault();
    searchStores('postal_code=' + encodeURIComponent(document.getElementById('postal').value));
  });
}

var print = document.getElementById('print');
if (print) print.addEventListener('click', () => window.print());
copyButtons();
storeSearch();
watch(Date.now());
