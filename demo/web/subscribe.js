// The subscription page (`/subscribe`): the card element as on `/` (hosted-checkout.js), its token posted with the
// chosen plan to the backend's `POST /api/subscribe` (the page's `paytoken-charge-path`), which makes the customer
// and the subscription and answers with the account page's URL.
import { hostedCheckout } from './hosted-checkout.js';

hostedCheckout({ card: '#card' });
