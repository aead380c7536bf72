/**
 * The sandbox's anti-fraud rules over HTTP (sandbox/src/fraud/fraud.ts; docs/device-data.md, "Anti-fraud rules"): device velocity,
 * automation (off, flag, decline) and unknown device sessions, on charges and on card creation. Each block runs
 * its own sandbox with the settings it tests.
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { CARD, NOW, charge, chargeBody, expectError, postDevice, sessionId, tokenize, useSandbox, type TestApi } from './helpers';

/** Approved, Luhn-valid card numbers of different brands: distinct cards for the velocity rule. */
const CARDS = ['4111111111111111', '5555555555554444', '2223000048400011', '4242424242424242', '5105105105105100', '4012888888881881'];

/** Charges `pan` (through a fresh token) under `device_session_id`. */
async function chargeCard(api: TestApi, pan: string, device_session_id: string) {
  return charge(api, chargeBody(await tokenize(api, { card_number: pan }), { device_session_id }));
}

describe('defaults', () => {
  it('velocity over 3 cards in 24 h, automation, missing device data, plausibility, consistency and entry flagged, card velocity 3 devices, IP velocity 20 cards', () => {
    expect(SANDBOX_DEFAULTS.fraud).toEqual({
      velocityMaxCards: 3,
      velocityWindowSeconds: 86_400,
      automation: 'flag',
      missingDeviceData: 'flag',
      cardVelocityMaxDevices: 3,
      ipVelocityMaxCards: 20,
      plausibility: 'flag',
      consistency: 'flag',
      entry: 'flag',
    });
  });
});

describe('device velocity (max 2 cards in 3600 s)', () => {
  let clock = NOW.getTime();
  const lines: string[] = [];
  const api = useSandbox({
    now: () => new Date(clock),
    fraud: { velocityMaxCards: 2, velocityWindowSeconds: 3600 },
    log: (l) => lines.push(l),
  });

  it('a third distinct card from one visitor id is declined: 3005 with fraud_rules ["device_velocity"], a failed Transaction', async () => {
    // every page load has its own device_session_id; the same device gives the same visitor id
    expect((await chargeCard(api, CARDS[0]!, await postDevice(api, 10))).status).toBe(201);
    expect((await chargeCard(api, CARDS[1]!, await postDevice(api, 10))).status).toBe(201);
    expect((await chargeCard(api, CARDS[0]!, await postDevice(api, 10))).status).toBe(201); // the same card again counts once
    const session = await postDevice(api, 10);
    const r = await chargeCard(api, CARDS[2]!, session);
    expectError(r, 3005, 402, 'device_velocity');
    expect(r.body.fraud_rules).toEqual(['device_velocity']);
    const failed = (await api.call('GET', '/charges?status=FAILED&limit=100')).body.find((t: { fraud_flags: string[] }) =>
      t.fraud_flags.includes('device_velocity'),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      authorization: null,
      error_message: expect.stringContaining('device_velocity'),
      fraud_flags: ['device_velocity'],
    });
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^fraud charge tr\\w+ device_session_id=${session} rules=device_velocity flags=-$`)),
    );
    for (const l of lines) for (const pan of CARDS) expect(l).not.toContain(pan);
  });

  it('another visitor id is not affected', async () => {
    expect((await chargeCard(api, CARDS[2]!, await postDevice(api, 11))).status).toBe(201);
  });

  it('card creation counts and is declined too; nothing is stored and the token stays usable', async () => {
    const device = await postDevice(api, 12);
    expect(
      (await api.call('POST', '/cards', { as: 'public', body: { ...CARD, card_number: CARDS[0], device_session_id: device } })).status,
    ).toBe(201);
    expect((await chargeCard(api, CARDS[1]!, device)).status).toBe(201);
    const before = (await api.call('GET', '/cards?limit=100')).body.length;
    const tok = await tokenize(api, { card_number: CARDS[3] });
    const r = await api.call('POST', '/cards', { as: 'public', body: { token_id: tok, device_session_id: device } });
    expectError(r, 3005, 402);
    expect(r.body.fraud_rules).toEqual(['device_velocity']);
    expect((await api.call('GET', '/cards?limit=100')).body.length).toBe(before);
    // raw card variant, same device: declined as well
    const raw = await api.call('POST', '/cards', { as: 'public', body: { ...CARD, card_number: CARDS[4], device_session_id: device } });
    expect(raw.body.fraud_rules).toEqual(['device_velocity']);
  });

  it('uses older than the window no longer count', async () => {
    const device = await postDevice(api, 13);
    for (const pan of CARDS.slice(0, 2)) expect((await chargeCard(api, pan, device)).status).toBe(201);
    expect((await chargeCard(api, CARDS[2]!, device)).status).toBe(402);
    clock += 3601 * 1000;
    expect((await chargeCard(api, CARDS[3]!, device)).status).toBe(201);
  });
});

describe('device velocity off (max 0)', () => {
  const api = useSandbox({ fraud: { velocityMaxCards: 0 } });

  it('any number of cards is allowed', async () => {
    const device = await postDevice(api, 20);
    for (const pan of CARDS) expect((await chargeCard(api, pan, device)).body.fraud_flags).toEqual([]);
  });
});

describe.each([
  { mode: 'off', status: 201, flags: [] },
  { mode: 'flag', status: 201, flags: ['automation'] },
  { mode: 'decline', status: 402, flags: ['automation'] },
] as const)('automation rule "$mode"', ({ mode, status, flags }) => {
  const api = useSandbox({ fraud: { automation: mode } });

  it(`a device with automation flags: ${status}, fraud_flags ${JSON.stringify(flags)}`, async () => {
    const r = await chargeCard(api, CARDS[0]!, await postDevice(api, 30, { automation: ['webdriver', 'headless_ua'] }));
    expect(r.status).toBe(status);
    if (status === 402) {
      expectError(r, 3005, 402, 'automation');
      expect(r.body.fraud_rules).toEqual(['automation']);
    } else {
      expect(r.body.fraud_flags).toEqual(flags);
    }
  });

  it('a device without automation flags is never flagged for it', async () => {
    const r = await chargeCard(api, CARDS[1]!, await postDevice(api, 31));
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual([]);
  });
});

describe('several declining rules at once', () => {
  const api = useSandbox({ fraud: { automation: 'decline', velocityMaxCards: 1 } });

  it('are all named in fraud_rules', async () => {
    const device = await postDevice(api, 40, { automation: ['webdriver'] });
    expect((await chargeCard(api, CARDS[0]!, device)).body.fraud_rules).toEqual(['automation']);
    expect((await chargeCard(api, CARDS[1]!, device)).body.fraud_rules).toEqual(['device_velocity', 'automation']);
  });
});

describe('unknown device session (default settings)', () => {
  const lines: string[] = [];
  const api = useSandbox({ log: (l) => lines.push(l) });

  it('a charge is allowed and flagged on the Transaction and in the log', async () => {
    const session = sessionId();
    const r = await chargeCard(api, CARDS[0]!, session);
    expect(r.status).toBe(201);
    expect(r.body.fraud_flags).toEqual(['missing_device_data']);
    expect((await api.call('GET', `/charges/${r.body.id}`)).body.fraud_flags).toEqual(['missing_device_data']);
    expect(lines).toContain(`fraud charge ${r.body.id} device_session_id=${session} rules=- flags=missing_device_data`);
  });

  it('card creation is allowed; the flag goes to the log (the Card object has no place for it)', async () => {
    const session = sessionId();
    const r = await api.call('POST', '/cards', { as: 'public', body: { ...CARD, device_session_id: session } });
    expect(r.status).toBe(201);
    expect(r.body).not.toHaveProperty('fraud_flags');
    expect(lines).toContain(`fraud card ${r.body.id} device_session_id=${session} rules=- flags=missing_device_data`);
  });

  it('a raw card without device_session_id is scored by no rule and logs nothing', async () => {
    const n = lines.length;
    expect((await api.call('POST', '/cards', { as: 'public', body: CARD })).status).toBe(201);
    expect(lines.slice(n).filter((l) => l.startsWith('fraud'))).toEqual([]);
  });

  it('the fraud test card still answers its own 3005', async () => {
    const r = await chargeCard(api, '4000000000030058', await postDevice(api, 50));
    expectError(r, 3005, 402);
    expect(r.body.fraud_rules).toEqual(['sandbox: test card flagged as fraudulent']);
  });
});
