import type { Context, MiddlewareHandler } from 'hono';
import { withMoneyDecimals } from '../json/money';

/** Whether a header record names a content type (any case), as Hono's own `c.json` checks before setting its own. */
const namesContentType = (headers: unknown): boolean =>
  !!headers && typeof headers === 'object' && Object.keys(headers).some((k) => k.toLowerCase() === 'content-type');

/**
 * The one place JSON responses get their money written with two decimals ({@link withMoneyDecimals}): every
 * `c.json` answer of the routes after it, errors included (they have no money member). The text is written once,
 * as it is serialized, rather than read back from the response: a response built from a string is sent by the
 * Node adaptor as it is, while one whose body was read again goes through a stream.
 */
export const moneyDecimals: MiddlewareHandler = async (c, next) => {
  const body = c.body.bind(c) as (data: string | null, arg?: unknown, headers?: unknown) => Response;
  c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
    const text = JSON.stringify(object) as string | undefined; // undefined for `undefined`: no body, as Hono's
    const withType = namesContentType(headers) ? headers : { 'Content-Type': 'application/json', ...headers };
    return body(text === undefined ? null : withMoneyDecimals(text), arg, withType);
  }) as Context['json'];
  await next();
};
