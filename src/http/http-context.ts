/**
 * The browser's part of a charge's `http_context` (spec, Endpoints > Charges: "http_context: ip, browser, domain,
 * browser_screen_height, browser_screen_width, browser_user_agent, browser_language (strings),
 * browser_java_enabled, browser_javascript_enabled (booleans)"), which the bank's 3-D Secure uses to judge the
 * shopper's device. `ip` is not here: the page cannot know the address the merchant's server sees, which adds it.
 */
export interface HttpContext {
  /** The browser's name and major version read from the user agent, e.g. `Firefox 140`, `Chrome 142`, `Safari 18`; `''` when unknown. */
  browser: string;
  /** The page's host (`location.host`, with its port), e.g. `shop.example`. */
  domain: string;
  /** The screen's height in CSS pixels, as a string (the spec's type), e.g. `844`. */
  browser_screen_height: string;
  /** The screen's width in CSS pixels, as a string, e.g. `390`. */
  browser_screen_width: string;
  /** `navigator.userAgent`, at most 512 characters. */
  browser_user_agent: string;
  /** `navigator.language`, a BCP 47 tag such as `es-MX`. */
  browser_language: string;
  /** `navigator.javaEnabled()`: false in every current browser. */
  browser_java_enabled: boolean;
  /** Always true: this code runs. */
  browser_javascript_enabled: true;
}

/**
 * The browser's name token and major version: the LAST of these tokens in the user agent (greedy `.*`), since Edge
 * and Opera append theirs after `Chrome/`, and Safari writes its version as `Version/`.
 */
const BROWSER = /.*(Firefox|Edg|OPR|Chrome|Version)\/(\d+)/;

/**
 * Gathers the browser's `http_context` for a 3-D Secure charge, to post to the merchant's server with the token;
 * the server adds `ip` and sends it with `use_3d_secure` (spec, Endpoints > Charges). Reads `navigator`, `screen`
 * and `location` when called (SSR safe: outside a browser every string is `''`). Never throws.
 * @returns a new {@link HttpContext}.
 */
export function httpContext(): HttpContext {
  const nav = globalThis.navigator as Navigator | undefined;
  const agent = nav?.userAgent ?? '';
  const name = BROWSER.exec(agent);
  const screen = globalThis.screen as Screen | undefined;
  return {
    browser: name ? `${name[1] === 'Version' ? 'Safari' : name[1]} ${name[2]}` : '',
    domain: globalThis.location?.host ?? '',
    browser_screen_height: `${screen?.height ?? ''}`,
    browser_screen_width: `${screen?.width ?? ''}`,
    browser_user_agent: agent.slice(0, 512),
    browser_language: nav?.language ?? '',
    browser_java_enabled: !!nav?.javaEnabled?.(),
    browser_javascript_enabled: true,
  };
}
