// @vitest-environment happy-dom
/**
 * Another script on the merchant page, running AFTER the library was set up, against the on-page modes (README
 * "Security model"): each attack is reproduced and must fail.
 * - replacing `window.PayToken`'s or a client's members: every object is frozen (the global's own lock, added
 *   by the IIFE build, is checked in test/tooling/build.test.ts and e2e/tamper.spec.ts);
 * - `PayToken.setBaseUrl('https://attacker.example')` after a card was sent: refused, the next card goes where
 *   the first went;
 * - wrapping `fetch` or `JSON.stringify`: the library uses the references of its set-up;
 * - setters and getters on `Object.prototype` (`card_number`, `cvv2`, `toJSON`, and fetch settings such as
 *   `integrity`): card objects, bodies and fetch settings have no prototype.
 * The network is a fetch stub installed before the library loads; it reads the fetch settings a browser reads.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Client } from '../../src/client';
import { TOKEN } from './helpers';

type PayTokenApi = (typeof import('../../src/checkout'))['default'];

const PAN = '4242424242424242';
const CVV2 = '987';
const YEAR = String((new Date().getUTCFullYear() + 3) % 100).padStart(2, '0');
const CARD = { card_number: '4242 4242 4242 4242', holder_name: 'Ana Pérez', expiration_month: '07', expiration_year: YEAR, cvv2: CVV2 };
const CONFIG = { merchantId: 'm1a2b3c4d5e6f7g8h9i0', publicKey: 'pk_test_123', baseUrl: 'https://api.example.com' };
const TOKEN_TEXT = JSON.stringify(TOKEN);
// the members of RequestInit a browser's fetch reads (WebIDL dictionary conversion), own or inherited
const INIT_MEMBERS = [
  'body',
  'cache',
  'credentials',
  'duplex',
  'headers',
  'integrity',
  'keepalive',
  'method',
  'mode',
  'priority',
  'redirect',
  'referrer',
  'referrerPolicy',
  'signal',
  'window',
];

/** What the network received: URL and body of each request. */
let sent: { url: string; body: string }[];
let PayToken: PayTokenApi;
let createClient: (typeof import('../../src/client'))['createClient'];

beforeEach(async () => {
  sent = [];
  vi.stubGlobal('fetch', async (url: string, init: Record<string, unknown>) => {
    const read = Object.fromEntries(INIT_MEMBERS.map((k) => [k, init[k]]));
    sent.push({ url, body: String(read.body) });
    return new Response(TOKEN_TEXT, { status: 201, headers: { 'Content-Type': 'application/json' } });
  });
  vi.resetModules();
  PayToken = (await import('../../src/checkout')).default;
  createClient = (await import('../../src/client')).createClient;
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

const classic = () =>
  new Promise<unknown>((resolve, reject) =>
    PayToken.token.create(
      { ...CARD },
      (ok) => resolve(ok),
      (fail) => reject(new Error(fail.message)),
    ),
  );

function configure() {
  PayToken.setId(CONFIG.merchantId);
  PayToken.setApiKey(CONFIG.publicKey);
  PayToken.setBaseUrl(CONFIG.baseUrl);
}

/** A checkout form holding the card, mounted with the script tag (`spa` flow: no navigation). */
function mountedForm() {
  document.body.innerHTML = `<form id="f">
    <input data-paytoken-card="holder_name" value="Ana Pérez"><input data-paytoken-card="card_number" value="4242 4242 4242 4242">
    <input data-paytoken-card="expiry" value="07/${YEAR}"><input data-paytoken-card="cvv2" value="${CVV2}">
    <input data-paytoken-card-address="line1" value="Reforma 222"><input data-paytoken-card-address="postal_code" value="06600">
    <input data-paytoken-card-address="state" value="CDMX"><input data-paytoken-card-address="city" value="CDMX">
    <input data-paytoken-card-address="country_code" value="mx"></form>`;
  return PayToken.form.mount('f', { flow: 'spa' });
}

/** Every way a card leaves through the library: script tag (call, form), client (tokens, cards, form). */
async function sendCardsEveryWay(client: Client) {
  configure();
  await classic();
  await mountedForm().submit();
  await client.tokens.create({ ...CARD });
  await client.cards.create({ ...CARD });
  document.body.innerHTML = `<form id="g"><input data-paytoken-card="holder_name" value="Ana Pérez">
    <input data-paytoken-card="card_number" value="${PAN}"><input data-paytoken-card="expiry" value="07/${YEAR}">
    <input data-paytoken-card="cvv2" value="${CVV2}"></form>`;
  await client.form.mount('g', { flow: 'spa' }).submit();
}

/** True when `text` holds the PAN (digits only, any grouping) or the CVV2. */
const leaks = (text: string) => text.replace(/\D/g, '').includes(PAN) || text.includes(CVV2);

describe('frozen objects: no member of window.PayToken or of a client can be replaced', () => {
  it('PayToken and every object in it are frozen; an assignment throws (strict code) and changes nothing', () => {
    for (const o of [PayToken, PayToken.token, PayToken.card, PayToken.form, PayToken.deviceData]) expect(Object.isFrozen(o)).toBe(true);
    const setBaseUrl = PayToken.setBaseUrl;
    const evil = () => {};
    expect(() => Object.assign(PayToken, { setBaseUrl: evil })).toThrow(TypeError);
    expect(() => Object.assign(PayToken.token, { create: evil })).toThrow(TypeError);
    expect(() => Object.defineProperty(PayToken.form, 'mount', { value: evil })).toThrow(TypeError);
    expect(() => delete (PayToken as { deviceData?: unknown }).deviceData).toThrow(TypeError);
    expect(PayToken.setBaseUrl).toBe(setBaseUrl);
  });

  it('the classic script tag (src/browser.ts) is frozen the same way', async () => {
    const Classic = (await import('../../src/browser')).default;
    for (const o of [Classic, Classic.token, Classic.card, Classic.Group, Classic.deviceData]) expect(Object.isFrozen(o)).toBe(true);
    expect(() => Object.assign(Classic, { setBaseUrl: () => {} })).toThrow(TypeError);
    expect(() => Object.assign(Classic.token, { create: () => {} })).toThrow(TypeError);
  });

  it("createClient's client, each member and its config are frozen", () => {
    const client = createClient(CONFIG);
    for (const o of [client, client.config, client.tokens, client.cards, client.deviceData, client.form])
      expect(Object.isFrozen(o)).toBe(true);
    expect(() => Object.assign(client.config, { baseUrl: 'https://attacker.example' })).toThrow(TypeError);
    expect(() => Object.assign(client.tokens, { create: () => {} })).toThrow(TypeError);
    expect(client.config.baseUrl).toBe(CONFIG.baseUrl);
  });
});

describe('pinned configuration: once a card was sent, where cards go cannot change', () => {
  it('setBaseUrl to an attacker after a tokenization throws a ConfigurationError naming baseUrl; the next card goes to the first origin', async () => {
    configure();
    await classic();
    let err: { name?: string; option?: string; message?: string } = {};
    try {
      PayToken.setBaseUrl('https://attacker.example');
    } catch (e) {
      err = e as typeof err;
    }
    expect(err).toMatchObject({
      name: 'ConfigurationError',
      option: 'baseUrl',
      message: expect.stringMatching(/baseUrl: fixed once a card has been sent/),
    });
    await classic();
    expect(sent.map((s) => new URL(s.url).origin)).toEqual([CONFIG.baseUrl, CONFIG.baseUrl]);
    expect(PayToken.getBaseUrl()).toBe(CONFIG.baseUrl);
  });

  it.each([
    ['merchantId', () => PayToken.setId('attacker0merchant')],
    ['publicKey', () => PayToken.setApiKey('pk_attacker')],
    ['sandboxMode', () => PayToken.setSandboxMode(true)],
  ] as const)('%s cannot change either once a card was sent (the same value again is accepted)', async (option, change) => {
    configure();
    await mountedForm().submit();
    expect(change).toThrow(expect.objectContaining({ option, message: expect.stringContaining('fixed once a card has been sent') }));
    expect(configure).not.toThrow(); // the same values
    expect([PayToken.getId(), PayToken.getApiKey(), PayToken.getSandboxMode()]).toEqual([CONFIG.merchantId, CONFIG.publicKey, false]);
  });

  it('before any card was sent (an invalid card sends none) the settings may still change', async () => {
    configure();
    const failed = await new Promise((resolve) => PayToken.token.create({ ...CARD, cvv2: '1' }, undefined, resolve));
    expect(failed).toMatchObject({ data: { field: 'cvv2' } });
    expect(sent).toEqual([]);
    expect(() => PayToken.setBaseUrl('https://other.example')).not.toThrow();
    expect(PayToken.getBaseUrl()).toBe('https://other.example');
  });
});

describe('built-ins wrapped after the library was set up see no card', () => {
  it('a fetch wrapper and a JSON.stringify wrapper installed after load and after createClient record nothing', async () => {
    const client = createClient(CONFIG);
    const seen: string[] = [];
    const stringify = JSON.stringify;
    const networkFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (seen.push(`${url} ${String(init?.body)}`), networkFetch(url, init)));
    JSON.stringify = ((v: unknown, ...rest: []) => (seen.push(stringify(v)), stringify(v, ...rest))) as typeof JSON.stringify;
    try {
      await sendCardsEveryWay(client);
    } finally {
      JSON.stringify = stringify;
    }
    expect(seen.filter(leaks)).toEqual([]);
    // the cards did go, through the library's own references
    expect(sent.filter((s) => s.body.includes(PAN))).toHaveLength(5);
    expect(sent.every((s) => s.body.includes(`"cvv2":"${CVV2}"`))).toBe(true);
  });

  it('the standalone tokenize uses the fetch of the call (documented): a wrapper there does see the card', async () => {
    const { tokenize } = await import('../../src/http/tokenize');
    const seen: string[] = [];
    const networkFetch = globalThis.fetch;
    vi.stubGlobal('fetch', (url: string, init?: RequestInit) => (seen.push(String(init?.body)), networkFetch(url, init)));
    await tokenize(CONFIG, { ...CARD });
    expect(seen.filter(leaks)).toHaveLength(1);
  });
});

describe('setters and getters on Object.prototype see no card during readCard, validation, field states and tokenization', () => {
  it('card_number / cvv2 / holder_name setters, a toJSON getter and fetch-settings getters record nothing', async () => {
    const client = createClient(CONFIG);
    const seen: unknown[] = [];
    const setterHits: string[] = [];
    const keys = ['card_number', 'cvv2', 'holder_name', 'line1', 'address'];
    const getters = ['toJSON', ...INIT_MEMBERS.filter((k) => k !== 'body')];
    for (const k of keys) {
      Object.defineProperty(Object.prototype, k, {
        configurable: true,
        set(v) {
          seen.push(v);
          setterHits.push(k);
          Object.defineProperty(this, k, { value: v, writable: true, enumerable: true, configurable: true });
        },
      });
    }
    for (const k of getters) {
      Object.defineProperty(Object.prototype, k, {
        configurable: true,
        get() {
          seen.push(this);
          return undefined;
        },
      });
    }
    try {
      await sendCardsEveryWay(client);
    } finally {
      for (const k of [...keys, ...getters]) delete (Object.prototype as Record<string, unknown>)[k];
    }
    const texts = seen.map((v) => {
      try {
        return `${JSON.stringify(v)} ${String((v as { body?: unknown })?.body ?? '')}`;
      } catch {
        return String(v);
      }
    });
    expect(texts.filter(leaks)).toEqual([]);
    // not even a field's state (valid, empty) as the shopper types: src/fields/state.ts
    expect(setterHits).toEqual([]);
    expect(sent.filter((s) => s.body.includes(PAN))).toHaveLength(5);
  });
});
