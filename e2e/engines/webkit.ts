/**
 * WebKit adapter: Debian's WebKitWebDriver (webkit2gtk-driver, a W3C WebDriver server) driving WebKitGTK's
 * MiniBrowser under Xvfb (`xvfb-run -a`), spoken to over plain WebDriver HTTP (the few commands below). Each tab is
 * a new WebDriver session, so a new MiniBrowser process with an ephemeral profile. Non-loopback traffic goes to a
 * local trap (MiniBrowser's `--proxy`; 127.0.0.1 and localhost, both loopback, ignored: the dashboard scenario needs a
 * second site). Paths: WEBKIT_DRIVER, WEBKIT_MINIBROWSER.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { webkitAx } from './accessibility';
import { callSource, focusAtEnd, installProbe, isActive, VIEWPORT, type Engine, type Key, type Shape, type Tab } from './engine';
import { freePort, startTrap } from './isolation';

const DRIVER = process.env.WEBKIT_DRIVER ?? 'WebKitWebDriver';
const MINIBROWSER = process.env.WEBKIT_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The W3C WebDriver element reference key. */
const ELEMENT = 'element-6066-11e4-a52e-4a5cb2ac4f08';
/** WebDriver key codes (W3C WebDriver, Keyboard actions). */
const CODES: Record<string, string> = {
  Tab: '\uE004',
  Enter: '\uE007',
  Backspace: '\uE003',
  Delete: '\uE017',
  ArrowLeft: '\uE012',
  ArrowRight: '\uE014',
  Home: '\uE011',
  End: '\uE010',
  Shift: '\uE008',
  Control: '\uE009',
};

/**
 * The tab shapes WebKit takes, each a window of its {@link VIEWPORT}: `narrow` asks for 320 px and gets
 * MiniBrowser's narrowest, 447 CSS px; `zoom` is a 640 px window (WebKitWebDriver sets no zoom level); no
 * `forced-colors`.
 */
const SHAPES: Shape[] = ['desktop', 'reduced-motion', 'phone', 'narrow', 'zoom'];

/** One WebDriver command: the response's `value`, or an Error with the WebDriver error and message. */
async function command(base: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(base + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(path === '/session' ? 40_000 : 20_000),
  }).catch((e: unknown) => {
    throw new Error(`WebDriver ${method} ${path}: ${String(e)}`);
  });
  const json = (await res.json()) as { value: any };
  if (!res.ok) throw new Error(`WebDriver ${method} ${path}: ${json.value?.error}: ${json.value?.message}`);
  return json.value;
}

/** A WebKitWebDriver server under its own Xvfb: its address, and how to stop its process group. */
interface Driver {
  base: string;
  stop(): void;
}

/**
 * Starts WebKitWebDriver under `xvfb-run`, its own process group (xvfb-run, Xvfb, the driver, MiniBrowser),
 * stopped as one; `env` is added to the driver's environment, which MiniBrowser inherits.
 */
async function startDriver(env: NodeJS.ProcessEnv = {}): Promise<Driver> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const driver: ChildProcess = spawn('xvfb-run', ['-a', DRIVER, `--port=${port}`, '--host=127.0.0.1'], {
    stdio: 'ignore',
    detached: true,
    env: { ...process.env, LANG: 'es_MX.UTF-8', LANGUAGE: 'es_MX', ...env }, // a Mexican shopper's locale (WebKitGTK's languages)
  });
  const stop = () => {
    try {
      process.kill(-driver.pid!, 'SIGTERM');
    } catch {
      /* gone */
    }
  };
  try {
    for (let i = 0; ; i++) {
      try {
        if ((await command(base, 'GET', '/status')).ready !== undefined) break;
      } catch (e) {
        if (i > 600) throw new Error(`WebKitWebDriver did not start within 30 s: ${String(e)}`, { cause: e });
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  } catch (e) {
    stop();
    throw e;
  }
  return { base, stop };
}

/**
 * The driver of `reduced-motion` tabs: WebKitGTK answers `prefers-reduced-motion: reduce` when GTK's
 * `gtk-enable-animations` is off, which GTK 3 reads from `$XDG_CONFIG_HOME/gtk-3.0/settings.ini` (no XSETTINGS
 * manager runs under Xvfb); a setting of the process, so a driver of its own, with a settings file of its own.
 */
async function startReducedMotionDriver(): Promise<Driver> {
  const home = mkdtempSync(join(tmpdir(), 'paytoken-webkit-'));
  mkdirSync(join(home, 'gtk-3.0'));
  writeFileSync(join(home, 'gtk-3.0', 'settings.ini'), '[Settings]\ngtk-enable-animations=0\n');
  const driver = await startDriver({ XDG_CONFIG_HOME: home }).catch((e: unknown) => {
    rmSync(home, { recursive: true, force: true });
    throw e;
  });
  return {
    base: driver.base,
    stop() {
      driver.stop();
      rmSync(home, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    },
  };
}

export async function launchWebKit(): Promise<Engine> {
  const trap = await startTrap();
  const main = await startDriver().catch(async (e: unknown) => {
    await trap.close();
    throw e;
  });
  let reduced: Promise<Driver> | undefined;
  /** Each open session, by id: the address of its driver. */
  const sessions = new Map<string, string>();
  let version = '';

  async function newTab(shape: Shape = 'desktop'): Promise<Tab> {
    if (!SHAPES.includes(shape)) throw new Error(`webkit: no ${shape} tab`);
    const base = shape === 'reduced-motion' ? (await (reduced ??= startReducedMotionDriver())).base : main.base;
    const created = await command(base, 'POST', '/session', {
      capabilities: {
        alwaysMatch: {
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', `--proxy=http://127.0.0.1:${trap.port}`, '--ignore-host=127.0.0.1', '--ignore-host=localhost'],
          },
        },
      },
    });
    const id: string = created.sessionId;
    sessions.set(id, base);
    version = `MiniBrowser (WebKitGTK) ${created.capabilities.browserVersion}`;
    const s = `/session/${id}`;
    const wd = (method: string, path: string, body?: unknown) => command(base, method, s + path, body);
    // a phone-sized window (MiniBrowser keeps its own minimum width: 447 CSS px), a laptop-sized one, or a display's
    await wd('POST', '/window/rect', VIEWPORT[shape]);
    /** The element reference, as the driver gave it (WebKitWebDriver's key is not the W3C one). */
    const findRef = (selector: string): Promise<Record<string, string>> =>
      wd('POST', '/element', { using: 'css selector', value: selector });
    const find = async (selector: string) => {
      const ref = await findRef(selector);
      return (ref[ELEMENT] ?? Object.values(ref)[0]) as string;
    };
    const run = async (source: string) => {
      const r = await wd('POST', '/execute/async', {
        script: `const done = arguments[0]; Promise.resolve().then(() => ${source}).then((value) => done({ value }), (e) => done({ error: String(e && e.stack || e) }));`,
        args: [],
      });
      if (r && 'error' in r) throw new Error(r.error);
      return r?.value;
    };
    /** Key actions: each chord's keys down in order, then up in reverse; chords one after another. */
    const keys = async (chords: string[][]) => {
      const actions = chords.flatMap((seq) => [
        ...seq.map((value) => ({ type: 'keyDown', value })),
        ...[...seq].reverse().map((value) => ({ type: 'keyUp', value })),
      ]);
      await wd('POST', '/actions', { actions: [{ type: 'key', id: 'keyboard', actions }] });
    };
    const tab: Tab = {
      async goto(url) {
        await wd('POST', '/url', { url });
        await run(callSource(installProbe, []));
      },
      async type(selector, text) {
        await run(callSource(focusAtEnd, [selector]));
        await keys([...text].map((ch) => [ch])); // one key down/up per character, where the caret is
      },
      press: (key: Key) => keys([key.split('+').map((k) => CODES[k] ?? k)]),
      async click(selector) {
        await wd('POST', `/element/${await find(selector)}/click`, {});
      },
      evaluate: (fn, ...args) => run(callSource(fn, args)),
      ax: async (selector) => webkitAx((path) => wd('GET', path), await find(selector)),
      frame(selector) {
        /**
         * Runs `step` with the iframe `selector` as the session's current browsing context, then back to the top.
         * WebKitWebDriver's frame switch also gives that frame the page's focus (a shopper's next key would go
         * there), and the switch back to the top leaves it there: when another iframe had the focus, it gets it
         * back (switched into and out of), so reading a frame moves no focus; unless `moveFocus` (typing there).
         */
        const inFrame = async <T>(step: () => Promise<T>, moveFocus = false): Promise<T> => {
          const mark = `f${Math.random().toString(36).slice(2)}`;
          const focused = await run(
            callSource(
              (m: string) => {
                const a = document.activeElement;
                if (a?.tagName !== 'IFRAME') return false;
                a.setAttribute('data-wd-focus', m);
                return true;
              },
              [mark],
            ),
          );
          await wd('POST', '/frame', { id: await findRef(selector) });
          try {
            return await step();
          } finally {
            await wd('POST', '/frame', { id: null });
            if (focused) {
              const was = `[data-wd-focus="${mark}"]`;
              if (!moveFocus) {
                await wd('POST', '/frame', { id: await findRef(was) });
                await wd('POST', '/frame', { id: null });
              }
              await run(callSource((markedFrame: string) => document.querySelector(markedFrame)?.removeAttribute('data-wd-focus'), [was]));
            }
          }
        };
        return {
          async type(sel, text) {
            // WebKit lets a script in a cross-origin frame take the focus only after the shopper has interacted
            // with that frame: a focus() there does nothing on a fresh page. The shopper clicks the field; so do
            // we (then the caret goes to the end, as focusAtEnd puts it).
            const here = await run(callSource(isActive, [selector]));
            await inFrame(async () => {
              if (here && (await run(callSource(isActive, [sel])))) return;
              await wd('POST', `/element/${await find(sel)}/click`, {});
              await run(callSource(focusAtEnd, [sel, true]));
            }, true);
            await keys([...text].map((ch) => [ch]));
          },
          evaluate: (fn, ...args) => inFrame(() => run(callSource(fn, args))),
          ax: (sel) => inFrame(async () => webkitAx((path) => wd('GET', path), await find(sel))),
        };
      },
      async screenshot(path) {
        writeFileSync(path, Buffer.from(await wd('GET', '/screenshot'), 'base64'));
      },
      driver: { kind: 'webdriver', url: base, sessionId: id, capabilities: created.capabilities },
      driverErrors: () => [],
      async close() {
        sessions.delete(id);
        await command(base, 'DELETE', s).catch(() => {});
      },
    };
    return tab;
  }

  // the version, from a first session (closed at once)
  await (await newTab()).close();
  return {
    name: 'webkit',
    version,
    webdriverFlag: true,
    shapes: SHAPES,
    newTab,
    async close() {
      for (const [id, base] of sessions) await command(base, 'DELETE', `/session/${id}`).catch(() => {});
      (await reduced?.catch(() => null))?.stop();
      main.stop();
      await trap.close();
    },
  };
}
