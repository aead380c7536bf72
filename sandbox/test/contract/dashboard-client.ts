/**
 * A minimal browser for the dashboard's contract tests: a cookie jar (what the sandbox sets, sent back as a browser
 * would to the same origin), form posts, no redirect following, and the form's hidden fields read from the HTML.
 */
import { expect } from 'vitest';
import { requestFrom } from './loopback';

/** An answer: status, headers, the body text. */
export interface Page {
  status: number;
  headers: Headers;
  text: string;
}

/** The text of a page's flash message (what the last button did): its kind, role and words, tags stripped. */
export const flash = (html: string): string | undefined =>
  /<div class="flash (ok|no)" role="(status|alert)">([\s\S]*?)<\/div>/
    .exec(html)
    ?.slice(1)
    .join(' ')
    .replace(/<[^>]+>/g, '');

export class DashboardClient {
  readonly jar = new Map<string, string>();

  /** @param from the local address to send from (another loopback address), or the default one. */
  constructor(
    readonly baseUrl: string,
    readonly from?: string,
  ) {}

  /** One request, without following redirects, from {@link from} when set. */
  async #send(path: string, init: { method?: string; headers: Record<string, string>; body?: string }): Promise<Page> {
    if (this.from) {
      const r = await requestFrom(this.from, `${this.baseUrl}${path}`, init);
      this.#keep(r.headers);
      return r;
    }
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, redirect: 'manual' });
    this.#keep(res.headers);
    return { status: res.status, headers: res.headers, text: await res.text() };
  }

  /** The `Cookie` header the jar holds. */
  get cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  #keep(headers: Headers): void {
    for (const c of headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [name, ...value] = pair!.split('=');
      const maxAge = /Max-Age=(\d+)/i.exec(c)?.[1];
      if (maxAge === '0' || value.join('=') === '') this.jar.delete(name!.trim());
      else this.jar.set(name!.trim(), value.join('='));
    }
  }

  /** GET `path` (under the base URL) with the jar's cookies. */
  async get(path: string, headers: Record<string, string> = {}): Promise<Page> {
    return this.#send(path, { headers: { cookie: this.cookie, ...headers } });
  }

  /** POSTs a form to `path` with the jar's cookies, as the browser would from the dashboard's own page. */
  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}): Promise<Page> {
    return this.#send(path, {
      method: 'POST',
      headers: {
        cookie: this.cookie,
        'content-type': 'application/x-www-form-urlencoded',
        origin: this.baseUrl,
        'sec-fetch-site': 'same-origin',
        ...headers,
      },
      body: new URLSearchParams(form).toString(),
    });
  }

  /** The value of the first hidden field `name` of a page's HTML. */
  static hidden(html: string, name: string): string {
    const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
    if (!m) throw new Error(`no hidden field ${name}`);
    return m[1]!;
  }

  /** Opens the sign-in form and posts `key`; returns the answer (303 to `/dashboard` when it signed in). */
  async signIn(key: string): Promise<Page> {
    const form = await this.get('/dashboard/sign-in');
    return this.post('/dashboard/sign-in', { csrf: DashboardClient.hidden(form.text, 'csrf'), key, back: '/dashboard' });
  }

  /** Signs in with `key` and asserts it worked. */
  async signedIn(key: string): Promise<this> {
    const r = await this.signIn(key);
    expect(r.status, r.text).toBe(303);
    expect(r.headers.get('location')).toBe('/dashboard');
    return this;
  }

  /** The session's CSRF token, read from a signed-in page's forms. */
  async csrf(): Promise<string> {
    return DashboardClient.hidden((await this.get('/dashboard/clock')).text, 'csrf');
  }
}
