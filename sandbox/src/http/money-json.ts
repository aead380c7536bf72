import type { MiddlewareHandler } from 'hono';
import { withMoneyDecimals } from '../json/money';

/**
 * The one place JSON responses get their money written with two decimals ({@link withMoneyDecimals}): every
 * `application/json` response of the routes after it, errors included (they have no money member).
 */
export const moneyDecimals: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.get('Content-Type')?.startsWith('application/json') || c.res.body === null) return;
  const old = c.res;
  const text = await old.text();
  const headers = new Headers(old.headers);
  headers.delete('Content-Length');
  c.res = undefined;
  c.res = new Response(withMoneyDecimals(text), { status: old.status, headers });
};
