// @vitest-environment happy-dom
/**
 * `engine_mismatch` (src/fraud/engine.ts): the user agent's Chrome or Firefox version against the engine's CSS
 * support. Every entry of the feature table is checked against MDN's browser-compat-data (its source), and the
 * check against engines that support exactly what a given version supports.
 */
import bcd from '@mdn/browser-compat-data' with { type: 'json' };
import { describe, expect, it, vi } from 'vitest';
import { ENGINE_FEATURES, engineMismatch } from '../../../src/fraud/engine';

const entries = ENGINE_FEATURES.split(',').map((entry) => {
  const [condition, chrome, firefox] = entry.split(' ');
  return { condition: condition!, chrome: +chrome!, firefox: +firefox! };
});

/** The browser-compat-data support record of an entry's property. */
function compat(condition: string) {
  const node = bcd.css.properties![condition.split(':')[0] as 'color']!;
  return node.__compat!.support as Record<
    string,
    { version_added: string | boolean; flags?: unknown } | { version_added: string | boolean }[]
  >;
}

/** The first version that shipped it without a flag, as a number (0: not shipped). */
function shipped(support: ReturnType<typeof compat>, browser: string): number {
  const statement = [support[browser]].flat()[0] as { version_added: string | boolean; flags?: unknown } | undefined;
  return statement && !statement.flags && typeof statement.version_added === 'string' ? parseFloat(statement.version_added) : 0;
}

/** An engine that supports exactly what Chrome (or Firefox) `version` supports, per the table. */
function engineOf(browser: 'chrome' | 'firefox', version: number) {
  const supported = new Set(entries.filter((e) => e[browser] && e[browser] <= version).map((e) => `(${e.condition})`));
  vi.stubGlobal('CSS', { supports: (condition: string) => supported.has(condition) });
}

const chromeUa = (v: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${v}.0.0.0 Safari/537.36`;
const firefoxUa = (v: number) => `Mozilla/5.0 (X11; Linux x86_64; rv:${v}.0) Gecko/20100101 Firefox/${v}.0`;

describe('the feature table', () => {
  it.each(entries)('$condition: Chrome $chrome, Firefox $firefox, as browser-compat-data says', ({ condition, chrome, firefox }) => {
    const support = compat(condition);
    expect(shipped(support, 'chrome')).toBe(chrome);
    // the same version on Android and in Android's WebView (in-app browsers claim Chrome/N too)
    expect(shipped(support, 'chrome_android')).toBe(chrome);
    expect(shipped(support, 'webview_android')).toBe(chrome);
    expect(shipped(support, 'firefox')).toBe(firefox);
  });

  it('spans Chrome 105 to 155 with at most 11 versions between entries', () => {
    const versions = entries.map((e) => e.chrome).sort((a, b) => a - b);
    for (let i = 1; i < versions.length; i++) expect(versions[i]! - versions[i - 1]!).toBeLessThanOrEqual(11);
  });
});

describe('engineMismatch', () => {
  it.each([106, 120, 130, 140, 147, 150, 156, 170])('Chrome %i on its own engine: no mismatch', (v) => {
    engineOf('chrome', v);
    expect(engineMismatch(chromeUa(v))).toBe(false);
  });

  it.each([120, 130, 147, 153, 160])('Firefox %i on its own engine: no mismatch', (v) => {
    engineOf('firefox', v);
    expect(engineMismatch(firefoxUa(v))).toBe(false);
  });

  it('one version of slack either way: a feature shipped a release early or late is no mismatch', () => {
    engineOf('chrome', 148);
    expect(engineMismatch(chromeUa(147))).toBe(false);
    expect(engineMismatch(chromeUa(148))).toBe(false);
  });

  it('a generated fingerprint claiming Chrome 147 on a Chromium 156 engine: mismatch (claims to be older)', () => {
    engineOf('chrome', 156);
    expect(engineMismatch(chromeUa(147))).toBe(true);
  });

  it('claiming Chrome 156 on a Chromium 130 engine: mismatch (claims to be newer)', () => {
    engineOf('chrome', 130);
    expect(engineMismatch(chromeUa(156))).toBe(true);
  });

  it('claiming Chrome on a Firefox engine, or Firefox on an older one: mismatch', () => {
    engineOf('firefox', 153);
    expect(engineMismatch(chromeUa(156))).toBe(true);
    engineOf('firefox', 120);
    expect(engineMismatch(firefoxUa(153))).toBe(true);
  });

  it('Firefox claiming an older version than its engine (fingerprinting protection): not checked', () => {
    engineOf('firefox', 153);
    expect(engineMismatch(firefoxUa(128))).toBe(false);
  });

  it('Safari, WebKitGTK and unknown user agents are not checked', () => {
    engineOf('chrome', 156);
    expect(engineMismatch('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/60.5 Safari/605.1.15')).toBe(
      false,
    );
    expect(engineMismatch('curl/8.0')).toBe(false);
  });

  it('reads navigator.userAgent by default', () => {
    engineOf('chrome', 120);
    vi.stubGlobal('navigator', { userAgent: chromeUa(156) });
    expect(engineMismatch()).toBe(true);
  });
});
