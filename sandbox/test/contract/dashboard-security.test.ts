/**
 * The dashboard's security model over HTTP (docs/sandbox.md, "Dashboard"): sign-in with the private key only (every
 * wrong key answered alike), the session cookie (HttpOnly, SameSite=Strict, Secure where https, a random id kept
 * server side, bounded in number and time), a synchronizer token on every form, the origin checks, the
 * Content-Security-Policy and the other headers, and no CORS.
 */
import { describe, expect, it } from 'vitest';
import { createSandboxApp } from '../../src/app';
import { DASHBOARD_CSP } from '../../src/pages/dashboard/security';
import { DashboardClient } from './dashboard-client';
import { CREDS, useSandbox } from './helpers';

let real = Date.parse('2026-03-10T18:00:00Z');
const api = useSandbox({ dashboard: { now: () => real, sessions: { maxSessions: 3, idleSeconds: 600, maxAgeSeconds: 3600 } } });
const client = () => new DashboardClient(api.baseUrl);
const sim = { prefix: `/sandbox/v1/${CREDS.merchantId}` };
const clockNow = async () => (await api.call('GET', '/clock', sim)).body.now as string;

/** The sign-in page's error line. */
const errorLine = (html: string) => /<p id="key-error"[^>]*>([^<]*)<\/p>/.exec(html)?.[1];

describe('sign-in', () => {
  it('a page asked for without a session goes to the sign-in form, and back to it after', async () => {
    const c = client();
    const r = await c.get('/dashboard/transactions?status=failed');
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/dashboard/sign-in?back=%2Fdashboard%2Ftransactions%3Fstatus%3Dfailed');
    const form = await c.get(r.headers.get('location')!);
    expect(form.text).toContain('type="password"');
    const back = DashboardClient.hidden(form.text, 'back');
    expect(back).toBe('/dashboard/transactions?status=failed');
    const ok = await c.post('/dashboard/sign-in', { csrf: DashboardClient.hidden(form.text, 'csrf'), key: CREDS.privateKey, back });
    expect([ok.status, ok.headers.get('location')]).toEqual([303, '/dashboard/transactions?status=failed']);
  });

  it('the private key signs in: a session cookie, HttpOnly, SameSite=Strict, Path=/dashboard, not Secure over http', async () => {
    const c = client();
    const r = await c.signIn(CREDS.privateKey);
    expect(r.status).toBe(303);
    const cookie = r.headers.getSetCookie().find((s) => s.startsWith('pt_dashboard='))!;
    expect(cookie).toMatch(/^pt_dashboard=[A-Za-z0-9_-]{43}; Max-Age=3600; Path=\/dashboard; HttpOnly; SameSite=Strict$/);
    const home = await c.get('/dashboard');
    expect(home.status).toBe(200);
    expect(home.text).toContain(CREDS.merchantId);
  });

  it('the public key, a wrong key, a near miss, the merchant id and an empty key are refused alike, saying nothing of what was wrong', async () => {
    const answers = new Set<string>();
    for (const key of [CREDS.publicKey, 'sk_wrong', `${CREDS.privateKey.slice(0, -1)}X`, CREDS.merchantId, ' ']) {
      const c = client();
      const r = await c.signIn(key);
      expect(r.status).toBe(401);
      expect(r.headers.getSetCookie().some((s) => s.startsWith('pt_dashboard='))).toBe(false);
      expect(c.jar.has('pt_dashboard')).toBe(false);
      if (key.trim()) expect(r.text).not.toContain(key);
      answers.add(errorLine(r.text)!);
    }
    expect([...answers]).toEqual(['Esa clave no abre el panel.']);
  });

  it('the sign-in form needs its own token: without its cookie, with another form token, or posted from another origin it is refused (403)', async () => {
    const c = client();
    const form = await c.get('/dashboard/sign-in');
    const csrf = DashboardClient.hidden(form.text, 'csrf');
    const other = DashboardClient.hidden((await client().get('/dashboard/sign-in')).text, 'csrf');
    const attempts = [
      () => new DashboardClient(api.baseUrl).post('/dashboard/sign-in', { csrf, key: CREDS.privateKey }), // no cookie
      () => c.post('/dashboard/sign-in', { csrf: other, key: CREDS.privateKey }),
      () => c.post('/dashboard/sign-in', { key: CREDS.privateKey }),
      () =>
        c.post('/dashboard/sign-in', { csrf, key: CREDS.privateKey }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }),
      () => c.post('/dashboard/sign-in', { csrf, key: CREDS.privateKey }, { 'sec-fetch-site': 'same-site' }),
    ];
    for (const attempt of attempts) {
      const r = await attempt();
      expect(r.status).toBe(403);
      expect(r.headers.getSetCookie().some((s) => s.startsWith('pt_dashboard='))).toBe(false);
    }
  });

  it('after 10 wrong keys in a minute even the right key waits (429); a minute later it signs in', async () => {
    real += 61_000; // the earlier tests' wrong keys out of the window
    const c = client();
    for (let i = 0; i < 10; i++) expect((await c.signIn(`sk_guess_${i}`)).status).toBe(401);
    const r = await c.signIn(CREDS.privateKey);
    expect(r.status).toBe(429);
    expect(errorLine(r.text)).toBe('Demasiados intentos fallidos. Espera un minuto y vuelve a intentarlo.');
    real += 61_000;
    expect((await c.signIn(CREDS.privateKey)).status).toBe(303);
  });

  it('the lockout is per client address: 10 wrong keys from 127.0.0.2 leave 127.0.0.1 and 127.0.0.3 signing in', async () => {
    real += 61_000;
    const guesser = new DashboardClient(api.baseUrl, '127.0.0.2');
    for (let i = 0; i < 10; i++) expect((await guesser.signIn(`sk_guess_${i}`)).status).toBe(401);
    expect((await guesser.signIn(CREDS.privateKey)).status).toBe(429);
    expect((await client().signIn(CREDS.privateKey)).status).toBe(303);
    expect((await new DashboardClient(api.baseUrl, '127.0.0.3').signIn(CREDS.privateKey)).status).toBe(303);
  });

  it('goes back only to a dashboard path: another site, a scheme-relative or a climbing path go to /dashboard', async () => {
    for (const back of ['https://evil.example/x', '//evil.example/dashboard', '/dashboard/../v1', '/dashboardx', 'javascript:alert(1)']) {
      const c = client();
      const form = await c.get('/dashboard/sign-in');
      const r = await c.post('/dashboard/sign-in', { csrf: DashboardClient.hidden(form.text, 'csrf'), key: CREDS.privateKey, back });
      expect([back, r.headers.get('location')]).toEqual([back, '/dashboard']);
    }
  });

  it('the cookies are Secure where https: behind a public https URL, or over https', async () => {
    const cookieOf = async (publicUrl: string | undefined, url: string) => {
      const { app, close } = createSandboxApp({ ...CREDS, scheduler: false, ...(publicUrl ? { publicUrl } : {}) });
      try {
        return (await app.request(url)).headers.getSetCookie()[0]!;
      } finally {
        close();
      }
    };
    expect(await cookieOf('https://sandbox.example', 'http://127.0.0.1:4010/dashboard/sign-in')).toMatch(/; Secure; SameSite=Strict$/);
    expect(await cookieOf(undefined, 'https://127.0.0.1:4010/dashboard/sign-in')).toMatch(/; Secure; SameSite=Strict$/);
    expect(await cookieOf(undefined, 'http://127.0.0.1:4010/dashboard/sign-in')).not.toContain('Secure');
  });
});

describe('sessions', () => {
  it('every sign-in makes a new random id and ends the session the browser had; a planted id is never taken', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const first = c.jar.get('pt_dashboard')!;
    const again = async (planted: string) => {
      const other = new DashboardClient(api.baseUrl);
      const form = await other.get('/dashboard/sign-in');
      other.jar.set('pt_dashboard', planted);
      const r = await other.post('/dashboard/sign-in', { csrf: DashboardClient.hidden(form.text, 'csrf'), key: CREDS.privateKey });
      expect(r.status).toBe(303);
      return other.jar.get('pt_dashboard')!;
    };
    const second = await again(first);
    expect(second).not.toBe(first);
    expect((await c.get('/dashboard')).status).toBe(303); // the session it replaced is over
    const planted = 'A'.repeat(43);
    expect(await again(planted)).not.toBe(planted);
    const third = (await client().signedIn(CREDS.privateKey)).jar.get('pt_dashboard');
    expect(new Set([first, second, third]).size).toBe(3);
  });

  it('sign-out ends the session on the server: the old cookie, sent again, opens nothing', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const stolen = c.cookie;
    const r = await c.post('/dashboard/sign-out', { csrf: await c.csrf() });
    expect([r.status, r.headers.get('location')]).toEqual([303, '/dashboard/sign-in?signed-out=1']);
    expect(c.jar.has('pt_dashboard')).toBe(false);
    expect((await c.get('/dashboard/sign-in?signed-out=1')).text).toContain('Sesión cerrada.');
    expect((await client().get('/dashboard', { cookie: stolen })).status).toBe(303);
  });

  it('bounded in number: past the most sessions (3 here) the least recently used one is over', async () => {
    const [a, b, c] = [
      await client().signedIn(CREDS.privateKey),
      await client().signedIn(CREDS.privateKey),
      await client().signedIn(CREDS.privateKey),
    ];
    expect((await a.get('/dashboard')).status).toBe(200); // a used last: b is now the least recently used
    await client().signedIn(CREDS.privateKey);
    expect((await b.get('/dashboard')).status).toBe(303);
    expect((await a.get('/dashboard')).status).toBe(200);
    expect((await c.get('/dashboard')).status).toBe(200);
  });

  it('bounded in time: idle past 10 minutes, or older than an hour however used, it is over', async () => {
    const idle = await client().signedIn(CREDS.privateKey);
    const busy = await client().signedIn(CREDS.privateKey);
    const minutes = (n: number) => (real += n * 60_000);
    minutes(9);
    expect([(await idle.get('/dashboard')).status, (await busy.get('/dashboard')).status]).toEqual([200, 200]);
    minutes(9);
    expect((await busy.get('/dashboard')).status).toBe(200);
    minutes(9); // idle for 18 minutes
    expect([(await idle.get('/dashboard')).status, (await busy.get('/dashboard')).status]).toEqual([303, 200]);
    for (let i = 0; i < 3; i++) {
      minutes(9); // 36, 45, 54 minutes after sign-in
      expect((await busy.get('/dashboard')).status).toBe(200);
    }
    minutes(7); // 61 minutes after sign-in, used 7 minutes ago
    expect((await busy.get('/dashboard')).status).toBe(303);
  });
});

describe('CSRF: every form carries the session token; a post without it, or from elsewhere, changes nothing', () => {
  it('every form of every page posts to the dashboard with the session token', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const token = await c.csrf();
    for (const path of ['/dashboard', '/dashboard/transactions', '/dashboard/customers', '/dashboard/requests', '/dashboard/clock']) {
      const html = (await c.get(path)).text;
      const forms = [...html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)];
      expect(forms.length, path).toBeGreaterThan(0);
      for (const [, action, body] of forms) {
        expect(action).toMatch(/^\/dashboard\//);
        expect(body).toContain(`name="csrf" value="${token}"`);
      }
    }
  });

  it('refuses a button post without the token, with another session token, from another origin or site, or not a form (403)', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const other = await (await client().signedIn(CREDS.privateKey)).csrf();
    const token = await c.csrf();
    const before = await clockNow();
    const advance = { step: 'day', back: '/dashboard/clock' };
    const refused = [
      await c.post('/dashboard/clock/do/advance', advance),
      await c.post('/dashboard/clock/do/advance', { ...advance, csrf: other }),
      await c.post(
        '/dashboard/clock/do/advance',
        { ...advance, csrf: token },
        { origin: 'http://localhost:9', 'sec-fetch-site': 'cross-site' },
      ),
      await c.post(
        '/dashboard/clock/do/advance',
        { ...advance, csrf: token },
        { origin: 'http://127.0.0.1:9', 'sec-fetch-site': 'same-site' },
      ),
      await c.post('/dashboard/clock/do/advance', { ...advance, csrf: token }, { origin: 'null', 'sec-fetch-site': 'none' }),
      await c.post('/dashboard/clock/do/advance', { ...advance, csrf: token }, { 'content-type': 'text/plain' }),
      // what a cross-site form post looks like: the SameSite=Strict cookie is not sent
      await new DashboardClient(api.baseUrl).post('/dashboard/clock/do/advance', { ...advance, csrf: token }),
    ];
    expect(refused.map((r) => r.status)).toEqual([403, 403, 403, 403, 403, 403, 403]);
    expect(await clockNow()).toBe(before);
    const done = await c.post('/dashboard/clock/do/advance', { ...advance, csrf: token });
    expect([done.status, done.headers.get('location')]).toEqual([303, '/dashboard/clock']);
    expect(Date.parse(await clockNow()) - Date.parse(before)).toBe(86_400_000);
  });
});

describe('Content-Security-Policy, framing, CORS', () => {
  it('every page: a CSP with no script and no inline style, no framing, no sniffing, same-origin resources; no inline script or style', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const pages = [
      '/dashboard',
      '/dashboard/transactions',
      '/dashboard/customers',
      '/dashboard/requests',
      '/dashboard/clock',
      '/dashboard/nope',
    ];
    for (const path of [...pages, '/dashboard/sign-in', '/dashboard/assets/dashboard.css']) {
      const r = path === '/dashboard/sign-in' ? await client().get(path) : await c.get(path);
      expect(r.headers.get('content-security-policy'), path).toBe(DASHBOARD_CSP);
      expect(r.headers.get('x-frame-options')).toBe('DENY');
      expect(r.headers.get('x-content-type-options')).toBe('nosniff');
      expect(r.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(r.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(r.headers.get('cache-control')).toBe('no-store');
      if (path.endsWith('.css')) continue;
      expect(r.text.startsWith('<!doctype html>')).toBe(true);
      expect(r.text).not.toMatch(/<script|<style|\sstyle=|\son[a-z]+=|javascript:/i);
    }
    expect(DASHBOARD_CSP).toContain("default-src 'none'");
    expect(DASHBOARD_CSP).toContain("frame-ancestors 'none'");
    expect(DASHBOARD_CSP).not.toMatch(/unsafe|script-src/);
    const css = await c.get('/dashboard/assets/dashboard.css');
    expect([css.status, css.headers.get('content-type')]).toEqual([200, 'text/css; charset=utf-8']);
  });

  it('no CORS: a page of another origin gets no Access-Control header, and its preflight is refused (405)', async () => {
    const c = await client().signedIn(CREDS.privateKey);
    const get = await c.get('/dashboard', { origin: 'https://evil.example' });
    expect(get.status).toBe(200);
    const preflight = await fetch(`${api.baseUrl}/dashboard/clock/do/advance`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(405);
    for (const h of [get.headers, preflight.headers]) expect([...h.keys()].filter((k) => k.startsWith('access-control-'))).toEqual([]);
    // the check can fail: the API's own routes do answer CORS
    const apiPreflight = await fetch(`${api.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(apiPreflight.headers.get('access-control-allow-origin')).toBe('https://evil.example');
  });

  it('refuses methods other than GET, HEAD and POST (405)', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) expect((await fetch(`${api.baseUrl}/dashboard`, { method })).status).toBe(405);
  });
});
