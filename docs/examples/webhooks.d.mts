// Types of webhooks.mjs, for TypeScript servers that import it (the demo merchant: demo/merchant/webhooks.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Where the API is and the key it is called with. */
export interface ApiConnection {
  url: string;
  merchantId: string;
  privateKey: string;
}

/** The defaults, from PAYMENTS_API_URL, PAYMENTS_MERCHANT_ID and PAYMENTS_PRIVATE_KEY. */
export const DEFAULT_API: ApiConnection;

/** The webhook as registered, with its signing `secret` (shown this once). */
export interface RegisteredWebhook {
  id: string;
  url: string;
  status: string;
  secret: string;
}

export function registerWebhook(options: {
  url: string;
  eventTypes: string[];
  user: string;
  password: string;
  api?: ApiConnection;
}): Promise<RegisteredWebhook>;

/** A delivery's verified body: the event's id and type, and the transaction it reports. */
export interface WebhookEvent {
  id: string;
  type: string;
  event_date: string;
  transaction?: Record<string, unknown>;
}

export function webhookHandler(options: {
  secret: string;
  user: string;
  password: string;
  onEvent: (event: WebhookEvent, transaction: Record<string, unknown> | undefined) => Promise<void> | void;
  handled?: { has(id: string): boolean; add(id: string): unknown; delete(id: string): unknown };
  api?: ApiConnection;
}): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
