/**
 * The human-paced automated rows of `npm run bench:bots` (scripts/bench/bots.ts): tools from the npm registry that
 * hide automation, each used as its documentation shows, with Debian's browsers, entering the card at a person's
 * pace: a click into each field (ghost-cursor's human-like mouse path where the tool comes with it), 60-250 ms
 * between keys. Two ways of typing at that pace:
 * - with a delay (`keyboard.press(key, { delay })`, what Puppeteer's and Playwright's `type` do): each key is held
 *   for the delay and released as the next goes down;
 * - held (`keyboard.down`, a 50-130 ms hold, `keyboard.up`, the rest of the gap), Shift held for capitals where
 *   `shift` is set: the most careful timing a script can make.
 * Each returns a function that stops everything it started.
 */
import { spawn } from 'node:child_process';
import { chromium } from 'playwright-core';
import puppeteer, { type LaunchOptions } from 'puppeteer-core';
import { addExtra } from 'puppeteer-extra';
import Stealth from 'puppeteer-extra-plugin-stealth';
import rebrowser from 'rebrowser-puppeteer-core';
import { connect } from 'puppeteer-real-browser';
import { newInjectedContext } from 'fingerprint-injector';
import { chromium as patchright } from 'patchright-core';
import { createCursor } from 'ghost-cursor';
import {
  CARD,
  CHROMIUM,
  FIELDS,
  FIREFOX,
  FIREFOX_PREFS,
  MINIBROWSER,
  DEAD_PROXY,
  QUIET,
  freePort,
  stopGroup,
  type Env,
  type Stop,
} from './bots-drivers';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = (lo: number, hi: number) => lo + Math.random() * (hi - lo);
/** A person's time between key presses, ms. */
const gap = () => between(60, 250);

/** The keyboard of Puppeteer, rebrowser-puppeteer and Playwright alike. */
interface Keyboard {
  press(key: string, options?: { delay?: number }): Promise<void>;
  down(key: string): Promise<void>;
  up(key: string): Promise<void>;
}

/** Types `text` with a delay per key: each key held the delay, released as the next goes down. */
async function typeWithDelay(keyboard: Keyboard, text: string): Promise<void> {
  for (const c of text) await keyboard.press(c, { delay: gap() });
}

/** Types `text` with each key held 50-130 ms, then the rest of a 60-250 ms gap; Shift held for capitals if `shift`. */
async function typeHeld(keyboard: Keyboard, text: string, shift: boolean): Promise<void> {
  for (const c of text) {
    const [step, hold] = [gap(), between(50, 130)];
    const capital = shift && /[A-Z]/.test(c);
    if (capital) await keyboard.down('Shift');
    await keyboard.down(c);
    await sleep(hold);
    await keyboard.up(c);
    if (capital) await keyboard.up('Shift');
    await sleep(Math.max(10, step - hold));
  }
}

/** For each field, `click` it, then `type` its text; then `click` Pay. */
async function enterCard(click: (selector: string) => Promise<unknown>, type: (text: string) => Promise<void>): Promise<void> {
  for (const [key, selector] of FIELDS) {
    await click(selector);
    await sleep(between(300, 700));
    await type(CARD[key]);
  }
  await sleep(between(400, 900));
  await click('#submit');
}

/** A Puppeteer-API launcher: puppeteer-core, its puppeteer-extra wrapper, rebrowser-puppeteer. */
type PuppeteerLauncher = Pick<typeof puppeteer, 'launch'>;

/**
 * Launches `options` headed on the test display, opens the page and enters the card: clicks through ghost-cursor's
 * human-like mouse path when `ghost`, else the page's own clicks; each field's text typed by `type`.
 */
async function pacedPuppeteer(
  launcher: PuppeteerLauncher,
  options: LaunchOptions,
  env: Env,
  ghost: boolean,
  type: (keyboard: Keyboard, text: string) => Promise<void>,
): Promise<Stop> {
  const browser = await launcher.launch({ ...options, headless: false, env: { ...process.env, DISPLAY: env.display } });
  const page = await browser.newPage();
  await page.goto(env.url);
  const cursor = ghost ? createCursor(page as never) : undefined;
  await enterCard(
    (selector) => (cursor ? cursor.click(selector) : page.click(selector)),
    (text) => type(page.keyboard, text),
  );
  return () => browser.close();
}

/** rebrowser-puppeteer (its patches against CDP traces), `--enable-automation` dropped: ghost-cursor clicks, typed with a delay. */
export function rebrowserPaced(env: Env): Promise<Stop> {
  const options = {
    executablePath: CHROMIUM,
    args: [...QUIET, '--disable-blink-features=AutomationControlled'],
    ignoreDefaultArgs: ['--enable-automation'],
  };
  return pacedPuppeteer(rebrowser as unknown as PuppeteerLauncher, options, env, true, typeWithDelay);
}

/** puppeteer-real-browser (rebrowser patches, ghost-cursor's `realCursor`): keys sent one by one at a person's pace. */
export async function realBrowserPaced(env: Env): Promise<Stop> {
  const { browser, page } = await connect({
    headless: false,
    disableXvfb: true,
    args: [`--proxy-server=${DEAD_PROXY}`, '--disable-background-networking', '--disable-component-update'],
    customConfig: { chromePath: CHROMIUM, envVars: { ...process.env, DISPLAY: env.display } },
  } as never);
  await page.goto(env.url);
  const cursor = (page as unknown as { realCursor: ReturnType<typeof createCursor> }).realCursor;
  await enterCard(
    (selector) => cursor.click(selector),
    async (text) => {
      for (const c of text) {
        await page.keyboard.type(c);
        await sleep(gap());
      }
    },
  );
  return () => browser.close();
}

/** fingerprint-injector (a generated Windows Chrome fingerprint) over Playwright: clicks, typed with a delay. */
export async function injectedPaced(env: Env): Promise<Stop> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: false,
    args: QUIET,
    env: { ...process.env, DISPLAY: env.display },
  });
  const context = await newInjectedContext(browser, {
    fingerprintOptions: { devices: ['desktop'], operatingSystems: ['windows'], browsers: ['chrome'] },
  });
  const page = await context.newPage();
  await page.goto(env.url);
  await enterCard(
    (selector) => page.click(selector),
    (text) => typeWithDelay(page.keyboard, text),
  );
  return () => browser.close();
}

/** patchright (Playwright patched against automation traces), the window's own viewport: clicks, keys held. */
export async function patchrightPaced(env: Env): Promise<Stop> {
  const browser = await patchright.launch({
    executablePath: CHROMIUM,
    headless: false,
    args: QUIET,
    env: { ...process.env, DISPLAY: env.display },
  });
  const page = await browser.newPage({ viewport: null });
  await page.goto(env.url);
  await enterCard(
    (selector) => page.click(selector),
    (text) => typeHeld(page.keyboard, text, false),
  );
  return () => browser.close();
}

/** Types `text` with each key held, Shift held for capitals. */
const typeHeldShift = (keyboard: Keyboard, text: string) => typeHeld(keyboard, text, true);

/** puppeteer-extra-plugin-stealth with ghost-cursor: human-like mouse paths, keys held, Shift held for capitals. */
export function stealthPaced(env: Env): Promise<Stop> {
  const launcher = addExtra(puppeteer as never).use(Stealth()) as unknown as PuppeteerLauncher;
  return pacedPuppeteer(launcher, { executablePath: CHROMIUM, args: QUIET }, env, true, typeHeldShift);
}

/** puppeteer-core + Firefox ESR over WebDriver BiDi: clicks, keys held, Shift held for capitals. */
export function firefoxPaced(env: Env): Promise<Stop> {
  const options: LaunchOptions = { browser: 'firefox', executablePath: FIREFOX, extraPrefsFirefox: FIREFOX_PREFS };
  return pacedPuppeteer(puppeteer, options, env, false, typeHeldShift);
}

/** One W3C WebDriver command over HTTP; the response's `value`. */
async function wd(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const init = { method, headers: { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) };
  const json = (await (await fetch(base + path, { ...init, signal: AbortSignal.timeout(40_000) })).json()) as { value: any };
  if (json.value?.error) throw new Error(`WebDriver ${method} ${path}: ${json.value.error}: ${json.value.message}`);
  return json.value;
}

/** The W3C key actions of `text`: each key held 50-130 ms, 60-250 ms between presses, Shift (U+E008) for capitals. */
function keyActions(text: string): object[] {
  const actions: object[] = [];
  for (const c of text) {
    const hold = Math.round(between(50, 130));
    const shift = /[A-Z]/.test(c);
    if (shift) actions.push({ type: 'keyDown', value: '\uE008' });
    actions.push({ type: 'keyDown', value: c }, { type: 'pause', duration: hold }, { type: 'keyUp', value: c });
    if (shift) actions.push({ type: 'keyUp', value: '\uE008' });
    actions.push({ type: 'pause', duration: Math.max(10, Math.round(gap() - hold)) });
  }
  return actions;
}

/** WebKitWebDriver + MiniBrowser: element clicks, then W3C key actions at a person's pace. */
export async function webkitPaced(env: Env): Promise<Stop> {
  const port = await freePort();
  const driver = spawn('WebKitWebDriver', [`--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, DISPLAY: env.display },
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; !(await wd(base, 'GET', '/status').catch(() => null)); i++) {
    if (i > 300) throw new Error('WebKitWebDriver did not start');
    await sleep(100);
  }
  const browserOptions = { binary: MINIBROWSER, args: ['--automation', `--proxy=http://${DEAD_PROXY}`, '--ignore-host=127.0.0.1'] };
  const { sessionId } = await wd(base, 'POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': browserOptions } },
  });
  const s = `/session/${sessionId}`;
  await wd(base, 'POST', `${s}/url`, { url: env.url });
  const click = async (selector: string) => {
    const element = Object.values(await wd(base, 'POST', `${s}/element`, { using: 'css selector', value: selector }))[0] as string;
    await wd(base, 'POST', `${s}/element/${element}/click`, {});
  };
  const type = (text: string) =>
    wd(base, 'POST', `${s}/actions`, { actions: [{ type: 'key', id: 'keyboard', actions: keyActions(text) }] });
  await enterCard(click, type);
  return async () => {
    await wd(base, 'DELETE', s).catch(() => {});
    await stopGroup(driver);
  };
}
