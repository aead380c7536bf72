// @vitest-environment happy-dom
/**
 * `authenticate` (src/form/authenticate.ts): the argument checks, thrown at once and before anything is shown or
 * any navigation starts. The dialog itself runs in a real browser: e2e/three-d-secure.spec.ts.
 */
import { describe, expect, it } from 'vitest';
import { ConfigurationError, createClient } from '../../../src/index';
import PayToken from '../../../src/checkout';
import ClassicPayToken from '../../../src/browser';
import { authenticate } from '../../../src/form/authenticate';

const BANK = 'https://bank.example/3ds/abc';
const option = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    return (e as ConfigurationError).option;
  }
  return 'no error';
};

describe('authenticate: argument errors', () => {
  it.each(['javascript:alert(1)', 'http://bank.example/3ds', 'not a url', '', 'ftp://bank.example/x'])(
    'url %j -> ConfigurationError url',
    (url) => {
      expect(option(() => authenticate(url))).toBe('url');
      expect(document.querySelector('dialog')).toBeNull();
    },
  );

  it('an unknown mode -> mode', () => {
    expect(option(() => authenticate(BANK, { mode: 'popup' as 'modal' }))).toBe('mode');
  });

  it('modal without returnUrl, or with one on another origin -> returnUrl; nothing is shown', () => {
    expect(option(() => authenticate(BANK, { mode: 'modal' }))).toBe('returnUrl');
    expect(option(() => authenticate(BANK, { mode: 'modal', returnUrl: 'https://elsewhere.example/3ds/return' }))).toBe('returnUrl');
    expect(document.querySelector('dialog, iframe')).toBeNull();
  });

  it('http is accepted for loopback only (the local sandbox), and the entries expose the same function', () => {
    expect(option(() => authenticate('http://127.0.0.1:4010/3ds/x', { mode: 'modal' }))).toBe('returnUrl'); // url passed
    const client = createClient({ merchantId: 'm1', publicKey: 'pk_test', baseUrl: 'http://127.0.0.1:4010' });
    expect(client.authenticate).toBe(authenticate);
    expect(PayToken.authenticate).toBe(authenticate);
    // the classic script tag (paytoken.iife.js) has none: 3-D Secure's modal is in the checkout tag
    expect(ClassicPayToken).not.toHaveProperty('authenticate');
  });
});
