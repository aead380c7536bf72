import type { Context } from 'hono';
import { httpContextSchema, type HttpContext } from 'paytoken-sandbox';

/**
 * The `http_context` of a 3-D Secure charge (spec, Endpoints > Charges): what the page gathered
 * (`PayToken.httpContext()`, posted as `http_context`) checked with the API's own schema, else what the request's
 * headers say (user agent, first language; a form post without JavaScript), with `ip` always the shopper's client
 * address as this backend sees it. A member the schema refuses is left out rather than failing the payment.
 */
export function httpContextOf(c: Context, fromPage: unknown, address: string): HttpContext {
  const page =
    typeof fromPage === 'object' && fromPage !== null && !Array.isArray(fromPage) ? (fromPage as Record<string, unknown>) : undefined;
  const candidate: Record<string, unknown> = page ?? {
    browser_user_agent: c.req.header('user-agent')?.slice(0, 512),
    browser_language: c.req.header('accept-language')?.split(/[,;]/)[0]?.trim(),
    browser_javascript_enabled: false,
  };
  const checked: Record<string, unknown> = { ip: address };
  for (const [key, value] of Object.entries(candidate)) {
    const member = httpContextSchema.shape[key as keyof HttpContext];
    if (key !== 'ip' && member?.safeParse(value).success) checked[key] = value;
  }
  return httpContextSchema.parse(checked);
}
