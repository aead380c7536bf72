import { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { imagesRouter } from './barcodes';
import { payRouter } from './payment-page';
import { scriptTagRouter } from './script-tag';
import { PAGES_CSS, PAGES_CSS_PATH } from './shopper';
import { slipRouter } from './slip';
import { walletRouter } from './wallet';

/**
 * The pages a shopper opens to pay away from the merchant's page, outside `/v1` and without a key: the redirect
 * payment page (`/pay/{key}`), the wallet (`/wallet/{key}`), the payment slip (`/slips/{transaction_id}`), the
 * barcodes and chain images (`/barcodes/...`, `/chains/...`), their stylesheet and the library's script tag.
 */
export function paymentPagesRouter(d: Deps) {
  return new Hono<SandboxEnv>()
    .get(PAGES_CSS_PATH, (c) => c.body(PAGES_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8', 'X-Content-Type-Options': 'nosniff' }))
    .route('/pay', payRouter(d))
    .route('/wallet', walletRouter(d))
    .route('/slips', slipRouter(d))
    .route('/', imagesRouter(d))
    .route('/', scriptTagRouter());
}
