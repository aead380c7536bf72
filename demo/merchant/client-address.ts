import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import { isIP } from 'node:net';
import type { MerchantEnv } from './env';

/**
 * The shopper's client address: the socket peer, or, when the peer is the trusted reverse proxy
 * (`--trust-proxy ADDRESS`), the last `X-Forwarded-For` entry (the one that proxy added) if it is an IP address.
 * `X-Forwarded-For` from anyone else is ignored: a client cannot pick the address it is limited and reported by.
 */
export function clientAddress(c: Context, trustProxy: string | undefined): string {
  const peer = getConnInfo(c).remote.address ?? '127.0.0.1';
  if (trustProxy === undefined || peer !== trustProxy) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '').split(',').at(-1)?.trim() ?? '';
  return isIP(forwarded) ? forwarded : peer;
}

/** Sets `c.var.address` (see {@link clientAddress}). */
export const clientAddressOf =
  (trustProxy: string | undefined): MiddlewareHandler<MerchantEnv> =>
  async (c, next) => {
    c.set('address', clientAddress(c, trustProxy));
    await next();
  };
