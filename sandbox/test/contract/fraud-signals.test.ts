/**
 * The sandbox's rules over the browser's consistency flags and the card entry's behavioural summary, over HTTP
 * (sandbox/src/fraud/fraud.ts, fraud-rules.ts; docs/device-data.md): `POST /device-data/entry`; each consistency rule
 * (`worker_mismatch`, `tampered_native`, `permission_mismatch`), the plausibility rule `os_mismatch`, and each entry rule
 * (`scripted_entry`, `keyless_entry`, `robotic_typing`) off, flagged and declined; a person's entries (typed,
 * pasted, autofilled) never flagged; a software renderer and `no_plugins` never flag alone.
 */
import { describe, expect, it } from 'vitest';
import type { RuleMode } from '../../src/fraud/fraud';
import { TYPED_ENTRY } from '../../src/http/example-requests';
import { charge, chargeBody, deviceBody, expectError, sessionId, tokenize, useSandbox, visitorIdOf, type TestApi } from './helpers';

/** A person typing 16 digits: about 180 ms between keys, keys held about 90 ms. */
const TYPED = TYPED_ENTRY;

/** Sends device data (automation flags, signals patch) and, when given, the entry summary; returns the session id. */
async function device(
  api: TestApi,
  automation: string[] = [],
  entry?: Record<string, unknown>,
  signals?: Record<string, unknown>,
  field = 'card_number',
): Promise<string> {
  const id = sessionId();
  const body = deviceBody(id, 0, { automation });
  if (signals) {
    Object.assign(body, { signals: { ...body.signals, ...signals } });
    body.visitor_id = visitorIdOf(body.signals);
  }
  expect((await api.call('POST', '/device-data', { as: 'public', body })).status).toBe(201);
  if (entry)
    expect(
      (await api.call('POST', '/device-data/entry', { as: 'public', body: { device_session_id: id, entry: { [field]: entry } } })).status,
    ).toBe(201);
  return id;
}

const chargeOn = async (api: TestApi, device_session_id: string) => charge(api, chargeBody(await tokenize(api), { device_session_id }));

describe('POST /device-data/entry', () => {
  const api = useSandbox();

  it('keeps the summary with the device data (public key), a later one replacing it; never a value', async () => {
    const id = await device(api);
    const r = await api.call('POST', '/device-data/entry', {
      as: 'public',
      body: { device_session_id: id, entry: { card_number: { ...TYPED, value: '4111111111111111' } } },
    });
    expect(r.status).toBe(201);
    expect(r.body.entry).toEqual({ card_number: TYPED });
    const pasted = { ...TYPED, methods: ['pasted'], keys: 0, key_interval_ms: null, key_dwell_ms: null };
    await api.call('POST', '/device-data/entry', { as: 'public', body: { device_session_id: id, entry: { card_number: pasted } } });
    const stored = await api.call('GET', `/device-data/${id}`);
    expect(stored.body.entry).toEqual({ card_number: pasted });
    expect(JSON.stringify(stored.body)).not.toContain('4111');
  });

  it('no device data under the id: 1005', async () => {
    const r = await api.call('POST', '/device-data/entry', {
      as: 'public',
      body: { device_session_id: sessionId(), entry: { card_number: TYPED } },
    });
    expectError(r, 1005, 404);
  });

  it.each([
    ['an unknown method', { ...TYPED, methods: ['telepathy'] }],
    ['a negative key count', { ...TYPED, keys: -1 }],
    ['an interval that is not [median, spread]', { ...TYPED, key_interval_ms: [1] }],
    ['a missing member', { methods: ['typed'] }],
    ['a flight that is not [median, spread]', { ...TYPED, key_flight_ms: [1] }],
    ['a negative count of capitals', { ...TYPED, shiftless_capitals: -1 }],
  ])('%s: 1001', async (_what, summary) => {
    const id = await device(api);
    const r = await api.call('POST', '/device-data/entry', {
      as: 'public',
      body: { device_session_id: id, entry: { card_number: summary } },
    });
    expectError(r, 1001, 400);
  });

  it('keeps the summaries of every card field; an entry with no known field is 1001', async () => {
    const id = await device(api);
    const entry = { card_number: TYPED, holder_name: { ...TYPED, keys: 9 }, expiry: { ...TYPED, keys: 4 }, cvv2: { ...TYPED, keys: 3 } };
    const r = await api.call('POST', '/device-data/entry', { as: 'public', body: { device_session_id: id, entry } });
    expect(r.status).toBe(201);
    expect(r.body.entry).toEqual(entry);
    const none = await api.call('POST', '/device-data/entry', { as: 'public', body: { device_session_id: id, entry: { pin: TYPED } } });
    expectError(none, 1001, 400);
  });
});

/** A driver typing with a delay: each key held for the delay and released as the next goes down. */
const HELD_TO_NEXT = { ...TYPED, key_interval_ms: [151.2, 88.4], key_dwell_ms: 149.8, key_flight_ms: [1.1, 0.6] };

describe.each<[string, string[], Record<string, unknown> | undefined, string?]>([
  ['worker_mismatch', ['worker_mismatch'], undefined],
  ['tampered_native', ['tampered_native'], undefined],
  ['permission_mismatch', ['permission_mismatch'], undefined],
  ['impossible_geometry', ['impossible_geometry'], undefined],
  ['engine_mismatch', ['engine_mismatch'], undefined],
  ['held_to_next_key', [], HELD_TO_NEXT],
  ['held_to_next_key', [], { ...HELD_TO_NEXT, keys: 9 }, 'holder_name'],
  ['shiftless_capitals', [], { ...TYPED, keys: 9, shiftless_capitals: 2 }, 'holder_name'],
  ['unfocused_typing', [], { ...TYPED, unfocused_keys: 16 }],
  ['robotic_typing', [], { ...TYPED, keys: 9, key_interval_ms: [3.1, 0.8], key_dwell_ms: 1.2 }, 'holder_name'],
  ['scripted_entry', [], { ...TYPED, methods: ['scripted'], keys: 0, key_interval_ms: null, key_dwell_ms: null }],
  ['keyless_entry', [], { ...TYPED, methods: ['inserted'], keys: 0, key_interval_ms: null, key_dwell_ms: null }],
  ['robotic_typing', [], { ...TYPED, key_interval_ms: [3.1, 0.8], key_dwell_ms: 1.2 }],
  ['robotic_typing', [], { ...TYPED, key_interval_ms: [120, 0], key_dwell_ms: 0.4 }],
])('rule %s', (rule, automation, entry, field) => {
  const setting = automation.length ? 'consistency' : 'entry';
  const mode = (m: RuleMode) => ({ fraud: { [setting]: m } });
  const flagging = useSandbox();
  const declining = useSandbox(mode('decline'));
  const off = useSandbox(mode('off'));

  it(`flagged by default (alone: not the automation rule), declined 3005 under ${setting} decline, ignored when off`, async () => {
    const flagged = await chargeOn(flagging, await device(flagging, automation, entry, undefined, field));
    expect(flagged.status).toBe(201);
    expect(flagged.body.fraud_flags).toEqual([rule]);
    const declined = await chargeOn(declining, await device(declining, automation, entry, undefined, field));
    expectError(declined, 3005, 402, rule);
    expect(declined.body.fraud_rules).toEqual([rule]);
    const ignored = await chargeOn(off, await device(off, automation, entry, undefined, field));
    expect(ignored.status).toBe(201);
    expect(ignored.body.fraud_flags).toEqual([]);
  });
});

describe('one rule set apart from its group (--rule NAME=MODE)', () => {
  const api = useSandbox({ fraud: { entry: 'flag', rules: { held_to_next_key: 'decline', shiftless_capitals: 'off' } } });

  it('declines on that rule alone, ignores another, and its group still flags the rest', async () => {
    const declined = await chargeOn(api, await device(api, [], { ...HELD_TO_NEXT, unfocused_keys: 2 }));
    expectError(declined, 3005, 402, 'held_to_next_key');
    expect(declined.body.fraud_rules).toEqual(['held_to_next_key']);
    const flagged = await chargeOn(api, await device(api, [], { ...TYPED, shiftless_capitals: 1, unfocused_keys: 1 }));
    expect(flagged.status).toBe(201);
    expect(flagged.body.fraud_flags).toEqual(['unfocused_typing']);
  });
});

describe("a person's entry and machine is never flagged, even with every rule declining", () => {
  const api = useSandbox({
    fraud: {
      automation: 'decline',
      plausibility: 'decline',
      consistency: 'decline',
      entry: 'decline',
      cardVelocityMaxDevices: 0,
      velocityMaxCards: 0,
    },
  });
  const LLVMPIPE = { webgl: ['Mesa', 'llvmpipe (LLVM 19.1.7, 256 bits)', 8192, 8192, 4096] };
  const none = { keys: 0, key_interval_ms: null, key_dwell_ms: null };

  it.each<[string, Record<string, unknown> | undefined, string[], Record<string, unknown> | undefined]>([
    ["typed at a person's pace", TYPED, [], undefined],
    ['pasted', { ...TYPED, ...none, methods: ['pasted'] }, [], undefined],
    ['autofilled by the browser', { ...TYPED, ...none, methods: ['autofilled'] }, [], undefined],
    ['typed, then corrected by autofill', { ...TYPED, methods: ['typed', 'autofilled'] }, [], undefined],
    ['a fast typist (interval 40 ms, dwell 30 ms)', { ...TYPED, key_interval_ms: [40, 12], key_dwell_ms: 30 }, [], undefined],
    ['3 quick presses only (a correction)', { ...TYPED, keys: 3, key_interval_ms: [5, 1], key_dwell_ms: 2 }, [], undefined],
    ['typed on a machine without a GPU (llvmpipe): a software renderer alone', TYPED, [], LLVMPIPE],
    ['no plugins (Chrome set to download PDFs) on llvmpipe', TYPED, ['no_plugins'], LLVMPIPE],
    ['no entry summary (a browser that sent none)', undefined, [], undefined],
    ['an older client (no flight, capitals, focus or corrections members)', TYPED, [], undefined],
    [
      'a fast typist whose keys overlap (flight median -4 ms, spread 45 ms)',
      { ...TYPED, key_interval_ms: [95, 40], key_dwell_ms: 88, key_flight_ms: [-4, 45], shiftless_capitals: 0, unfocused_keys: 0 },
      [],
      undefined,
    ],
    [
      'a slow typist who corrects typos',
      { ...TYPED, keys: 22, key_interval_ms: [410, 260], key_dwell_ms: 120, key_flight_ms: [290, 250], corrections: 3 },
      [],
      undefined,
    ],
    [
      'a holder name typed with Shift for capitals (0 counted)',
      { ...TYPED, keys: 11, shiftless_capitals: 0, key_flight_ms: [60, 70] },
      [],
      undefined,
    ],
  ])('%s', async (_what, entry, automation, signals) => {
    const r = await chargeOn(api, await device(api, automation, entry, signals));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([]);
  });
});

describe('a software renderer joins other evidence', () => {
  const api = useSandbox();
  const SWIFTSHADER = {
    webgl: ['Google Inc. (Google)', 'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)', 8192, 8192, 1024],
  };

  it.each<[string, string[], Record<string, unknown> | undefined, string[]]>([
    ['with webdriver: automation and headless_renderer', ['webdriver'], undefined, ['automation', 'headless_renderer']],
    [
      'with a patched getter: tampered_native and headless_renderer',
      ['tampered_native'],
      undefined,
      ['headless_renderer', 'tampered_native'],
    ],
    [
      'with a scripted entry: scripted_entry and headless_renderer',
      [],
      { ...TYPED, methods: ['scripted'] },
      ['headless_renderer', 'scripted_entry'],
    ],
  ])('%s', async (_what, automation, entry, flags) => {
    const r = await chargeOn(api, await device(api, automation, entry, SWIFTSHADER));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual(flags);
  });
});

describe("os_mismatch (plausibility): the User-Agent's operating system against the fonts and the WebGL renderer", () => {
  const WIN = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36';
  const MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15';
  const LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';
  const ANDROID = 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Mobile Safari/537.36';
  const gl = (renderer: string) => ['vendor', renderer, 8192, 8192, 1024];
  const flagging = useSandbox({ fraud: { cardVelocityMaxDevices: 0 } });
  const declining = useSandbox({ fraud: { plausibility: 'decline', cardVelocityMaxDevices: 0 } });

  /** Device data with `signals` patched, sent with `userAgent` and with the platform signal it implies. */
  async function deviceAs(api: TestApi, userAgent: string, signals: Record<string, unknown>) {
    const id = sessionId();
    const platform = /Windows/.test(userAgent) ? 'Win32' : /Macintosh/.test(userAgent) ? 'MacIntel' : 'Linux x86_64';
    const body = deviceBody(id, 0);
    // a member given as undefined is a signal the browser did not give (blocked): left out
    const merged = { ...body.signals, platform: [platform, null], ...signals };
    Object.assign(body, { signals: Object.fromEntries(Object.entries(merged).filter(([, v]) => v !== undefined)) });
    body.visitor_id = visitorIdOf(body.signals);
    expect((await api.call('POST', '/device-data', { as: 'public', body, headers: { 'User-Agent': userAgent } })).status).toBe(201);
    return id;
  }

  it.each<[string, string, Record<string, unknown>]>([
    [
      'Windows with Segoe UI and a Direct3D renderer',
      WIN,
      { fonts: ['Segoe UI'], webgl: gl('ANGLE (NVIDIA, NVIDIA GeForce GTX 1650 Direct3D11 vs_5_0 ps_5_0, D3D11)') },
    ],
    [
      'macOS with Helvetica Neue and a Metal renderer',
      MAC,
      { fonts: ['Helvetica Neue'], webgl: gl('ANGLE (Apple, ANGLE Metal Renderer: Apple M2, Unspecified Version)') },
    ],
    ['Linux on llvmpipe (a software renderer)', LINUX, { fonts: ['DejaVu Sans'], webgl: gl('llvmpipe, or similar') }],
    [
      'Windows on SwiftShader (its software fallback)',
      WIN,
      { fonts: ['Segoe UI'], webgl: gl('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero)), SwiftShader driver)') },
    ],
    ['Android on a Mali GPU', ANDROID, { fonts: ['Roboto'], webgl: gl('Mali-G78') }],
    [
      "WebKitGTK on Linux: WebKit's masked renderer Apple GPU",
      LINUX,
      { fonts: ['DejaVu Sans'], webgl: ['Apple Inc.', 'Apple GPU', 16384, 16384, 1024] },
    ],
    ['Safari on macOS: Apple GPU', MAC, { fonts: ['Helvetica Neue'], webgl: ['Apple Inc.', 'Apple GPU', 16384, 16384, 1024] }],
    ['Windows whose fonts and WebGL are missing (blocked)', WIN, { fonts: undefined, webgl: undefined }],
  ])('%s: not flagged', async (_what, ua, signals) => {
    const r = await chargeOn(flagging, await deviceAs(flagging, ua, signals));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([]);
  });

  it.each<[string, string, Record<string, unknown>]>([
    [
      'Windows without Segoe UI (a Linux machine claiming Windows)',
      WIN,
      { fonts: ['DejaVu Sans'], webgl: gl('ANGLE (Intel, Direct3D11)') },
    ],
    [
      "Windows with Apple's OpenGL Engine renderer (stealth's default)",
      WIN,
      { fonts: ['Segoe UI'], webgl: gl('Intel Iris OpenGL Engine') },
    ],
    ['Windows on Mesa', WIN, { fonts: ['Segoe UI'], webgl: gl('Mesa Intel(R) UHD Graphics 620 (KBL GT2)') }],
    ['macOS without Helvetica Neue', MAC, { fonts: ['DejaVu Sans'] }],
    ['macOS with a Direct3D renderer', MAC, { fonts: ['Helvetica Neue'], webgl: gl('ANGLE (NVIDIA, Direct3D11)') }],
    ["Linux with Apple's OpenGL Engine renderer", LINUX, { fonts: ['DejaVu Sans'], webgl: gl('Intel Iris OpenGL Engine') }],
  ])('%s: flagged, declined under plausibility decline', async (_what, ua, signals) => {
    const r = await chargeOn(flagging, await deviceAs(flagging, ua, signals));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual(['os_mismatch']);
    const d = await chargeOn(declining, await deviceAs(declining, ua, signals));
    expectError(d, 3005, 402, 'os_mismatch');
  });
});
