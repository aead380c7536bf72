import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Origins allowed to embed the hosted-field frames when the sandbox is given none (`fieldsAncestors`): any port
 * of the loopback host, for local use only (`http://127.0.0.1:*`, `http://localhost:*`). A real deployment lists
 * each merchant's checkout origins.
 */
export const DEFAULT_FIELDS_ANCESTORS: readonly string[] = ['http://127.0.0.1:*', 'http://localhost:*'];

/** An origin (scheme, host, optional port) or a host with any port (`:*`), as CSP `frame-ancestors` takes them. */
const ANCESTOR = /^https?:\/\/([a-z0-9-]+(\.[a-z0-9-]+)*|\[[0-9a-f:]+\])(:(\d{1,5}|\*))?$/i;

/**
 * Where the built frame files are: `fields/` beside the sandbox's own bundle (the packed `paytoken-sandbox`), else the
 * repository's `dist/fields/` (`npm run build`).
 */
const DIST =
  [new URL('./fields/', import.meta.url), new URL('../../../dist/fields/', import.meta.url)]
    .map((u) => fileURLToPath(u))
    .find((dir) => existsSync(`${dir}frame.html`)) ?? fileURLToPath(new URL('../../../dist/fields/', import.meta.url));

/** A font origin the frame may load brand fonts from: https, a host name, an optional port; nothing else. */
const FONT_ORIGIN = /^https:\/\/[a-z0-9-]+(\.[a-z0-9-]+)+(:\d{1,5})?$/i;

/**
 * The origins of the frame page's `?fonts=` query (space-separated, as the hosted fields' `fonts` option gives
 * them; see `frameUrl`), each an https origin; at most 4. Anything else is dropped: the CSP then allows no font
 * from it, and the frame's FontFace load fails to the system stack.
 */
export const fontOrigins = (query: string | undefined): string[] =>
  (query ?? '')
    .split(' ')
    .filter((origin) => FONT_ORIGIN.test(origin))
    .slice(0, 4);

/**
 * The frame's own Content-Security-Policy: nothing but its own script and stylesheet, requests only to its own
 * origin (the API), fonts only from the origins the mount declared (`fonts`), no inline script or style, no eval,
 * Trusted Types required, and `frame-ancestors` the allowed merchant origins. Workers from `blob:` URLs only,
 * created through the one Trusted Types policy `paytoken`: the device data's consistency check compares the
 * frame's `navigator` with a Worker's (src/fraud/consistency.ts).
 */
export const frameCsp = (ancestors: readonly string[], fonts: readonly string[] = []) =>
  [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    ...(fonts.length ? [`font-src ${fonts.join(' ')}`] : []),
    'worker-src blob:',
    `frame-ancestors ${ancestors.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types paytoken',
  ].join('; ');

/**
 * The `Link` header of the frame page: a `preload` of each versioned file it links (`frame.js?v=...` as a script,
 * `frame.css?v=...` as a style), so the browser requests them while the frame's document is still being set up
 * (in Chromium the three frames of a mount share one main thread, and each frame's commit of its document is what
 * delayed its script's request). The URLs are the page's own, relative to it: the preloaded response is the one
 * the page uses.
 */
export const preloadLinks = (html: string): string =>
  [...html.matchAll(/(?:src|href)="(frame\.(js|css)\?v=[0-9a-f]{12})"/g)]
    .map(([, url, ext]) => `<${url}>; rel=preload; as=${ext === 'js' ? 'script' : 'style'}`)
    .join(', ');

/**
 * The hosted-field frame files under `{base_url}/fields/v1/` (docs/hosted-fields.md): `frame.html` (with the
 * allowed merchant origins written into its `paytoken-allowed-origins` meta, which the frame checks its parent
 * against, and the same list as its CSP `frame-ancestors`), `frame.js`, `frame.css`. The page links the script and
 * stylesheet with their version (`frame.js?v=...`), and its `Link` header preloads both ({@link preloadLinks}): under
 * their current version they are cached for a year (`immutable`); the page itself and everything else is `no-store`. Files are read once, at the first request;
 * when the build is missing, 404 with a hint. No authentication (public files).
 *
 * @param ancestors merchant origins allowed to embed the frames; default {@link DEFAULT_FIELDS_ANCESTORS}.
 * @throws Error at once for an entry that is not an origin (or `host:*`).
 */
export function fieldsRouter(ancestors: readonly string[] = DEFAULT_FIELDS_ANCESTORS) {
  const bad = ancestors.find((a) => !ANCESTOR.test(a));
  if (bad !== undefined || !ancestors.length || ancestors.length > 100) throw new Error(`fieldsAncestors: not an origin: ${bad}`);
  const files = new Map<string, string | null>();
  const read = (name: string) => {
    if (!files.has(name)) {
      try {
        files.set(name, readFileSync(DIST + name, 'utf8'));
      } catch {
        files.set(name, null);
      }
    }
    return files.get(name);
  };
  const versions = new Map<string, string>();
  /** The first 12 hex digits of the SHA-256 of a file's content, as the build writes them into the frame page's links. */
  const version = (name: string, body: string) => {
    if (!versions.has(name)) versions.set(name, createHash('sha256').update(body).digest('hex').slice(0, 12));
    return versions.get(name);
  };
  const TYPES: Record<string, string> = {
    'frame.html': 'text/html; charset=utf-8',
    'frame.js': 'text/javascript; charset=utf-8',
    'frame.css': 'text/css; charset=utf-8',
  };
  return new Hono().get('/:file', (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
    let body = type ? read(name) : undefined;
    if (!type || body == null) return c.text(type ? 'The frame is not built: run `npm run build`.' : 'Not found', 404);
    c.header('Content-Type', type);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    // the frame page links its script and stylesheet with their version (`frame.js?v=<sha-256 prefix>`, written by
    // the build): under the current version they are cached for good, so the second and third frame of a mount,
    // and later checkouts, take them from the browser's cache; anything else is never stored
    c.header(
      'Cache-Control',
      name !== 'frame.html' && c.req.query('v') === version(name, body) ? 'public, max-age=31536000, immutable' : 'no-store',
    );
    if (name === 'frame.html') {
      body = body.replace('{{allowed_origins}}', ancestors.join(' '));
      c.header('Content-Security-Policy', frameCsp(ancestors, fontOrigins(c.req.query('fonts'))));
      // the page's script and stylesheet, fetched as the response arrives rather than once the document is set up
      // and parsed (docs/performance.md, "Hosted fields"); the page loads its script with `async`
      const links = preloadLinks(body);
      if (links) c.header('Link', links);
    }
    return c.body(body);
  });
}
