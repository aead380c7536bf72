import bwipjs from 'bwip-js/node';
import { Hono } from 'hono';
import type { Deps, SandboxEnv } from '../env';
import { isStoreReference } from '../resources/charges/slip';
import { STORE_CHAINS } from '../resources/stores/catalog';

/** Most barcode images kept in memory; the least recently used goes first beyond it. */
export const BARCODE_CACHE_SIZE = 512;

/**
 * A bounded cache of Code 128 PNG images by reference (least recently used out first). A reference's image never
 * changes, so an image is made once (bwip-js: the barcode library, never our own encoder) and served from memory
 * after that.
 */
export class BarcodeCache {
  readonly #images = new Map<string, Promise<Buffer>>();
  constructor(readonly size = BARCODE_CACHE_SIZE) {}

  /** The PNG of `reference` and whether it came from the cache. */
  get(reference: string): { png: Promise<Buffer>; cached: boolean } {
    const hit = this.#images.get(reference);
    if (hit) {
      this.#images.delete(reference);
      this.#images.set(reference, hit);
      return { png: hit, cached: true };
    }
    const png = bwipjs.toBuffer({
      bcid: 'code128',
      text: reference,
      scale: 3,
      height: 14,
      includetext: true,
      textxalign: 'center',
      paddingwidth: 12,
      paddingheight: 6,
      backgroundcolor: 'FFFFFF',
    });
    png.catch(() => this.#images.delete(reference));
    this.#images.set(reference, png);
    if (this.#images.size > this.size) this.#images.delete(this.#images.keys().next().value!);
    return { png, cached: false };
  }

  get count(): number {
    return this.#images.size;
  }
}

/** A chain's image: its colour and its initials (fictional chains have no real logo). */
const chainSvg = (color: string, name: string, size: number) => {
  const initials = name
    .split(/\s+/)
    .map((w) => w[0])
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64" role="img" aria-label="${name}"><rect width="64" height="64" rx="12" fill="${color}"/><text x="32" y="41" font-family="sans-serif" font-size="24" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
};

/**
 * Images the sandbox serves without a key:
 * - `GET /barcodes/{reference}.png`: the Code 128 barcode of a store reference it issued (a store charge's, its
 *   network reference, a customer's), PNG, from a bounded in-memory cache ({@link BarcodeCache}); the header
 *   `X-Sandbox-Cache: hit|miss` says which. An unknown reference is 404 (no image is made for arbitrary text).
 * - `GET /chains/{slug}/logo.svg` and `thumb.svg`: a store chain's images (the store search's `logo`, `thumb`).
 */
export function imagesRouter(d: Deps, cache = new BarcodeCache()) {
  return new Hono<SandboxEnv>()
    .get('/barcodes/:file', async (c) => {
      const m = /^([A-Z0-9]{1,30})\.png$/.exec(c.req.param('file'));
      if (!m || !isStoreReference(d, m[1]!)) return c.text('Not found', 404);
      const { png, cached } = cache.get(m[1]!);
      return c.body(new Uint8Array(await png), 200, {
        'Content-Type': 'image/png',
        'X-Sandbox-Cache': cached ? 'hit' : 'miss',
        'X-Content-Type-Options': 'nosniff',
      });
    })
    .get('/chains/:slug/:image', (c) => {
      const chain = STORE_CHAINS.find((x) => x.slug === c.req.param('slug'));
      const size = { 'logo.svg': 128, 'thumb.svg': 48 }[c.req.param('image')];
      if (!chain || !size) return c.text('Not found', 404);
      return c.body(chainSvg(chain.color, chain.name, size), 200, {
        'Content-Type': 'image/svg+xml',
        'Content-Security-Policy': "default-src 'none'",
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
