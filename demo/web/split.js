// Demo checkout with split hosted fields (`/split`): the card number, holder name, expiry and CVV2 are each an iframe
// served by the API; this page gets their states (empty, valid, brand, errors) and, on submit, the token
// (hosted-checkout.js).
import { meta } from './shop.js';
import { hostedCheckout } from './hosted-checkout.js';

hostedCheckout(
  { card_number: '#card-number', holder_name: '#holder-name', expiry: '#expiry', cvv2: '#cvv2' },
  { placeholders: { card_number: '1234 1234 1234 1234', expiry: meta('expiry-placeholder'), cvv2: '123' } },
);
