// server.mjs (Node 20+: fetch is built in). Charges the token your checkout posted, server to server, with the
// PRIVATE key (spec, Endpoints > Charges: POST {base_url}/v1/{merchant_id}/charges, method "card").
const API = process.env.PAYMENTS_API_URL ?? 'http://127.0.0.1:4010'; // the spec's {base_url}
const MERCHANT_ID = process.env.PAYMENTS_MERCHANT_ID ?? 'mdemo0merchant0001';
const PRIVATE_KEY = process.env.PAYMENTS_PRIVATE_KEY ?? 'sk_demo_private0001'; // never in a page

/** Resolves to the Transaction (status "completed"); rejects with the spec Error object's fields on an Error. */
export async function chargeToken({ tokenId, deviceSessionId, shopperIp, orderId }) {
  const res = await fetch(`${API}/v1/${MERCHANT_ID}/charges`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PRIVATE_KEY}:`).toString('base64')}`, // key as user, no password
      'Content-Type': 'application/json',
      'X-Forwarded-For': shopperIp, // required: the IP address of the shopper's device
    },
    body: JSON.stringify({
      method: 'card',
      source_id: tokenId, // the token_id the form posted
      device_session_id: deviceSessionId, // required, posted with it
      amount: 349.0, // set by your server, never read from the browser
      currency: 'MXN',
      description: 'Café de Chiapas, 1 kg',
      order_id: orderId, // unique per charge: a repeat is error 1006
      customer: { name: 'Ana Pérez', email: 'ana@example.com' }, // required on a merchant-level charge
    }),
  });
  const body = await res.json();
  if (!res.ok) throw Object.assign(new Error(body.description), body); // error_code, http_code, request_id...
  return body;
}

// e.g. in an Express or Hono handler of the form's POST:
//   const tx = await chargeToken({ tokenId: form.token_id, deviceSessionId: form.device_session_id,
//                                  shopperIp: req.ip, orderId: `order-${orderNumber}` });
