// @vitest-environment happy-dom
/** `httpContext()` (src/http/http-context.ts): the browser's part of a charge's http_context (spec, Endpoints > Charges). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { httpContext } from '../../../src/index';
import { classic } from '../../../src/classic';
import { httpContextSchema } from '../../../sandbox/src/resources/charges/http-context';

afterEach(() => {
  vi.unstubAllGlobals();
});

const withAgent = (userAgent: string) => vi.stubGlobal('navigator', { userAgent, language: 'es-MX', javaEnabled: () => false });

describe('httpContext', () => {
  it('reads the page: host, screen size as strings, user agent, language, Java off, JavaScript on; the sandbox accepts it', () => {
    withAgent('Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0');
    vi.stubGlobal('screen', { height: 844, width: 390 });
    const context = httpContext();
    expect(context).toEqual({
      browser: 'Firefox 140',
      domain: location.host,
      browser_screen_height: '844',
      browser_screen_width: '390',
      browser_user_agent: 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
      browser_language: 'es-MX',
      browser_java_enabled: false,
      browser_javascript_enabled: true,
    });
    expect(httpContextSchema.safeParse({ ...context, ip: '203.0.113.7' }).success).toBe(true);
  });

  it.each([
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36', 'Chrome 142'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36 Edg/142.0.3595.53',
      'Edg 142',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari 18',
    ],
    ['curl/8.5.0', ''],
  ])('names the browser of %s as %j', (agent, browser) => {
    withAgent(agent);
    expect(httpContext().browser).toBe(browser);
  });

  it('a user agent over 512 characters is cut to 512', () => {
    withAgent(`Mozilla/5.0 ${'x'.repeat(600)}`);
    expect(httpContext().browser_user_agent).toHaveLength(512);
  });

  it('outside a browser (no navigator, screen or location) it answers empty strings and never throws', () => {
    vi.stubGlobal('navigator', undefined);
    vi.stubGlobal('screen', undefined);
    vi.stubGlobal('location', undefined);
    expect(httpContext()).toMatchObject({
      browser: '',
      domain: '',
      browser_screen_width: '',
      browser_user_agent: '',
      browser_java_enabled: false,
    });
  });

  it("is the script tag global's PayToken.httpContext too", () => {
    expect(classic.httpContext).toBe(httpContext);
  });
});
