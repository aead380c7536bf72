import type { ApiClient } from './api';
import type { MerchantSettings } from './options';
import type { OrderBook } from './orders';
import type { ShopPlan } from './plans';
import type { ShopperStore } from './shoppers';
import type { AttemptLimits } from './middleware/rate-limit';

/**
 * Hono environment of the merchant. Variables, set by middleware: `sid`, the shopper's session id (cookie, made on
 * first visit: middleware/session.ts); `address`, the shopper's client address (./client-address.ts).
 */
export type MerchantEnv = { Variables: { sid: string; address: string } };

/** What the routes share: settings, the API client, the shoppers, the attempt limits and what tests read. */
export interface MerchantDeps {
  settings: MerchantSettings;
  api: ApiClient;
  shoppers: ShopperStore;
  /** The orders of every method (card, cash, SPEI, subscription), moved by the webhook's events (./orders.ts, ./webhooks.ts). */
  orders: OrderBook;
  /** The subscription plans the shop offers, made at start when absent (./plans.ts). */
  plans: ShopPlan[];
  limits: AttemptLimits;
  /** The CSRF token of a session id (middleware/session.ts). */
  csrfOf: (sid: string) => string;
  /** Every body posted to `/charge` and `/api/charge`, newest last (bounded). */
  received: Record<string, string>[];
  /** CSP violation reports, the first 100. */
  cspReports: string[];
  /** This backend's own URL (for `redirect_url`), known once it listens. */
  selfUrl: () => string;
}
