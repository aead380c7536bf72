import type { Result, Router } from 'hono/router';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';

/** A request path of the API: `/v1` and below. */
const API_PATH = /^\/v1(?:\/|$)/;

/** Hono's own choice: its RegExpRouter when it can take every route, else its TrieRouter. */
const smart = <T>() => new SmartRouter<T>({ routers: [new RegExpRouter<T>(), new TrieRouter<T>()] });

/**
 * Which part a route belongs to, by its first path segment: `v1` the API's, another literal the pages', a
 * pattern (`*`, `:param`) both, as it may match either.
 */
function partsOf(path: string): { api: boolean; pages: boolean } {
  const first = path.replace(/^\//, '').split('/')[0]!;
  if (first === 'v1') return { api: true, pages: false };
  const pattern = /[:*{?]/.test(first);
  return { api: pattern, pages: true };
}

/**
 * The sandbox app's router (a Hono `Router`): the API's routes (`/v1/...`) and the rest (pages, files, the
 * simulation API, the dashboard) in two routers of Hono's, each its SmartRouter. Apart, the API's routes compile
 * to Hono's RegExpRouter, one regular expression; together they could not, since the pages have literal and
 * parameter siblings that it refuses (`/3ds/bank.css` beside `/3ds/:challenge_id`, `/sandbox/v1/merchants` beside
 * `/sandbox/v1/:merchant_id`), and every request was matched by walking the TrieRouter instead. A route whose first
 * segment is a pattern (the `*` middlewares) is added to both, in the order given, so each part sees its handlers
 * in registration order, as one router would.
 */
export class SplitRouter<T> implements Router<T> {
  name = 'SplitRouter';
  /** The API's routes and the middlewares that may match them. */
  readonly api: Router<T> = smart<T>();
  /** Every other route and the middlewares that may match them. */
  readonly pages: Router<T> = smart<T>();

  add(method: string, path: string, handler: T): void {
    const parts = partsOf(path);
    if (parts.api) this.api.add(method, path, handler);
    if (parts.pages) this.pages.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    return (API_PATH.test(path) ? this.api : this.pages).match(method, path);
  }
}
