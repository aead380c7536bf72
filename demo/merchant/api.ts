import type { MerchantSettings } from './options';
import { productName } from '../product';

/** An API answer read with the private key: the parsed body, the status (0: unreachable) and whether it was 2xx. */
export interface ApiAnswer {
  ok: boolean;
  status: number;
  body: Record<string, unknown>;
}

/** The outcome of charging a token: the Transaction, or the spec Error object with its code. */
export type ChargeResult = { ok: true; tx: Record<string, unknown> } | { ok: false; code: number; tx: Record<string, unknown> };

/** What a charge carries besides the token: the order, the shopper's address and the steps' members. */
export interface ChargeRequest {
  token_id: string;
  device_session_id: string;
  order_id: string;
  /** The shopper's client address, sent as `X-Forwarded-For` (spec, Authentication item 6). */
  address: string;
  /** The shopper's language: the charge's `description` is the product's name in it. */
  lang: string;
  /** `payment_plan`, `use_card_points`, `use_3d_secure`, `redirect_url`, `http_context`. */
  extra: Record<string, unknown>;
}

/**
 * The merchant's server-to-server calls with its PRIVATE key (spec, Authentication): `read` a resource, `charge`
 * a token (spec, Endpoints > Charges: `POST /v1/{merchant_id}/charges`, `method: card`, `source_id`), `send` any
 * other request (store and SPEI charges, plans, customers, subscriptions, webhooks), and `chargesOfOrder` (`GET /charges?order_id=`). `onCharge` sees every charge answer (for tests and the log).
 */
export function apiClient(settings: MerchantSettings, onCharge: (tx: Record<string, unknown>, ok: boolean) => void) {
  const authorization = `Basic ${Buffer.from(`${settings.privateKey}:`).toString('base64')}`;
  const base = `${settings.apiBaseUrl}/v1/${settings.merchantId}`;

  /** GET of an API resource; never throws (unreachable: status 0). */
  const read = async (path: string): Promise<ApiAnswer> => {
    try {
      const res = await fetch(`${base}${path}`, { headers: { Authorization: authorization } });
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return { ok: res.ok, status: res.status, body };
    } catch {
      return { ok: false, status: 0, body: {} };
    }
  };

  const charge = async (request: ChargeRequest): Promise<ChargeResult> => {
    const res = await fetch(`${base}/charges`, {
      method: 'POST',
      headers: { Authorization: authorization, 'Content-Type': 'application/json', 'X-Forwarded-For': request.address },
      body: JSON.stringify({
        method: 'card',
        source_id: request.token_id,
        amount: settings.amount,
        currency: 'MXN',
        description: productName(request.lang),
        order_id: request.order_id,
        device_session_id: request.device_session_id,
        customer: { name: 'Demo Shopper', email: 'shopper@example.com' },
        ...request.extra,
      }),
    });
    const tx = (await res.json()) as Record<string, unknown>;
    onCharge(tx, res.ok);
    return res.ok ? { ok: true, tx } : { ok: false, code: Number(tx.error_code), tx };
  };

  /**
   * A POST, PUT or DELETE of an API resource with a JSON body (and the shopper's address as `X-Forwarded-For`,
   * which charges need); never throws (unreachable: status 0).
   */
  const send = async (method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, address = '127.0.0.1'): Promise<ApiAnswer> => {
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: authorization, 'Content-Type': 'application/json', 'X-Forwarded-For': address },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return { ok: res.ok, status: res.status, body: answer };
    } catch {
      return { ok: false, status: 0, body: {} };
    }
  };

  /** The transactions of an order (newest first); undefined when the API did not answer with its list. */
  const chargesOfOrder = async (orderId: string): Promise<Record<string, unknown>[] | undefined> => {
    const answer = await read(`/charges?order_id=${encodeURIComponent(orderId)}`);
    return answer.ok && Array.isArray(answer.body) ? (answer.body as Record<string, unknown>[]) : undefined;
  };

  /** A customer's subscription as the API has it now (spec, Subscription); undefined when the API did not answer with it. */
  const subscriptionOf = async (customerId: string, subscriptionId: string): Promise<Record<string, unknown> | undefined> => {
    const answer = await read(`/customers/${encodeURIComponent(customerId)}/subscriptions/${encodeURIComponent(subscriptionId)}`);
    return answer.ok ? answer.body : undefined;
  };

  return { read, send, charge, chargesOfOrder, subscriptionOf };
}

export type ApiClient = ReturnType<typeof apiClient>;
