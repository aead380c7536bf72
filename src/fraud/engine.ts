/**
 * CSS properties and the first Chrome and Firefox versions that support them, from MDN's browser-compat-data
 * (`@mdn/browser-compat-data`, `css.properties.<name>`; test/unit/fraud/engine.test.ts checks every entry against
 * it, Chrome on Android and Android's WebView included), each entry `name:value chrome firefox`, 0 where that engine
 * has not shipped it. CSS, not JavaScript built-ins: a page's polyfills (core-js) add built-ins an old engine
 * lacks, but nothing makes `CSS.supports` accept a declaration the engine cannot parse.
 */
export const ENGINE_FEATURES =
  'container-type:size 105 110,animation-composition:add 112 115,field-sizing:content 123 152,anchor-name:--a 125 147,' +
  'text-box:normal 133 154,caret-animation:auto 140 0,border-shape:none 147 0,text-fit:none 150 0,margin-trim:none 155 0';

/**
 * `engine_mismatch`: the user agent's `Chrome/N` (Chromium-based browsers: Chrome, Edge, Opera, Brave, Samsung
 * Internet, Android's WebView) or `Firefox/N` claims a major version that the engine's CSS support contradicts
 * ({@link ENGINE_FEATURES}): a feature of version N-1 or older is missing (it claims to be newer than it is), or,
 * for Chrome, a feature of version N+2 or newer is present (it claims to be older: a generated fingerprint's user
 * agent on a newer engine). One version of slack each way absorbs a feature shipped a release early or late. Firefox
 * is only checked for missing features: its fingerprinting protection may report an older version. Safari's
 * `Version/N` is not checked (WebKitGTK browsers report numbers unrelated to Safari's).
 * False-positive risk: low. A Chrome with "Experimental Web Platform features" turned on (chrome://flags) supports
 * some CSS early; a user-agent switcher claiming another version flags, as it should.
 */
export function engineMismatch(userAgent: string = navigator.userAgent): boolean {
  const claim = /(Chrome|Firefox)\/(\d+)/.exec(userAgent);
  if (!claim) return false;
  const chrome = claim[1] === 'Chrome';
  const version = +claim[2]!;
  return ENGINE_FEATURES.split(',').some((entry) => {
    const [condition, ...versions] = entry.split(' ');
    const since = +versions[chrome ? 0 : 1]!;
    return since && (CSS.supports(`(${condition})`) ? chrome && version < since - 1 : version > since);
  });
}
