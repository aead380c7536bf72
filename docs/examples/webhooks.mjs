// webhooks.mjs (Node 20+, `npm install standardwebhooks`). The merchant's side of webhooks: register an endpoint,
// then receive its deliveries: Basic auth checked, the Standard Webhooks signature verified with the
// standardwebhooks package, each message handled once (by its webhook-id), the charge re-read from the API.
import { timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

const API = process.env.PAYMENTS_API_URL ?? 'http://127.0.0.1:4010'; // the spec's {base_url}
const MERCHANT_ID = process.env.PAYMENTS_MERCHANT_ID ?? 'mdemo0merchant0001';
const PRIVATE_KEY = process.env.PAYMENTS_PRIVATE_KEY ?? 'sk_demo_private0001'; // never in a page
/** Where the API is and the key it is called with; a server talking to several APIs passes its own `api`. */
export const DEFAULT_API = { url: API, merchantId: MERCHANT_ID, privateKey: PRIVATE_KEY };
const authOf = (api) => `Basic ${Buffer.from(`${api.privateKey}:`).toString('base64')}`;

/** Registers `url` for `eventTypes`; resolves to the webhook with its `secret` (shown this once: keep it). */
export async function registerWebhook({ url, eventTypes, user, password, api = DEFAULT_API }) {
  const res = await fetch(`${api.url}/v1/${api.merchantId}/webhooks`, {
    method: 'POST',
    headers: { Authorization: authOf(api), 'Content-Type': 'application/json' },
    body: JSON.stringify({ url, event_types: eventTypes, user, password }),
  });
  const body = await res.json();
  if (!res.ok) throw Object.assign(new Error(body.description), body); // the spec Error object's fields
  return body;
}

/** The charge as it is now: a delivery may be a retry, older than the charge's latest change. */
async function currentCharge(t, api) {
  const path = t.customer_id ? `/customers/${t.customer_id}/charges/${t.id}` : `/charges/${t.id}`;
  const res = await fetch(`${api.url}/v1/${api.merchantId}${path}`, { headers: { Authorization: authOf(api) } });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.json();
}

/**
 * A request handler for Node's `http.createServer` (or Express) receiving deliveries. Answers 401 without the
 * webhook's Basic credentials, 400 when the signature does not verify, 200 once `onEvent(event, transaction)` has
 * handled the event (`transaction`: a charge re-read from the API, else the event's own), 200 at once for a message
 * already handled (the same `webhook-id`: deliveries come at least once), and 500 when `onEvent` throws, so the
 * sender tries again later. `handled` keeps the handled ids: a Set here, a table with a unique key in production.
 */
export function webhookHandler({ secret, user, password, onEvent, handled = new Set(), api = DEFAULT_API }) {
  const webhook = new Webhook(secret);
  const expected = Buffer.from(`Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`);
  return async (req, res) => {
    const reply = (status, text) => res.writeHead(status, { 'Content-Type': 'text/plain' }).end(text);
    const given = Buffer.from(req.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return reply(401, 'unauthorized');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = Buffer.concat(chunks).toString('utf8'); // the exact bytes that were signed
    let event;
    try {
      event = webhook.verify(body, req.headers); // checks webhook-id, webhook-timestamp (5 min) and webhook-signature
    } catch {
      return reply(400, 'invalid signature');
    }
    const id = req.headers['webhook-id'];
    if (handled.has(id)) return reply(200, 'already handled');
    handled.add(id); // before the work: a second delivery arriving meanwhile is not handled twice
    try {
      const isCharge = event.transaction?.transaction_type === 'charge';
      await onEvent(event, isCharge ? await currentCharge(event.transaction, api) : event.transaction);
      reply(200, 'ok');
    } catch {
      handled.delete(id);
      reply(500, 'try again later');
    }
  };
}

// e.g. when the server starts (the verification event may come before registerWebhook resolves: answer it 503
// until the handler exists; the sender tries again 5 s later):
//   const hook = await registerWebhook({ url: 'https://shop.example/webhooks', eventTypes: ['charge.succeeded'],
//                                        user: 'hooks', password: process.env.WEBHOOK_PASSWORD });
//   http.createServer(webhookHandler({ secret: hook.secret, user: 'hooks', password: process.env.WEBHOOK_PASSWORD,
//     onEvent: async (event, tx) => { if (tx?.status === 'completed') await markOrderPaid(tx.order_id); } }));
