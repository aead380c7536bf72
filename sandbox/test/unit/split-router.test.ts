/**
 * The sandbox app's router (sandbox/src/http/router.ts): for every route of a built sandbox, it finds the same
 * handlers, in the same order, with the same parameters, as one TrieRouter holding every route; and the API's part
 * is matched by Hono's RegExpRouter (one regular expression), the reason it exists.
 */
import type { Result } from 'hono/router';
import { TrieRouter } from 'hono/router/trie-router';
import { afterAll, describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { SplitRouter } from '../../src/http/router';

const sandbox = createSandboxApp({ ...SANDBOX_DEFAULTS, db: ':memory:', scheduler: false });
afterAll(() => sandbox.close());
const routes = sandbox.app.routes;

/** A concrete path a route path matches: each parameter `p7`, a wildcard two segments. */
const concrete = (path: string) =>
  path === '*' || path === '/*'
    ? '/v1/m1/anything/else'
    : path.replace(/:[\w]+(\{[^}]*\})?/g, (_, __, i) => `p${i}`).replace(/\/\*$/, '/a/b');

/** A match as handlers with their parameters, whatever the router's result shape. */
function normalized<T>([matches, stash]: Result<T>): [T, Record<string, string>][] {
  return matches.map(([handler, params]) => [
    handler,
    Object.fromEntries(Object.entries(params).map(([k, v]) => [k, stash ? stash[v as number]! : (v as string)])),
  ]);
}

describe('SplitRouter', () => {
  const split = new SplitRouter<unknown>();
  const trie = new TrieRouter<unknown>();
  for (const r of routes) {
    split.add(r.method, r.path, r.handler);
    trie.add(r.method, r.path, r.handler);
  }
  const methods = ['GET', 'POST', 'PUT', 'DELETE', 'OPTIONS'];
  const paths = [...new Set(routes.map((r) => concrete(r.path))), '/', '/v1', '/v1/m1', '/nowhere', '/v1x/y'];

  it(`matches what one TrieRouter matches, for every route of the sandbox (${paths.length} paths, ${methods.length} methods)`, () => {
    expect(routes.length).toBeGreaterThan(200);
    for (const path of paths)
      for (const method of methods)
        expect(normalized(split.match(method, path)), `${method} ${path}`).toEqual(normalized(trie.match(method, path)));
  });

  it("matches the API's routes with Hono's RegExpRouter, the rest with its TrieRouter", () => {
    expect(sandbox.app.router).toBeInstanceOf(SplitRouter);
    const router = sandbox.app.router as SplitRouter<unknown>;
    router.match('POST', '/v1/m1/charges');
    router.match('GET', '/3ds/p1');
    expect(router.api.name).toMatch(/RegExpRouter/);
    expect(router.pages.name).toMatch(/TrieRouter/);
  });
});
