/**
 * Device data in Debian's Chromium, end to end: the visitor id across contexts, reloads and emulated devices;
 * collectors failing or hanging; consent off; what is sent and where; nothing stored; and the sandbox's rules
 * (device velocity, automation) deciding real checkouts.
 */
import type { BrowserContextOptions, Page } from '@playwright/test';
import { test, expect, fillCard, startServers, CREDENTIALS, LABELS, type Servers } from './fixtures';
import type { DeviceData } from '../src/fraud/types';

/** The page's device data, once collected (null when nothing was collected). */
const collected = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { PayToken: { deviceData: { collected(): Promise<unknown> } } }).PayToken.deviceData.collected(),
  ) as Promise<DeviceData | null>;

/** Opens the checkout page and waits until its device data is collected and the API has answered its POST. */
async function openCheckout(page: Page, servers: Pick<Servers, 'merchant' | 'apiUrl'>): Promise<DeviceData> {
  const posted = page.waitForResponse((r) => r.url() === `${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/device-data`);
  await page.goto(`${servers.merchant.url}/direct?lang=en`);
  const data = (await collected(page))!;
  expect((await posted).status()).toBe(201);
  return data;
}

/** Pays with `pan` on the open checkout page (English) and waits for the merchant's answer page. */
async function pay(page: Page, pan: string): Promise<void> {
  await fillCard(page, { number: pan });
  await page.getByRole('button', { name: LABELS.pay }).click();
  // the receipt, or a decline shown on the checkout form
  await expect(page.getByRole('heading', { name: 'Payment complete' }).or(page.locator('#payment-error:not(:empty)'))).toBeVisible();
}

test.describe('visitor id', () => {
  test('one browser profile: the same visitor id across fresh contexts and reloads, a new device_session_id each load', async ({
    browser,
    servers,
  }) => {
    const loads: DeviceData[] = [];
    for (let i = 0; i < 3; i++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      loads.push(await openCheckout(page, servers));
      const again = page.waitForResponse((r) => r.url().endsWith('/device-data'));
      await page.reload();
      loads.push((await collected(page))!);
      await again;
      await context.close();
    }
    const ids = new Set(loads.map((d) => d.visitor_id));
    expect(ids.size).toBe(1);
    expect(new Set(loads.map((d) => d.device_session_id)).size).toBe(6);
    // every page load's data reached the sandbox, under its own session id, with the same visitor id
    for (const d of loads) expect(servers.api.store.devices.get(d.device_session_id)?.data.visitor_id).toBe(d.visitor_id);
    // the expensive signals worked in headless Chromium, and rendered the same twice (no "unstable")
    expect(Object.keys(loads[0]!.signals)).toEqual(expect.arrayContaining(['canvas', 'webgl', 'audio', 'fonts', 'math', 'timezone']));
    expect(Object.values(loads[0]!.missing)).not.toContain('unstable');
    expect(loads[0]!.automation).toContain('webdriver');
  });

  test('twenty emulated devices give twenty distinct visitor ids', async ({ browser }) => {
    test.setTimeout(120_000);
    const UA = {
      linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36',
      iphone:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1',
      android: 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    };
    const shapes: BrowserContextOptions[] = [
      {
        timezoneId: 'America/Mexico_City',
        viewport: { width: 1280, height: 720 },
        deviceScaleFactor: 1,
        isMobile: false,
        userAgent: UA.linux,
      },
      { timezoneId: 'Europe/Paris', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2, isMobile: false, userAgent: UA.mac },
      {
        timezoneId: 'Asia/Tokyo',
        viewport: { width: 390, height: 844 },
        deviceScaleFactor: 3,
        isMobile: true,
        hasTouch: true,
        userAgent: UA.iphone,
      },
      {
        timezoneId: 'America/New_York',
        viewport: { width: 412, height: 915 },
        deviceScaleFactor: 2.625,
        isMobile: true,
        hasTouch: true,
        userAgent: UA.android,
      },
    ];
    const profiles = ['en-US', 'es-MX', 'fr-FR', 'de-DE', 'ja-JP'].flatMap((locale) => shapes.map((s) => ({ ...s, locale })));
    expect(profiles).toHaveLength(20);
    // a page without the API, so only collection runs (nothing to send: no merchant id is set); https, a secure
    // context, as a card page is (device data needs WebCrypto)
    const page = `<!doctype html><script src="/paytoken.iife.js"></script>`;
    const ids: string[] = [];
    for (const profile of profiles) {
      const context = await browser.newContext(profile);
      await context.route('https://paytoken.test/**', (route) =>
        route.request().url().endsWith('.js')
          ? route.fulfill({ path: 'dist/paytoken.iife.js', contentType: 'text/javascript' })
          : route.fulfill({ body: page, contentType: 'text/html' }),
      );
      const tab = await context.newPage();
      await tab.goto('https://paytoken.test/');
      const data = (await tab.evaluate(() => {
        const P = (window as unknown as { PayToken: { deviceData: { setup(): string; collected(): Promise<unknown> } } }).PayToken;
        P.deviceData.setup();
        return P.deviceData.collected();
      })) as DeviceData;
      expect(data.signals.timezone?.[0]).toBe(profile.timezoneId);
      ids.push(data.visitor_id);
      await context.close();
    }
    expect(new Set(ids).size).toBe(20);
  });
});

test.describe('collectors that fail or hang', () => {
  test('canvas blocked, WebGL missing, AudioContext throwing: a visitor id still comes, within the budget', async ({ page, servers }) => {
    await page.addInitScript(() => {
      HTMLCanvasElement.prototype.toDataURL = () => {
        throw new DOMException('Canvas reads are blocked', 'SecurityError');
      };
      const getContext = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, kind: string, ...rest: unknown[]) {
        return /webgl/.test(kind) ? null : (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
      } as typeof getContext;
      (window as unknown as { OfflineAudioContext: unknown }).OfflineAudioContext = function () {
        throw new Error('AudioContext is disabled');
      };
    });
    const data = await openCheckout(page, servers);
    expect(data.missing).toMatchObject({ canvas: 'blocked', webgl: 'unsupported', audio: 'threw' });
    expect(data.visitor_id).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(data.signals)).toEqual(expect.arrayContaining(['screen', 'fonts', 'math', 'timezone']));
    // the budget (500 ms by default) bounds the collection; slack only for timer latency on a busy machine
    expect(data.timings.total).toBeLessThan(500 + 250);
  });

  test('an audio rendering that never finishes is "timeout" at the budget; the rest is collected and sent', async ({ page, servers }) => {
    await page.addInitScript(() => {
      OfflineAudioContext.prototype.startRendering = () => new Promise(() => {});
    });
    const data = await openCheckout(page, servers);
    expect(data.missing.audio).toBe('timeout');
    expect(data.signals).toHaveProperty('canvas');
    expect(data.timings.total).toBeGreaterThanOrEqual(499);
    expect(data.timings.total).toBeLessThan(500 + 250);
    expect(servers.api.store.devices.get(data.device_session_id)?.data.missing.audio).toBe('timeout');
  });
});

test.describe('consistency in a real browser', () => {
  test("the Worker's answer is waited for within the budget and compared; Chromium's geometry and engine are consistent", async ({
    page,
    servers,
  }) => {
    const data = await openCheckout(page, servers);
    // the Worker started first and answered within the budget: compared, not missing
    expect(data.missing).not.toHaveProperty('worker');
    expect(data.timings.worker).toBeGreaterThan(0);
    expect(data.timings.worker).toBeLessThanOrEqual(data.timings.total!);
    // a genuine Chromium: its user agent's version fits its CSS, its window its viewport; the Worker agrees
    for (const flag of ['worker_mismatch', 'impossible_geometry', 'engine_mismatch']) expect(data.automation).not.toContain(flag);
  });

  test('a page that claims other cores and another Chrome version than its engine: worker_mismatch and engine_mismatch', async ({
    page,
    servers,
  }) => {
    // what fingerprint injection does: the page's navigator patched, the Worker's left as it is
    await page.addInitScript(() => {
      const proto = Object.getPrototypeOf(navigator);
      Object.defineProperty(proto, 'hardwareConcurrency', { get: () => 12 });
      const ua = navigator.userAgent.replace(/Chrome\/\d+/, 'Chrome/120');
      Object.defineProperty(proto, 'userAgent', { get: () => ua });
    });
    const data = await openCheckout(page, servers);
    expect(data.automation).toEqual(expect.arrayContaining(['worker_mismatch', 'engine_mismatch']));
  });
});

test.describe('privacy and transport', () => {
  test('sent once per page load, to the API origin only, with the public key; nothing stored; no CSP violation', async ({
    page,
    context,
    servers,
    recorder,
  }) => {
    const data = await openCheckout(page, servers);
    const posts = recorder.requests.filter((r) => r.url.endsWith('/device-data'));
    expect(posts).toHaveLength(1);
    expect(posts[0]!.method).toBe('POST');
    expect(posts[0]!.url).toBe(`${servers.apiUrl}/v1/${CREDENTIALS.merchantId}/device-data`);
    expect(posts[0]!.headers.authorization).toBe(`Basic ${Buffer.from(`${CREDENTIALS.publicKey}:`).toString('base64')}`);
    expect(JSON.parse(posts[0]!.body)).toEqual(JSON.parse(JSON.stringify(data)));
    const origins = new Set(recorder.requests.map((r) => new URL(r.url).origin));
    expect([...origins].sort()).toEqual([servers.apiUrl, servers.merchant.url].sort());
    expect(recorder.cspViolations).toEqual([]);
    // nothing in cookies or storage
    expect(
      await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        databases: (await indexedDB.databases()).length,
      })),
    ).toEqual({ local: 0, session: 0, cookie: '', databases: 0 });
    // the only cookie is the merchant's own HttpOnly CSRF session cookie (demo/merchant/server.ts), not the library's
    const state = await context.storageState();
    expect(state.origins).toEqual([]);
    expect(state.cookies.map((c) => ({ name: c.name, domain: c.domain, httpOnly: c.httpOnly, sameSite: c.sameSite }))).toEqual([
      { name: 'sid', domain: new URL(servers.merchant.url).hostname, httpOnly: true, sameSite: 'Lax' },
    ]);
    // a later payment is linked to the device: the Transaction names the automation flag (headless Chromium)
    await pay(page, '4111111111111111');
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    // headless Chromium renders WebGL in software (SwiftShader) where there is no GPU: beside the automation
    // evidence the plausibility flag joins; Playwright's key presses (released at once, the next pressed a moment
    // later) are robotic typing and held to the next key, and its capitals (Ana Pérez) come without Shift
    expect(servers.merchant.charges.at(-1)).toMatchObject({ status: 'completed' });
    expect(servers.merchant.charges.at(-1)!.fraud_flags).toEqual(expect.arrayContaining(['automation']));
    expect((servers.merchant.charges.at(-1)!.fraud_flags as string[]).filter((f) => f !== 'headless_renderer')).toEqual([
      'automation',
      'robotic_typing',
      'held_to_next_key',
      'shiftless_capitals',
    ]);
    expect(recorder.requests.filter((r) => r.url.endsWith('/device-data'))).toHaveLength(1);
  });

  test('collect: false (no consent) sends no device data; the payment goes through, flagged missing_device_data', async ({
    page,
    servers,
    recorder,
  }) => {
    await page.goto(`${servers.merchant.url}/direct?device_data=off&lang=en`);
    expect(await collected(page)).toBeNull();
    await expect(page.locator('input[name="device_session_id"]')).toHaveValue(/^[A-Za-z0-9]{32}$/);
    await pay(page, '4111111111111111');
    await expect(page.locator('[data-field="authorization"]')).toHaveText(/^\d{6}$/);
    expect(servers.merchant.charges.at(-1)).toMatchObject({ status: 'completed', fraud_flags: ['missing_device_data'] });
    expect(recorder.requests.filter((r) => r.url.includes('/device-data'))).toEqual([]);
  });
});

test.describe('the sandbox rules decide real checkouts', () => {
  test('device velocity: a third distinct card from one device is declined, 3005 naming device_velocity', async ({ browser }) => {
    const servers = await startServers({ velocityMaxCards: 2 });
    try {
      const context = await browser.newContext();
      const outcomes: string[] = [];
      for (const pan of ['4111111111111111', '5555555555554444', '2223000048400011']) {
        const page = await context.newPage();
        await page.goto(`${servers.merchant.url}/new-order`); // one order per payment: a paid order is never charged again
        await openCheckout(page, servers);
        await pay(page, pan);
        const declined = (await page.locator('#payment-error').count()) ? await page.locator('#payment-error').textContent() : '';
        outcomes.push(declined || (await page.getByRole('heading', { level: 1 }).textContent())!);
        if (outcomes.length === 3)
          expect(servers.merchant.charges.at(-1)).toMatchObject({ error_code: 3005, fraud_rules: ['device_velocity'] });
        await page.close();
      }
      expect(outcomes).toEqual(['Payment complete', 'Payment complete', 'Card declined. Use another card or call your bank.']);
      await context.close();
    } finally {
      await servers.close();
    }
  });

  test('automation rule "decline": headless Chromium is declined, 3005 naming automation', async ({ page }) => {
    const servers = await startServers({ automation: 'decline' });
    try {
      const data = await openCheckout(page, servers);
      expect(data.automation.length).toBeGreaterThan(0);
      await pay(page, '4111111111111111');
      await expect(page.locator('#payment-error')).toHaveText('Card declined. Use another card or call your bank.');
      expect(servers.merchant.charges.at(-1)).toMatchObject({ error_code: 3005, fraud_rules: ['automation'] });
    } finally {
      await servers.close();
    }
  });
});
