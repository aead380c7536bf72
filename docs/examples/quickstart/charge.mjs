// charge.mjs (Node 20+: fetch is built in). Charges the token your checkout posted, server to server, with the
// PRIVATE key (spec, Endpoints > Charges: POST {base_url}/v1/{merchant_id}/charges, method "card").
export const API = process.env.PAYMENTS_API_URL ?? 'http://127.0.0.1:4010'; // the spec's {base_url}
const MERCHANT_ID = process.env.PAYMENTS_MERCHANT_ID ?? 'mdemo0merchant0001';
const PRIVATE_KEY = process.env.PAYMENTS_PRIVATE_KEY ?? 'sk_demo_private0001'; // never in a page

/** A request to the charges API with the private key; resolves to the answer, rejects with the spec Error's fields. */
async function charges(path, { body, shopperIp } = {}) {
  const res = await fetch(`${API}/v1/${MERCHANT_ID}/charges${path}`, {
    method: body ? 'POST' : 'GET',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PRIVATE_KEY}:`).toString('base64')}`, // key as user, no password
      ...(body && { 'Content-Type': 'application/json', 'X-Forwarded-For': shopperIp }), // the shopper's IP: required
    },
    body: body && JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) throw Object.assign(new Error(answer.description), answer); // error_code, http_code, request_id...
  return answer;
}

/**
 * Charges a token. Resolves to the Transaction: "completed", or, when the bank asks for 3-D Secure (error 3012)
 * and `returnUrl` is given, "charge_pending" with `payment_method.url`, the bank's page to send the shopper to;
 * the bank sends them back to `returnUrl?id={transaction id}`. Rejects with the spec Error object's fields.
 */
export async function chargeToken({ tokenId, deviceSessionId, shopperIp, orderId, returnUrl }) {
  const charge = {
    method: 'card',
    source_id: tokenId, // the token_id the form posted
    device_session_id: deviceSessionId, // required, posted with it
    amount: 349.0, // set by your server, never read from the browser
    currency: 'MXN',
    description: 'Café de Chiapas en grano, 1 kg',
    order_id: orderId, // unique per charge: a repeat is error 1006
    customer: { name: 'Ana Pérez', email: 'ana@example.com' }, // required on a merchant-level charge
  };
  try {
    return await charges('', { body: charge, shopperIp });
  } catch (error) {
    if (error.error_code !== 3012 || !returnUrl) throw error;
    // the same token again, with 3-D Secure; the refused attempt keeps its order_id, so this one has its own
    const secure = { ...charge, order_id: `${orderId}-3ds`, use_3d_secure: true, redirect_url: returnUrl };
    return charges('', { body: secure, shopperIp });
  }
}

/** Reads a charge by its id: after 3-D Secure, its status says whether it was paid (never trust the query string). */
export const readCharge = (id) => charges(`/${encodeURIComponent(id)}`);
