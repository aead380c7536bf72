/**
 * 3-D Secure over HTTP (spec, Charges: use_3d_secure, redirect_url; Transaction payment_method redirect shape,
 * status charge_pending; Errors 3012): the charge, the sandbox's bank page and every way it ends (approved,
 * frictionless, failed challenge, rejected, too many wrong codes, abandoned then expired, pushed out).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS, MAX_CHALLENGES, THREE_DS_MESSAGES } from '../../src/domain/card/three-ds';
import { OUTCOME_ERRORS } from '../../src/domain/card/test-cards';
import { charge, chargeBody, expectError, NOW, tokenize, useSandbox, type TestApi } from './helpers';

const CHALLENGE = '4000000000030124';
const FRICTIONLESS = '4000000000003113';
const FAILS = '4000000000003121';
const RETURN = 'https://shop.example/3ds/return?order=42';

let clock = NOW.getTime();
const log: string[] = [];
const api = useSandbox({ now: () => new Date(clock), log: (l) => log.push(l) });

/** A 3-D Secure charge of a fresh token of `card_number`; asserts 201 charge_pending. */
async function pending(a: TestApi, card_number: string, extra: Record<string, unknown> = {}) {
  const r = await charge(a, chargeBody(await tokenize(a, { card_number }), { use_3d_secure: true, redirect_url: RETURN, ...extra }));
  expect(r.status).toBe(201);
  return r.body;
}

/** The one-time code the sandbox logged for `txId`. */
const codeOf = (txId: string) => log.map((l) => new RegExp(`^3ds ${txId} one-time code (\\d{6})$`).exec(l)?.[1]).find(Boolean)!;

/** The bank page URL's path (the test talks to it over HTTP, as a browser would). */
const bankPath = (tx: { payment_method: { url: string } }) => new URL(tx.payment_method.url).pathname;

/** Opens the bank page (no API key) without following redirects. */
const open = (path: string, query = '') => fetch(`${api.baseUrl}${path}${query}`, { redirect: 'manual' });

/** Submits the bank page's form as a browser does (urlencoded), without following redirects. */
const submit = (path: string, fields: Record<string, string>) =>
  fetch(`${api.baseUrl}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

const read = async (id: string) => (await api.call('GET', `/charges/${id}`)).body;

describe('charge with use_3d_secure', () => {
  it('without 3-D Secure the card is 3012 (412); with it: 201 charge_pending, redirect payment_method, code in the log', async () => {
    expectError(await charge(api, chargeBody(await tokenize(api, { card_number: CHALLENGE }))), 3012, 412);
    const tx = await pending(api, CHALLENGE);
    expect(tx).toMatchObject({
      status: 'charge_pending',
      authorization: null,
      error_message: null,
      payment_method: { type: 'redirect', url: expect.stringMatching(new RegExp(`^${api.baseUrl}/3ds/3ds[a-z0-9]{29}$`)) },
    });
    expect(codeOf(tx.id)).toMatch(/^\d{6}$/);
    expect(await read(tx.id)).toStrictEqual(tx);
    expect((await api.call('GET', '/charges?status=CHARGE_PENDING')).body.map((t: { id: string }) => t.id)).toContain(tx.id);
  });

  it('a 3012 answer leaves the token unused: the same token is charged again with 3-D Secure (new order_id)', async () => {
    const tok = await tokenize(api, { card_number: CHALLENGE });
    expectError(await charge(api, chargeBody(tok)), 3012, 412);
    const retry = await charge(api, chargeBody(tok, { use_3d_secure: true, redirect_url: RETURN }));
    expect(retry.body).toMatchObject({ status: 'charge_pending' });
    // now it is used: single-use tokens
    expectError(await charge(api, chargeBody(tok, { use_3d_secure: true, redirect_url: RETURN })), 3006, 412);
    // other refusals still use it up
    const declined = await tokenize(api, { card_number: '4000000000000002' });
    expectError(await charge(api, chargeBody(declined)), 3001, 402);
    expectError(await charge(api, chargeBody(declined)), 3006, 412);
  });

  it("accepts use_3d_secure as the spec's string 'true'", async () => {
    expect((await pending(api, CHALLENGE, { use_3d_secure: 'true' })).status).toBe('charge_pending');
  });

  it('redirect_url is required with use_3d_secure (1001 naming it) and must be an http(s) URL', async () => {
    const tok = await tokenize(api, { card_number: CHALLENGE });
    expectError(await charge(api, chargeBody(tok, { use_3d_secure: true })), 1001, 400, 'redirect_url');
    expectError(
      await charge(api, chargeBody(tok, { use_3d_secure: true, redirect_url: 'javascript:alert(1)' })),
      1001,
      400,
      'redirect_url',
    );
    // the token was not used by the refused requests
    expect((await charge(api, chargeBody(tok, { use_3d_secure: true, redirect_url: RETURN }))).status).toBe(201);
  });
});

describe('the bank page', () => {
  it('is accessible HTML in Spanish by default, English with ?lang=en, under a strict CSP, no script', async () => {
    const tx = await pending(api, CHALLENGE);
    const es = await open(bankPath(tx));
    expect(es.status).toBe(200);
    const html = await es.text();
    expect(html).toContain('<html lang="es-MX">');
    expect(html).toContain('<label for="code">Código de un solo uso</label>');
    expect(html).toContain('Confirmar compra');
    expect(html).toContain('VISA terminación 0124');
    expect(html).not.toMatch(/<script|<style| style=/);
    expect(html).not.toContain(codeOf(tx.id));
    expect(es.headers.get('content-security-policy')).toBe(
      "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self' https://shop.example; base-uri 'none'; frame-ancestors *; require-trusted-types-for 'script'",
    );
    const en = await (await open(bankPath(tx), '?lang=en')).text();
    expect(en).toContain('<html lang="en">');
    expect(en).toContain('<label for="code">One-time code</label>');
    const css = await open('/3ds/bank.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    // its icon, declared and allowed (browsers ask for one under img-src, Firefox even when none is declared): none
    expect(html).toContain('<link rel="icon" href="/3ds/favicon.ico">');
    expect((await open('/3ds/favicon.ico')).status).toBe(204);
  });

  it('approve with the code -> 303 to redirect_url?id=; the charge is completed with an authorization', async () => {
    const tx = await pending(api, CHALLENGE);
    const r = await submit(bankPath(tx), { action: 'approve', code: codeOf(tx.id) });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`https://shop.example/3ds/return?order=42&id=${tx.id}`);
    expect(await read(tx.id)).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/), error_message: null });
    // the challenge is over: the page is gone, a replay changes nothing
    expect((await open(bankPath(tx))).status).toBe(404);
    expect((await submit(bankPath(tx), { action: 'reject' })).status).toBe(404);
    expect((await read(tx.id)).status).toBe('completed');
  });

  it('capture false: approved -> in_progress', async () => {
    const tx = await pending(api, CHALLENGE, { capture: false });
    await submit(bankPath(tx), { action: 'approve', code: codeOf(tx.id) });
    expect(await read(tx.id)).toMatchObject({ status: 'in_progress', authorization: expect.stringMatching(/^\d{6}$/) });
  });

  it('an ordinary approved card also goes through the challenge; a declining card fails after it with its own error', async () => {
    const ok = await pending(api, '4111111111111111');
    await submit(bankPath(ok), { action: 'approve', code: codeOf(ok.id) });
    expect((await read(ok.id)).status).toBe('completed');
    const declined = await pending(api, '4000000000030033');
    await submit(bankPath(declined), { action: 'approve', code: codeOf(declined.id) });
    expect(await read(declined.id)).toMatchObject({
      status: 'failed',
      authorization: null,
      error_message: OUTCOME_ERRORS.insufficient_funds.description,
    });
  });

  it('frictionless card: opening the page sends the shopper straight back; completed', async () => {
    const tx = await pending(api, FRICTIONLESS);
    const r = await open(bankPath(tx));
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`https://shop.example/3ds/return?order=42&id=${tx.id}`);
    expect(await read(tx.id)).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
  });

  it('a card whose challenge fails: the right code still ends failed with error_message', async () => {
    const tx = await pending(api, FAILS);
    expect((await open(bankPath(tx))).status).toBe(200);
    const r = await submit(bankPath(tx), { action: 'approve', code: codeOf(tx.id) });
    expect(r.status).toBe(303);
    expect(await read(tx.id)).toMatchObject({ status: 'failed', authorization: null, error_message: THREE_DS_MESSAGES.failed });
  });

  it('reject -> failed with error_message', async () => {
    const tx = await pending(api, CHALLENGE);
    expect((await submit(bankPath(tx), { action: 'reject' })).status).toBe(303);
    expect(await read(tx.id)).toMatchObject({ status: 'failed', error_message: THREE_DS_MESSAGES.rejected });
  });

  it('a wrong code shows the form again (422) with the error tied to the input; the third wrong code fails it', async () => {
    const tx = await pending(api, CHALLENGE);
    const wrong = codeOf(tx.id) === '000000' ? '111111' : '000000';
    const first = await submit(bankPath(tx), { action: 'approve', code: wrong });
    expect(first.status).toBe(422);
    const html = await first.text();
    expect(html).toContain('<p id="code-error" class="error" role="alert">El código no es correcto. Te quedan 2 intentos.</p>');
    expect(html).toContain('aria-describedby="code-error code-help" aria-invalid="true"');
    expect((await read(tx.id)).status).toBe('charge_pending');
    expect((await submit(bankPath(tx), { action: 'approve', code: wrong })).status).toBe(422);
    expect((await submit(bankPath(tx), { action: 'approve', code: wrong })).status).toBe(303);
    expect(await read(tx.id)).toMatchObject({ status: 'failed', error_message: THREE_DS_MESSAGES.failed });
  });

  it('an unknown action is 400 and changes nothing; an unknown challenge is a 404 page', async () => {
    const tx = await pending(api, CHALLENGE);
    expect((await submit(bankPath(tx), { action: 'pay' })).status).toBe(400);
    expect((await read(tx.id)).status).toBe('charge_pending');
    const unknown = await open('/3ds/3dsunknown');
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('Verificación no disponible');
  });
});

describe('robust', () => {
  it('random form bodies, content types and challenge ids never make the bank page fail', async () => {
    const tx = await pending(api, CHALLENGE);
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constant(bankPath(tx)),
          fc.string({ maxLength: 60 }).map((s) => `/3ds/${encodeURIComponent(s)}`),
        ),
        fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data', 'application/json', 'text/plain', ''),
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 300 }),
          fc
            .dictionary(fc.constantFrom('action', 'code', 'lang'), fc.string({ maxLength: 12 }), { maxKeys: 3 })
            .map((o) => new URLSearchParams(o).toString()),
        ),
        async (path, type, body) => {
          const r = await fetch(`${api.baseUrl}${path}`, {
            method: 'POST',
            redirect: 'manual',
            headers: type ? { 'Content-Type': type } : {},
            body,
          });
          expect([303, 400, 404, 413, 422]).toContain(r.status);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('abandoned authentication', () => {
  it('the abandon link returns the shopper with the charge still charge_pending; after 15 minutes it is cancelled', async () => {
    const tx = await pending(api, CHALLENGE);
    const html = await (await open(bankPath(tx))).text();
    expect(html).toContain(`<a id="abandon" href="https://shop.example/3ds/return?order=42&#38;id=${tx.id}">`);
    clock += CHALLENGE_TTL_MS - 1000;
    expect((await read(tx.id)).status).toBe('charge_pending');
    clock += 1000;
    expect(await read(tx.id)).toMatchObject({ status: 'cancelled', authorization: null, error_message: THREE_DS_MESSAGES.expired });
    expect((await open(bankPath(tx))).status).toBe(404);
  });
});

describe('bounded', () => {
  const fresh = useSandbox();
  it(`at most ${MAX_CHALLENGES} pending challenges: a new one pushes out the oldest, whose charge is cancelled`, async () => {
    const first = await pending(fresh, CHALLENGE);
    for (let i = 1; i < MAX_CHALLENGES; i += 50) {
      await Promise.all(Array.from({ length: Math.min(50, MAX_CHALLENGES - i) }, () => pending(fresh, FRICTIONLESS)));
    }
    expect(fresh.sandbox.store.challenges.size).toBe(MAX_CHALLENGES);
    expect((await fresh.call('GET', `/charges/${first.id}`)).body.status).toBe('charge_pending');
    await pending(fresh, FRICTIONLESS);
    expect(fresh.sandbox.store.challenges.size).toBe(MAX_CHALLENGES);
    expect((await fresh.call('GET', `/charges/${first.id}`)).body).toMatchObject({
      status: 'cancelled',
      error_message: THREE_DS_MESSAGES.expired,
    });
  }, 60_000);
});

describe('oversized bodies (own sandbox: the refused connection is closed unread)', () => {
  const own = useSandbox();
  it('a body over 4 KiB is 413 and changes nothing', async () => {
    const tx = await pending(own, CHALLENGE);
    const r = await fetch(tx.payment_method.url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ action: 'approve', code: 'x'.repeat(10_000) }).toString(),
    });
    expect(r.status).toBe(413);
    expect((await own.call('GET', `/charges/${tx.id}`)).body.status).toBe('charge_pending');
  });
});

describe("the bank page's test buttons (paytoken/testing's completeThreeDSecure)", () => {
  const production = useSandbox({ mode: 'production' });

  it('sandbox mode: "Approve" and "Fail" beside the code, in both languages; Approve completes the charge without the code', async () => {
    const tx = await pending(api, CHALLENGE);
    const es = await (await open(bankPath(tx))).text();
    expect(es).toContain('<button class="secondary" type="submit" name="action" value="test_approve" formnovalidate>Aprobar</button>');
    expect(es).toContain('value="test_fail" formnovalidate>Fallar</button>');
    const en = await (await open(bankPath(tx), '?lang=en')).text();
    expect(en).toContain('value="test_approve" formnovalidate>Approve</button>');
    expect(en).toContain('value="test_fail" formnovalidate>Fail</button>');
    const r = await submit(bankPath(tx), { action: 'test_approve' });
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe(`https://shop.example/3ds/return?order=42&id=${tx.id}`);
    expect(await read(tx.id)).toMatchObject({ status: 'completed', authorization: expect.stringMatching(/^\d{6}$/) });
  });

  it('sandbox mode: Fail fails the authentication; Approve on a card whose authentication fails fails it too (as its right code does)', async () => {
    const failed = await pending(api, CHALLENGE);
    expect((await submit(bankPath(failed), { action: 'test_fail' })).status).toBe(303);
    expect(await read(failed.id)).toMatchObject({ status: 'failed', authorization: null, error_message: THREE_DS_MESSAGES.failed });
    const fails = await pending(api, FAILS);
    expect((await submit(bankPath(fails), { action: 'test_approve' })).status).toBe(303);
    expect(await read(fails.id)).toMatchObject({ status: 'failed', error_message: THREE_DS_MESSAGES.failed });
  });

  it('production mode: no test buttons on the page, and their actions are refused (400), the charge still pending', async () => {
    const tx = await pending(production, '4242424242424242');
    const path = bankPath(tx);
    const page = await fetch(`${production.baseUrl}${path}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('name="code"');
    expect(html).not.toMatch(/test_approve|test_fail|Aprobar|Fallar/);
    for (const action of ['test_approve', 'test_fail']) {
      const r = await fetch(`${production.baseUrl}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action }).toString(),
      });
      expect(r.status).toBe(400);
    }
    expect((await production.call('GET', `/charges/${tx.id}`)).body.status).toBe('charge_pending');
  });
});
