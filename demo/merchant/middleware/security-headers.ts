import type { MiddlewareHandler } from 'hono';

/** Which page a response is: a hosted-fields page (`/`, the card element; `/split`; `/subscribe`), the SPA (`/spa/...`), or any other. */
type PageKind = 'hosted' | 'direct' | 'spa';

/**
 * The pages' CSP. connect-src: this backend ('self': every page posts the token to /api/charge) and, on the page
 * whose library calls the API itself (`/direct`), the API origin (tokens, device data). The hosted-fields page
 * (`/`) reaches the API only through its frames: frame-src the API origin, no connect-src to it. The SPA (hosted
 * fields, the 3-D Secure modal) reaches only its own backend too, and frames the API origin (fields, bank page)
 * and itself (the modal's return page, which alone may be framed, by this origin only).
 */
function csp(apiOrigin: string, kind: PageKind, returnPage: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    kind === 'direct' ? `connect-src 'self' ${apiOrigin}` : "connect-src 'self'",
    // the library's device data compares the page with a Worker it starts from a blob: URL (src/fraud/consistency.ts)
    ...(kind === 'direct' ? ['worker-src blob:'] : []),
    // the API origin: a cash slip's barcode and the store chains' thumbs are the sandbox's images
    `img-src 'self' ${apiOrigin}`,
    // the API origin: a 3-D Secure charge answers the form post with a redirect to the bank page there
    `form-action 'self' ${apiOrigin}`,
    "base-uri 'none'",
    kind === 'hosted' ? `frame-src ${apiOrigin}` : `frame-src 'self' ${apiOrigin}`,
    `frame-ancestors ${returnPage ? "'self'" : "'none'"}`,
    "require-trusted-types-for 'script'",
    // violations are reported to this backend (the page's own origin), so they are seen from the first byte
    'report-uri /csp-report',
  ].join('; ');
}

/** Every response: the page's CSP, no referrer, no sniffing, never stored. */
export const securityHeaders =
  (apiBaseUrl: string): MiddlewareHandler =>
  async (c, next) => {
    await next();
    const path = c.req.path;
    const kind: PageKind =
      path === '/' || path === '/split' || path === '/subscribe' ? 'hosted' : path.startsWith('/spa/') ? 'spa' : 'direct';
    c.header('Content-Security-Policy', csp(new URL(apiBaseUrl).origin, kind, path === '/3ds/return'));
    c.header('Referrer-Policy', 'no-referrer');
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'no-store');
  };
