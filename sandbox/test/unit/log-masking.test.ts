/**
 * The one masking rule of every log (issue 42; sandbox/src/http/request-excerpt.ts): for each body, parsed or not,
 * and each log line, the secret it carries never comes out, however it is spelled, separated or escaped.
 */
import { describe, expect, it } from 'vitest';
import { bodyExcerpt, maskText, REMOVED } from '../../src/http/request-excerpt';

/** [what it is, the body's text, the secret that must not come out]. */
const BODIES: [string, string, string][] = [
  ['webhook password', '{"url":"http://127.0.0.1:9/h","user":"hook-user","password":"s3cr3t-pw"}', 's3cr3t-pw'],
  ['webhook user', '{"url":"http://127.0.0.1:9/h","user":"hook-user","password":"x"}', 'hook-user'],
  ['a member named like a secret', '{"client_secret":"abcSECRETxyz"}', 'abcSECRETxyz'],
  ['a member named like a key', '{"apiKey":"sk_live_hidden"}', 'sk_live_hidden'],
  ['Authorization in a body', '{"headers":{"Authorization":"Basic c2tfeDo="}}', 'c2tfeDo='],
  ['a PAN with double spaces in a free member', '{"description":"4111  1111  1111  1111"}', '1111  1111  1111'],
  ['a PAN with dots', '{"note":"4111.1111.1111.1111"}', '4111.1111.1111.1111'],
  ['a PAN with slashes and spaces', '{"note":"4111 / 1111 / 1111 / 1111"}', '1111 / 1111'],
  ['a PAN in a member name', '{"4111111111111111":1}', '4111111111111111'],
  ['a PAN as a number', '{"n":4111111111111111}', '4111111111111111'],
  ['card_cvv', '{"card_cvv":"987"}', '987'],
  ['Card-CVV2', '{"Card-CVV2":"986"}', '986'],
  ['security_code', '{"security_code":"985"}', '985'],
  ['SecurityCode', '{"SecurityCode":"984"}', '984'],
  ['CVC2', '{"CVC2":"983"}', '983'],
  ['an escaped cvv name in a parsed body', '{"cvv\\u0032":"982"}', '982'],
];

/** [what it is, text that does not parse, the secret]. */
const UNPARSABLE: [string, string, string][] = [
  ['escaped digits separated by escaped spaces', '{"x":"\\u0034111\\u00201111\\u00201111\\u00201111",', '1111 1111'],
  ['an escaped cvv name', '{"cvv\\u0032":"981",', '981'],
  ['card_cvv', '{"card_cvv": "980"', '980'],
  ['security-code in a form', 'security-code=979&x=1', '979'],
  ['a password in a form', 'user=alice&password=hunter2', 'hunter2'],
  ['a PAN with double spaces', '{"d":"5555  5555  5555  4444"', '5555  5555  4444'],
  ['a PAN with mixed separators', 'card: 4111-1111 1111.1111', '1111 1111'],
];

/** `s` with its JSON `\\uXXXX` escapes decoded: what a reader of the log would make of it. */
const decoded = (s: string | null) => (s ?? '').replace(/\\u([0-9a-fA-F]{4})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));

describe('the request log keeps no secret', () => {
  it.each(BODIES)('parsed body: %s', (_, text, secret) => {
    const out = bodyExcerpt(JSON.parse(text), text)!;
    expect(decoded(out)).not.toContain(secret);
  });

  it.each(UNPARSABLE)('body that does not parse: %s', (_, text, secret) => {
    expect(decoded(bodyExcerpt(undefined, text))).not.toContain(secret);
  });

  it('keeps what is not secret: the BIN and last four, other members, amounts', () => {
    const text = '{"amount":349.5,"description":"4111  1111  1111  1111","card_cvv":"987","password":"p"}';
    expect(JSON.parse(bodyExcerpt(JSON.parse(text), text)!)).toEqual({
      amount: 349.5,
      description: '411111******1111',
      card_cvv: REMOVED,
      password: REMOVED,
    });
  });
});

describe('every other log line keeps no secret', () => {
  it.each([...BODIES, ...UNPARSABLE])('%s', (_, text, secret) => {
    expect(decoded(maskText(`job x failed: ${text}`))).not.toContain(secret);
  });
});

describe('ids stay readable', () => {
  it('a UUID whose first groups are all digits (a request id) is kept whole; a PAN beside it is masked', () => {
    const id = '12345678-1234-4123-8123-123456789012';
    const line = maskText(`error 1000 request_id=${id} POST /v1/m/charges: note 4111-1111-1111-1111`);
    expect(line).toContain(id);
    expect(line).not.toContain('4111-1111-1111-1111');
    expect(line).toContain('411111******1111');
  });
});
