/**
 * The set-ups of `npm run bench:bots` (scripts/bench/bots.ts): each opens the bench checkout and enters the card the
 * way that tool is normally used (Playwright `fill`, Puppeteer `type`, Selenium `sendKeys`, WebDriver element
 * values). The human-paced ones are in ./bots-paced.ts, the person-driven ones in ./bots-people.ts. Every browser is kept off the network but 127.0.0.1 (a proxy on a closed local port, background
 * services off). Each returns a function that stops everything it started.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { addExtra } from 'puppeteer-extra';
import Stealth from 'puppeteer-extra-plugin-stealth';
import { Builder, By } from 'selenium-webdriver';
import chrome from 'selenium-webdriver/chrome.js';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const FIREFOX = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';
const CHROMEDRIVER = '/usr/bin/chromedriver';
const WEBKIT_DRIVER = 'WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** A closed local port: every request that is not to 127.0.0.1 goes to this proxy and fails. */
export const DEAD_PROXY = '127.0.0.1:9';

/** The test card, entered field by field (the expiry as MMYY: the form layer adds the slash). */
export const CARD = { holder: 'Ana Perez', number: '4111111111111111', expiry: `12${(new Date().getFullYear() + 3) % 100}`, cvv: '123' };
export const FIELDS: [keyof typeof CARD, string][] = [
  ['holder', '#holder'],
  ['number', '#number'],
  ['expiry', '#expiry'],
  ['cvv', '#cvv'],
];

export type Stop = () => Promise<void>;

/**
 * What a set-up gets: the page URL (with its run id), the X display, a wait for the page's `ready` report, and
 * `reset()`, which forgets the reports so far (before a reload: the next `ready()` waits for the new page load's).
 */
export interface Env {
  url: string;
  display: string;
  ready: () => Promise<{ holder?: [number, number] }>;
  reset: () => void;
}

/** Chromium flags that keep it off the network but loopback, without changing what the page sees of automation. */
export const QUIET = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--no-default-browser-check',
  `--proxy-server=${DEAD_PROXY}`,
];

/** Firefox preferences: no first-run pages, no Mozilla services, a dead proxy but for 127.0.0.1. */
export const FIREFOX_PREFS: Record<string, string | number | boolean> = {
  'network.proxy.type': 1,
  'network.proxy.http': '127.0.0.1',
  'network.proxy.http_port': 9,
  'network.proxy.ssl': '127.0.0.1',
  'network.proxy.ssl_port': 9,
  'network.proxy.no_proxies_on': '127.0.0.1',
  'network.proxy.allow_hijacking_localhost': false,
  'app.update.auto': false,
  'browser.shell.checkDefaultBrowser': false,
  'browser.startup.homepage_override.mstone': 'ignore',
  'browser.aboutwelcome.enabled': false,
  'datareporting.policy.dataSubmissionEnabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'browser.safebrowsing.update.enabled': false,
  'extensions.update.enabled': false,
  'browser.newtabpage.enabled': false,
};

/** Playwright + Chromium: `page.fill` each field, click Pay. */
export async function playwrightChromium(env: Env, headless: boolean): Promise<Stop> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless, args: QUIET, env: { ...process.env, DISPLAY: env.display } });
  const page = await browser.newPage();
  await page.goto(env.url);
  for (const [key, sel] of FIELDS) await page.fill(sel, CARD[key]);
  await page.click('#submit');
  return () => browser.close();
}

/** A puppeteer browser's way to pay: open the page, `page.type` each field, click Pay; stops by closing the browser. */
async function payWithPuppeteer(browser: Awaited<ReturnType<typeof puppeteer.launch>>, env: Env): Promise<Stop> {
  const page = await browser.newPage();
  await page.goto(env.url);
  for (const [key, sel] of FIELDS) await page.type(sel, CARD[key]);
  await page.click('#submit');
  return () => browser.close();
}

/** Puppeteer (puppeteer-core, or puppeteer-extra with the stealth plugin) + Chromium: `page.type`, click Pay. */
export async function puppeteerChromium(env: Env, headless: boolean, stealth: boolean): Promise<Stop> {
  const launcher = stealth ? addExtra(puppeteer as never).use(Stealth()) : puppeteer;
  const browser = await (launcher as typeof puppeteer).launch({
    executablePath: CHROMIUM,
    headless,
    args: QUIET,
    env: { ...process.env, DISPLAY: env.display },
  });
  return payWithPuppeteer(browser, env);
}

/** Puppeteer + Firefox ESR over WebDriver BiDi: `page.type`, click Pay. */
export async function puppeteerFirefox(env: Env, headless: boolean): Promise<Stop> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless,
    extraPrefsFirefox: FIREFOX_PREFS,
    env: { ...process.env, DISPLAY: env.display },
  });
  return payWithPuppeteer(browser, env);
}

/** Selenium (selenium-webdriver) + Debian's chromedriver: `sendKeys` each field, click Pay. */
export async function seleniumChromium(env: Env, headless: boolean): Promise<Stop> {
  const options = new chrome.Options().setChromeBinaryPath(CHROMIUM);
  options.addArguments(...QUIET, ...(headless ? ['--headless=new'] : []));
  const service = new chrome.ServiceBuilder(CHROMEDRIVER).setEnvironment({ ...process.env, DISPLAY: env.display } as Record<
    string,
    string
  >);
  const driver = await new Builder().forBrowser('chrome').setChromeOptions(options).setChromeService(service).build();
  await driver.get(env.url);
  for (const [key, sel] of FIELDS) await driver.findElement(By.css(sel)).sendKeys(CARD[key]);
  await driver.findElement(By.css('#submit')).click();
  return () => driver.quit();
}

/** One W3C WebDriver command over HTTP; the response's `value`. */
async function wd(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(40_000),
  });
  const json = (await res.json()) as { value: any };
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

/** A free port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((r) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => r(port));
    });
  });
}

/** Stops a detached process's whole group (SIGTERM, then SIGKILL after a second). */
export function stopGroup(child: ChildProcess): Promise<void> {
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      /* gone */
    }
  };
  signal('SIGTERM');
  return new Promise((r) => setTimeout(() => (signal('SIGKILL'), r()), 1000));
}

/** WebKitWebDriver + WebKitGTK's MiniBrowser (as e2e/engines/webkit.ts): element values (`sendKeys`), click Pay. */
export async function webkitWebDriver(env: Env): Promise<Stop> {
  const port = await freePort();
  const driver = spawn(WEBKIT_DRIVER, [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, DISPLAY: env.display },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    try {
      await wd(base, 'GET', '/status');
      break;
    } catch (e) {
      if (i > 300) throw e;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  const browserOptions = { binary: MINIBROWSER, args: ['--automation', `--proxy=http://${DEAD_PROXY}`, '--ignore-host=127.0.0.1'] };
  const { sessionId } = await wd(base, 'POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': browserOptions } },
  });
  const s = `/session/${sessionId}`;
  await wd(base, 'POST', `${s}/url`, { url: env.url });
  const element = async (sel: string) =>
    Object.values(await wd(base, 'POST', `${s}/element`, { using: 'css selector', value: sel }))[0] as string;
  for (const [key, sel] of FIELDS) await wd(base, 'POST', `${s}/element/${await element(sel)}/value`, { text: CARD[key] });
  await wd(base, 'POST', `${s}/element/${await element('#submit')}/click`, {});
  return async () => {
    await wd(base, 'DELETE', s).catch(() => {});
    await stopGroup(driver);
  };
}

/** `chromium --headless` with `--dump-dom` or `--screenshot`: loads the page, enters nothing. */
export async function chromiumCli(env: Env, mode: 'dump-dom' | 'screenshot'): Promise<Stop> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-bots-'));
  const out = mode === 'dump-dom' ? '--dump-dom' : `--screenshot=${join(dir, 'shot.png')}`;
  const child = spawn(CHROMIUM, ['--headless', ...QUIET, `--user-data-dir=${dir}`, '--virtual-time-budget=15000', out, env.url], {
    stdio: 'ignore',
    detached: true,
  });
  return async () => {
    await stopGroup(child);
    rmSync(dir, { recursive: true, force: true });
  };
}
