import type { BrowserContext, Page } from '@playwright/test';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Instrumentation of a page for the card-data tests: everything the page does that could carry card data
 * somewhere it does not belong, recorded from outside (network, console, navigations) and from inside (an
 * init script that wraps the storage and cookie writers and listens for CSP violations before any page script
 * runs). Only depends on the page's behaviour, not on its markup.
 */

/** One thing the page did. */
export interface Recorded {
  kind: string;
  detail: string;
}

/** Everything recorded during a page's life, across navigations. */
export interface Recording {
  requests: { url: string; method: string; headers: Record<string, string>; body: string; resourceType: string }[];
  responses: { url: string; status: number; body: string }[];
  console: string[];
  pageErrors: string[];
  navigations: string[];
  /** Storage and cookie writes, history URL changes and CSP violations, reported by the init script. */
  inPage: Recorded[];
  /** Resolves once every response body seen so far has been read (or found gone). */
  settled(): Promise<void>;
}

/**
 * Runs in every document before its own scripts. Reports through the exposed `__paytokenRecord` binding, so
 * records survive navigations. Writes nothing itself and uses no HTML or script sink (the page runs with
 * `require-trusted-types-for 'script'`).
 */
function initScript(): void {
  const report = (kind: string, detail: unknown) => {
    try {
      (window as unknown as { __paytokenRecord: (k: string, d: string) => void }).__paytokenRecord(kind, String(detail));
    } catch {
      /* binding not ready: ignore */
    }
  };
  const wrap = <T extends object>(proto: T, name: keyof T, kind: string, describe: (self: unknown, args: unknown[]) => string) => {
    const original = proto[name] as unknown as (...a: unknown[]) => unknown;
    if (typeof original !== 'function') return;
    (proto as Record<string, unknown>)[name as string] = function (this: unknown, ...args: unknown[]) {
      report(kind, describe(this, args));
      return original.apply(this, args);
    };
  };
  const str = (v: unknown) => {
    try {
      return typeof v === 'string' ? v : JSON.stringify(v);
    } catch {
      return String(v);
    }
  };
  wrap(
    Storage.prototype,
    'setItem',
    'storage',
    (self, [k, v]) => `${self === window.localStorage ? 'local' : 'session'} ${str(k)}=${str(v)}`,
  );
  wrap(IDBFactory.prototype, 'open', 'indexedDB.open', (_s, [name]) => str(name));
  wrap(IDBObjectStore.prototype, 'put', 'indexedDB.put', (_s, args) => args.map(str).join(' '));
  wrap(IDBObjectStore.prototype, 'add', 'indexedDB.add', (_s, args) => args.map(str).join(' '));
  if (typeof Cache !== 'undefined') wrap(Cache.prototype, 'put', 'cache.put', (_s, [req]) => str((req as Request)?.url ?? req));
  wrap(History.prototype, 'pushState', 'history', (_s, [, , url]) => str(url));
  wrap(History.prototype, 'replaceState', 'history', (_s, [, , url]) => str(url));
  wrap(Navigator.prototype, 'sendBeacon', 'beacon', (_s, [url, data]) => `${str(url)} ${str(data)}`);
  const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  if (cookie?.set && cookie.get) {
    Object.defineProperty(Document.prototype, 'cookie', {
      configurable: true,
      get() {
        return cookie.get!.call(this);
      },
      set(v: string) {
        report('cookie', v);
        cookie.set!.call(this, v);
      },
    });
  }
  const onViolation = (e: SecurityPolicyViolationEvent) =>
    report('csp', `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
  document.addEventListener('securitypolicyviolation', onViolation, true);
  window.addEventListener('securitypolicyviolation', onViolation, true);
}

/** Starts recording `page` (call before its first navigation). */
export async function record(context: BrowserContext, page: Page): Promise<Recording> {
  const pending: Promise<void>[] = [];
  const rec: Recording = {
    requests: [],
    responses: [],
    console: [],
    pageErrors: [],
    navigations: [],
    inPage: [],
    settled: async () => {
      await Promise.all(pending);
    },
  };
  await context.exposeBinding('__paytokenRecord', (_src, kind: string, detail: string) => {
    rec.inPage.push({ kind, detail });
  });
  await context.addInitScript(initScript);
  context.on('request', (r) => {
    rec.requests.push({ url: r.url(), method: r.method(), headers: r.headers(), body: r.postData() ?? '', resourceType: r.resourceType() });
  });
  context.on('response', (r) => {
    pending.push(
      r.text().then(
        (body) => void rec.responses.push({ url: r.url(), status: r.status(), body }),
        () => void rec.responses.push({ url: r.url(), status: r.status(), body: '' }),
      ),
    );
  });
  page.on('console', (m) => rec.console.push(`${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => rec.pageErrors.push(String(e)));
  page.on('framenavigated', (f) => rec.navigations.push(f.url()));
  return rec;
}

/** The ways a PAN can appear in text: plain, grouped by four with spaces, `+` or `%20`, or with dashes. */
export const panForms = (pan: string): string[] => [pan, ...[' ', '+', '%20', '-'].map((sep) => pan.replace(/(\d{4})(?=\d)/g, `$1${sep}`))];

/** A regex that finds `cvv2` as a token of its own (not inside a longer run of letters or digits). */
export const cvv2Pattern = (cvv2: string): RegExp => new RegExp(`(?<![A-Za-z0-9])${cvv2}(?![A-Za-z0-9])`);

/** Whether `text` contains the PAN in any form, or the CVV2 as a token. */
export const hasCardData = (text: string, pan: string, cvv2: string): boolean =>
  panForms(pan).some((f) => text.includes(f)) || cvv2Pattern(cvv2).test(text);

/**
 * A request's headers as text for the leak check, without a `Content-Length` that is its body's byte length: that
 * number is the browser's count of a body the check reads itself, and a body of 700-999 bytes (the device data's
 * card-entry summary) would otherwise be "found" as a CVV2 of the same digits now and then.
 */
export const headersText = (r: { headers: Record<string, string>; body: string }): string => {
  const { 'content-length': length, ...rest } = r.headers;
  return JSON.stringify(length === String(Buffer.byteLength(r.body)) ? rest : r.headers);
};

/** The static files the test pages load (the demo's pages, scripts and styles; the built bundles and frame files). */
function staticsText(): string {
  const filesOf = (dir: string, keep: (name: string) => boolean) =>
    readdirSync(dir)
      .filter(keep)
      .map((name) => join(dir, name))
      .filter((path) => statSync(path).isFile());
  return [
    ...filesOf('demo/web', () => true),
    ...filesOf('dist', (name) => name.endsWith('.iife.js')),
    ...filesOf('dist/fields', () => true),
  ]
    .map((path) => readFileSync(path, 'utf8'))
    .join('\n');
}

/**
 * A random CVV2 from 700-899 (clear of the demo's amounts) that is no number of a static file the pages load: a
 * minified bundle holds numbers such as `800`, and the same digits there are no leak. Needs a built `dist/`.
 */
export function randomCvv2(): string {
  const statics = staticsText();
  const free = Array.from({ length: 200 }, (_, i) => String(700 + i)).filter((c) => !cvv2Pattern(c).test(statics));
  if (free.length === 0) throw new Error('randomCvv2: every number from 700 to 899 is in a static file');
  return free[Math.floor(Math.random() * free.length)]!;
}

/**
 * A Luhn-valid Visa PAN of random digits (15 random, then the check digit): no test card, found nowhere on a page
 * unless the page put it there.
 */
export function randomPan(): string {
  const body = `4${Array.from({ length: 14 }, () => Math.floor(Math.random() * 10)).join('')}`;
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    let d = Number(body[body.length - 1 - i]);
    if (i % 2 === 0) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return body + String((10 - (sum % 10)) % 10);
}
