import { Hono } from 'hono';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sendCompressed } from '../compression';

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

/** What the build writes beside the frame page (`frame-csp.json`): the hash sources of its inline script and style. */
export interface FrameHashes {
  'script-src': string[];
  'style-src': string[];
}

/**
 * The frame's own Content-Security-Policy: its inline script and style by their hashes only (no `unsafe-inline`),
 * scripts otherwise only from its own origin (the later script), requests only to its own origin (the API), fonts
 * only from the origins the mount declared (`fonts`), no eval, Trusted Types required, and `frame-ancestors` the
 * allowed merchant origins. Two Trusted Types policies: `paytoken-frame`, through which the first script loads
 * the later one (that URL only), and `paytoken`, through which the device data's consistency check starts a Worker
 * from a `blob:` URL (`worker-src blob:`; src/fraud/consistency.ts).
 *
 * @param ancestors the allowed merchant origins. @param fonts the declared font origins (see {@link fontOrigins}).
 * @param hashes the hash sources of the page's inline script and style (`frame-csp.json`).
 */
export const frameCsp = (ancestors: readonly string[], fonts: readonly string[] = [], hashes?: FrameHashes) =>
  [
    "default-src 'none'",
    ["script-src 'self'", ...(hashes?.['script-src'] ?? [])].join(' '),
    ['style-src', ...(hashes?.['style-src'] ?? ["'none'"])].join(' '),
    "connect-src 'self'",
    ...(fonts.length ? [`font-src ${fonts.join(' ')}`] : []),
    'worker-src blob:',
    `frame-ancestors ${ancestors.join(' ')}`,
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    'trusted-types paytoken paytoken-frame',
  ].join('; ');

/** The frame files, by name: the page and the later script (`npm run build` writes them to dist/fields/). */
const TYPES: Record<string, string> = {
  'frame.html': 'text/html; charset=utf-8',
  'frame-later.js': 'text/javascript; charset=utf-8',
};

/** The first 12 hex digits of the SHA-256 of a file's content, as the build writes them into the page's `data-later`. */
const versionOf = (body: Buffer) => createHash('sha256').update(body).digest('hex').slice(0, 12);

/** How long a browser may keep the frame page: the frames of one mount share one download (split fields: three). */
export const FRAME_PAGE_MAX_AGE_S = 60;

/**
 * The hosted-field frame files under `{base_url}/fields/v1/` (docs/hosted-fields.md): `frame.html`, which carries
 * its first script and its style inline (one request per frame; the allowed merchant origins written into its
 * `paytoken-allowed-origins` meta, which the frame checks its parent against, and the same list in its CSP
 * `frame-ancestors`; its CSP allows the inline script and style by the hashes of `frame-csp.json`), and
 * `frame-later.js`, which the page loads after `ready`, under the version the page names (`frame-later.js?v=...`).
 * Caching: the page for {@link FRAME_PAGE_MAX_AGE_S} seconds (the frames of a mount, requested together, share
 * one download; a change of the allowed origins applies within that time); the later script under its current
 * version for a year (`immutable`), under another version not at all (404: a first script is only ever given the
 * later script of its own build), unversioned never stored. Each is sent compressed (Brotli or gzip, as the
 * request accepts; ../compression.ts). Files are read once, at the first request; when the build is missing, 404
 * with a hint. No authentication (public files).
 *
 * @param ancestors merchant origins allowed to embed the frames; default {@link DEFAULT_FIELDS_ANCESTORS}.
 * @throws Error at once for an entry that is not an origin (or `host:*`).
 */
export function fieldsRouter(ancestors: readonly string[] = DEFAULT_FIELDS_ANCESTORS) {
  const bad = ancestors.find((a) => !ANCESTOR.test(a));
  if (bad !== undefined || !ancestors.length || ancestors.length > 100) throw new Error(`fieldsAncestors: not an origin: ${bad}`);
  const files = new Map<string, Buffer | null>();
  const read = (name: string) => {
    if (!files.has(name)) {
      try {
        const body = readFileSync(DIST + name);
        files.set(
          name,
          name === 'frame.html' ? Buffer.from(body.toString('utf8').replace('{{allowed_origins}}', ancestors.join(' '))) : body,
        );
      } catch {
        files.set(name, null);
      }
    }
    return files.get(name);
  };
  const hashes = () => {
    const json = read('frame-csp.json');
    return json ? (JSON.parse(json.toString('utf8')) as FrameHashes) : undefined;
  };
  return new Hono().get('/:file', (c) => {
    const name = c.req.param('file');
    const type = Object.hasOwn(TYPES, name) ? TYPES[name] : undefined;
    const body = type ? read(name) : undefined;
    if (!type || body == null) return c.text(type ? 'The frame is not built: run `npm run build`.' : 'Not found', 404);
    c.header('Content-Type', type);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    const version = c.req.query('v');
    if (name === 'frame.html') {
      c.header('Cache-Control', `public, max-age=${FRAME_PAGE_MAX_AGE_S}`);
      c.header('Content-Security-Policy', frameCsp(ancestors, fontOrigins(c.req.query('fonts')), hashes()));
    } else if (version === undefined) c.header('Cache-Control', 'no-store');
    else if (version === versionOf(body)) c.header('Cache-Control', 'public, max-age=31536000, immutable');
    else return c.text("No frame-later.js of that version here: this build's is another", 404);
    return sendCompressed(c, body);
  });
}
