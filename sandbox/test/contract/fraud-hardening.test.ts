/**
 * Anti-fraud rules a fraudster cannot skip by sending nothing or by fresh random signals, over HTTP
 * (sandbox/src/fraud/fraud.ts, fraud-rules.ts; docs/device-data.md, "Anti-fraud rules"): missing_device_data (off, flag, decline),
 * card velocity across visitor ids, IP velocity by X-Forwarded-For, and the plausibility rules
 * (platform_mismatch, impossible_screen; headless_renderer, which needs other evidence, is in
 * fraud-signals.test.ts). Each is named in `fraud_rules` when it declines and
 * in the log when it flags. Each block runs its own sandbox.
 */
import { describe, expect, it } from 'vitest';
import type { RuleMode } from '../../src/fraud/fraud';
import { OUTCOME_ERRORS, TEST_CARDS } from '../../src/domain/card/test-cards';
import {
  chargeBody,
  deviceBody,
  deviceSignals,
  expectError,
  sessionId,
  tokenize,
  useSandbox,
  visitorIdOf,
  XFF,
  type TestApi,
} from './helpers';

/** Approved, Luhn-valid card numbers: distinct cards for the count rules. */
const CARDS = ['4111111111111111', '5555555555554444', '2223000048400011', '4242424242424242', '5105105105105100', '4012888888881881'];

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPAD =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

/** Sends device data for signals (patched from device `n`) with a User-Agent; returns the session id. */
async function device(api: TestApi, n: number, patch: Record<string, unknown> = {}, userAgent = CHROME_LINUX): Promise<string> {
  const id = sessionId();
  const signals = { ...deviceSignals(n), ...patch };
  const body = { ...deviceBody(id, n), signals, visitor_id: visitorIdOf(signals) };
  const r = await api.call('POST', '/device-data', { as: 'public', body, headers: { 'User-Agent': userAgent } });
  expect(r.status).toBe(201);
  return id;
}

/** Charges `pan` through a fresh token under `device_session_id`, from end-user `ip`. */
async function chargeCard(api: TestApi, pan: string, device_session_id: string, ip = XFF['X-Forwarded-For']) {
  return api.call('POST', '/charges', {
    body: chargeBody(await tokenize(api, { card_number: pan }), { device_session_id }),
    headers: { 'X-Forwarded-For': ip },
  });
}

describe.each<[RuleMode, number]>([
  ['off', 201],
  ['flag', 201],
  ['decline', 402],
])('missing_device_data: %s', (missingDeviceData, status) => {
  const lines: string[] = [];
  const api = useSandbox({ fraud: { missingDeviceData }, log: (l) => lines.push(l) });

  it('a charge whose device_session_id has no device data', async () => {
    const session = sessionId();
    const r = await chargeCard(api, CARDS[0]!, session);
    expect(r.status).toBe(status);
    if (missingDeviceData === 'decline') {
      expectError(r, 3005, 402, 'missing_device_data');
      expect(r.body.fraud_rules).toEqual(['missing_device_data']);
      expect(lines.some((l) => l.includes(`device_session_id=${session} rules=missing_device_data`))).toBe(true);
    } else {
      expect(r.body.fraud_flags).toEqual(missingDeviceData === 'flag' ? ['missing_device_data'] : []);
      expect(lines.some((l) => l.includes(`device_session_id=${session} rules=- flags=missing_device_data`))).toBe(
        missingDeviceData === 'flag',
      );
    }
  });

  it('with device data sent first, the rule does not match', async () => {
    const r = await chargeCard(api, CARDS[1]!, await device(api, 1));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([]);
  });
});

describe('card velocity: one card from more than 2 visitor ids (fresh random signals per attempt)', () => {
  const api = useSandbox({ fraud: { cardVelocityMaxDevices: 2, velocityMaxCards: 0 } });

  it('the third visitor id using the same card is declined 3005 card_velocity; another card is not', async () => {
    const statuses = [];
    for (let n = 100; n < 103; n++) statuses.push((await chargeCard(api, CARDS[2]!, await device(api, n))).status);
    expect(statuses).toEqual([201, 201, 402]);
    const r = await chargeCard(api, CARDS[2]!, await device(api, 103));
    expect(r.body.fraud_rules).toEqual(['card_velocity']);
    expect((await chargeCard(api, CARDS[3]!, await device(api, 104))).status).toBe(201);
  });

  it('the same visitor id again does not count twice', async () => {
    for (let i = 0; i < 4; i++) expect((await chargeCard(api, CARDS[4]!, await device(api, 200))).status).toBe(201);
  });
});

describe('IP velocity: more than 3 distinct cards charged from one X-Forwarded-For address', () => {
  const api = useSandbox({ fraud: { ipVelocityMaxCards: 3, velocityMaxCards: 0, missingDeviceData: 'off' } });

  it('the fourth distinct card from 198.51.100.9 is declined 3005 ip_velocity, even without device data; another IP is not', async () => {
    const statuses = [];
    for (const pan of CARDS.slice(0, 4)) statuses.push((await chargeCard(api, pan, sessionId(), '198.51.100.9, 10.0.0.1')).status);
    expect(statuses).toEqual([201, 201, 201, 402]);
    const r = await chargeCard(api, CARDS[4]!, sessionId(), '198.51.100.9');
    expect(r.body.fraud_rules).toEqual(['ip_velocity']);
    expect((await chargeCard(api, CARDS[4]!, sessionId(), '198.51.100.10')).status).toBe(201);
  });
});

describe.each<[string, Record<string, unknown>, string, string]>([
  ['platform_mismatch', { platform: ['Win32', null] }, CHROME_LINUX, 'a Windows platform signal under a Linux user agent'],
  [
    'platform_mismatch',
    { platform: ['Linux x86_64', null], fonts: ['Segoe UI'] },
    CHROME_WINDOWS,
    'a Linux platform signal under a Windows user agent',
  ],
  ['impossible_screen', { screen: [0, 1080, 24] }, CHROME_LINUX, 'a screen 0 px wide'],
  ['impossible_screen', { screen: [99999, 1080, 24] }, CHROME_LINUX, 'a screen 99999 px wide'],
  ['impossible_screen', { screen: [1920, 1080, 0] }, CHROME_LINUX, 'a colour depth of 0'],
])('plausibility %s: %s', (rule, patch, userAgent, what) => {
  const lines: string[] = [];
  const flagging = useSandbox({ log: (l) => lines.push(l) });
  const declining = useSandbox({ fraud: { plausibility: 'decline' } });

  it(`${what}: flagged by default (Transaction and log), declined 3005 with plausibility decline`, async () => {
    const r = await chargeCard(flagging, CARDS[0]!, await device(flagging, 300, patch, userAgent));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([rule]);
    expect(lines.some((l) => l.includes(`flags=${rule}`))).toBe(true);
    const d = await chargeCard(declining, CARDS[0]!, await device(declining, 300, patch, userAgent));
    expectError(d, 3005, 402, rule);
    expect(d.body.fraud_rules).toEqual([rule]);
  });
});

describe('plausible devices are never flagged', () => {
  // one card from every device here: card velocity off
  const api = useSandbox({ fraud: { plausibility: 'decline', cardVelocityMaxDevices: 0 } });

  it.each<[string, Record<string, unknown>, string]>([
    ['Linux Chromium with a GPU renderer', { webgl: ['Intel', 'Mesa Intel(R) UHD Graphics 620', 16384, 16384, 4096] }, CHROME_LINUX],
    [
      'Linux Firefox on llvmpipe (no GPU driver): a software renderer alone',
      { webgl: ['Mozilla', 'llvmpipe, or similar', 8192, 8192, 4096] },
      CHROME_LINUX,
    ],
    [
      'Linux Chromium on SwiftShader alone',
      {
        webgl: [
          'Google Inc. (Google)',
          'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)',
          8192,
          8192,
          1024,
        ],
      },
      CHROME_LINUX,
    ],
    ['Windows', { platform: ['Win32', ['Windows', false, ['Chromium/131']]], fonts: ['Segoe UI'] }, CHROME_WINDOWS],
    ['iPadOS (platform MacIntel)', { platform: ['MacIntel', null], screen: [1024, 1366, 24] }, SAFARI_IPAD],
    ['no screen, no webgl signal (blocked)', { screen: undefined, webgl: undefined }, CHROME_LINUX],
  ])('%s', async (_what, patch, userAgent) => {
    const clean = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
    const signals = Object.fromEntries(
      Object.entries({ ...deviceSignals(400), ...clean }).filter(([k]) => !(k in patch) || patch[k] !== undefined),
    );
    const id = sessionId();
    expect(
      (
        await api.call('POST', '/device-data', {
          as: 'public',
          body: { ...deviceBody(id, 400), signals, visitor_id: visitorIdOf(signals) },
          headers: { 'User-Agent': userAgent },
        })
      ).status,
    ).toBe(201);
    const r = await chargeCard(api, CARDS[5]!, id);
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([]);
  });
});

describe('with the default rules, the demo still charges every test card with its documented outcome', () => {
  const api = useSandbox();

  it("each card of the README table, from one IP (a tester's page loads), gets its own outcome, no anti-fraud decline", async () => {
    for (const [i, card] of TEST_CARDS.entries()) {
      const r = await chargeCard(api, card.number, await device(api, 500 + i));
      if (card.outcome === 'approved') expect(r.status, card.number).toBe(201);
      else expect(r.body.error_code, card.number).toBe(OUTCOME_ERRORS[card.outcome].error_code);
      if (card.outcome !== 'fraud') expect(r.body.fraud_rules, card.number).toBeUndefined();
    }
  });
});
