// Demo checkout with the card element (`/`): the whole card (number, expiry, CVV2, holder name) is one iframe served
// by the API; this page gets its states (empty, valid, brand, BIN, errors) and, on submit, the token
// (hosted-checkout.js).
import { hostedCheckout } from './hosted-checkout.js';

hostedCheckout({ card: '#card' });
