/**
 * At-least-once delivery (docs/webhooks.md): a failed attempt (non-2xx, time-out, redirect) is retried on the
 * documented schedule on the sandbox clock (a clock advance replays days of it), 410 disables the webhook, a bounded
 * number are in flight per webhook, every attempt is in the delivery log, and the simulation API resends an event.
 * Every delivery goes to a receiver on 127.0.0.1.
 */
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_SCHEDULE_MS } from '../../src/domain/webhooks';
import { charge, chargeBody, CREDS, expectError, tokenize, useSandbox } from './helpers';
import { advance, deliveriesOf, register, sim, startReceiver, until, type Receiver } from './webhook-helpers';

const api = useSandbox({ webhooks: { pollMs: 20, timeoutMs: 400, maxInFlight: 3 } });
/** The same with the default time-out (15 s): a receiver may hold requests. */
const patient = useSandbox({ webhooks: { pollMs: 20, maxInFlight: 3 } });
const SIM = sim(CREDS.merchantId);
let rx: Receiver;
beforeAll(async () => {
  rx = await startReceiver();
});
afterAll(() => rx.close());

/** A card charge; resolves with its id and the id of its charge.succeeded event. */
async function succeededEvent(on = api): Promise<{ charge: string; event: string }> {
  const r = await charge(on, chargeBody(await tokenize(on)));
  const events = await on.call('GET', `/events?type=charge.succeeded&resource_id=${r.body.id}`, { prefix: SIM });
  expect(events.body).toHaveLength(1);
  return { charge: r.body.id, event: events.body[0].id };
}

/** The delivery of `event` to webhook `webhook`, once `ok` holds of it. */
const deliveryOf = (event: string, webhook: string, ok: (dl: any) => boolean) =>
  until(
    async () => (await deliveriesOf(api, CREDS.merchantId, event)).find((dl) => dl.webhook_id === webhook),
    (dl) => !!dl && ok(dl),
  );

describe('retries on the clock', () => {
  it("the schedule is Standard Webhooks' suggestion", () => {
    expect(RETRY_SCHEDULE_MS.map((ms) => ms / 1000)).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
  });

  it('a receiver answering 500: ten attempts at 0, 5 s, 5 min ... 24 h on the sandbox clock, then failed; advancing replays them', async () => {
    rx.answer = (h) => ({ status: h.path === '/down' ? 500 : 200, body: 'down for maintenance' });
    const w = await register(api, `${rx.url}/down`, ['charge.succeeded']);
    try {
      const { event } = await succeededEvent();
      let dl = await deliveryOf(event, w.id, (x) => x.attempts === 1 && x.status === 'scheduled');
      expect(Date.parse(dl.next_attempt_date) - Date.parse(dl.log[0].date)).toBe(5000);
      await advance(api, CREDS.merchantId, 4);
      expect((await deliveryOf(event, w.id, () => true)).attempts).toBe(1); // not due yet
      await advance(api, CREDS.merchantId, 1);
      expect((await deliveryOf(event, w.id, () => true)).attempts).toBe(2);
      await advance(api, CREDS.merchantId, 4 * 86_400); // the rest of the schedule: 3 days 3 h
      dl = await deliveryOf(event, w.id, (x) => x.status === 'failed');
      expect(dl.attempts).toBe(10);
      const gaps = dl.log.slice(1).map((a: { date: string }, i: number) => (Date.parse(a.date) - Date.parse(dl.log[i].date)) / 1000);
      expect(gaps).toEqual([5, 300, 1800, 7200, 18000, 36000, 50400, 72000, 86400]);
      expect(dl.log.map((a: { outcome: string }) => a.outcome)).toEqual([...Array(9).fill('retry'), 'failed']);
      expect(dl.log[0]).toMatchObject({ response_status: 500, response_body: 'down for maintenance', error: null });
      expect(dl.next_attempt_date).toBeNull();
      expect(rx.hits.filter((h) => h.path === '/down' && h.json?.id === event)).toHaveLength(10);
      expect((await api.call('GET', `/webhooks/${w.id}`)).body.status).toBe('unverified'); // its verification failed too
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });

  it('a receiver that recovers: the next attempt delivers and nothing follows', async () => {
    let up = false;
    const w = await register(api, `${rx.url}/flaky`, ['charge.succeeded']);
    rx.answer = (h) => ({ status: h.path !== '/flaky' || up ? 204 : 503 });
    try {
      const { event } = await succeededEvent();
      await deliveryOf(event, w.id, (x) => x.attempts === 1);
      up = true;
      await advance(api, CREDS.merchantId, 5);
      const dl = await deliveryOf(event, w.id, (x) => x.status === 'delivered');
      expect([dl.attempts, dl.log.map((a: { response_status: number }) => a.response_status)]).toEqual([2, [503, 204]]);
      await advance(api, CREDS.merchantId, 86_400);
      expect((await deliveryOf(event, w.id, () => true)).attempts).toBe(2);
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });

  it('a time-out (no answer in time) and a redirect (never followed) are failed attempts', async () => {
    const slow = await register(api, `${rx.url}/slow`, ['charge.succeeded']);
    const moved = await register(api, `${rx.url}/moved`, ['charge.succeeded']);
    rx.answer = (h) =>
      h.path === '/slow'
        ? { status: 200, delayMs: 1500 }
        : h.path === '/moved'
          ? { status: 302, headers: { location: `${rx.url}/target` } }
          : { status: 200 };
    try {
      const { event } = await succeededEvent();
      const timedOut = await deliveryOf(event, slow.id, (x) => x.attempts === 1);
      expect(timedOut.log[0]).toMatchObject({ response_status: null, error: 'timeout after 400 ms', outcome: 'retry' });
      const redirected = await deliveryOf(event, moved.id, (x) => x.attempts === 1);
      expect(redirected.log[0]).toMatchObject({ response_status: 302, outcome: 'retry' });
      expect(rx.hits.filter((h) => h.path === '/target')).toEqual([]);
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });
});

describe('410 Gone', () => {
  it('disables the webhook: its pending deliveries are cancelled and new events are not sent to it', async () => {
    const w = await register(api, `${rx.url}/gone`, ['charge.succeeded']);
    await until(
      async () => (await api.call('GET', `/webhooks/${w.id}`)).body.status,
      (s) => s === 'verified',
    );
    rx.answer = (h) => ({ status: h.path === '/gone' ? 410 : 200 });
    try {
      const { event } = await succeededEvent();
      const dl = await deliveryOf(event, w.id, (x) => x.status === 'failed');
      expect(dl.log[0]).toMatchObject({ response_status: 410, outcome: 'disabled' });
      expect((await api.call('GET', `/webhooks/${w.id}`)).body.status).toBe('disabled');
      const before = rx.hits.filter((h) => h.path === '/gone').length;
      const next = await succeededEvent();
      await advance(api, CREDS.merchantId, 60);
      expect((await deliveriesOf(api, CREDS.merchantId, next.event)).filter((x) => x.webhook_id === w.id)).toEqual([]);
      expect(rx.hits.filter((h) => h.path === '/gone')).toHaveLength(before);
      expectError(await api.call('POST', `/webhooks/${w.id}/verify/1`), 3006, 412, 'disabled');
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });
});

describe('bounded in flight per webhook', () => {
  it('at most maxInFlight requests at once to one endpoint; the rest wait their turn, and all arrive', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((done) => (release = done));
    await register(patient, `${rx.url}/busy`, ['charge.succeeded']);
    await rx.waitFor(1, (h) => h.path === '/busy');
    rx.answer = async (h) => {
      if (h.path === '/busy') await gate;
      return { status: 200 };
    };
    try {
      const events: string[] = [];
      for (let i = 0; i < 8; i++) events.push((await succeededEvent(patient)).event);
      await rx.waitFor(3, (h) => h.path === '/busy' && events.includes(h.json?.id));
      await new Promise((done) => setTimeout(done, 150));
      expect(rx.hits.filter((h) => h.path === '/busy' && events.includes(h.json?.id))).toHaveLength(3);
      release();
      await rx.waitFor(8, (h) => h.path === '/busy' && events.includes(h.json?.id));
      expect(rx.maxOpen['/busy']).toBe(3);
    } finally {
      release();
      rx.answer = () => ({ status: 200 });
    }
  });
});

describe('the delivery log and resend (simulation API)', () => {
  it('every attempt: the request (credentials hidden), the status, an excerpt of the answer, the time', async () => {
    const w = await register(api, `${rx.url}/log`, ['charge.succeeded'], { user: 'u', password: 'p' });
    rx.answer = (h) => ({ status: h.path === '/log' ? 202 : 200, body: 'x'.repeat(5000) });
    try {
      const { event, charge: id } = await succeededEvent();
      const dl = await deliveryOf(event, w.id, (x) => x.status === 'delivered');
      const [a] = dl.log;
      expect(a).toMatchObject({ attempt: 1, response_status: 202, error: null, outcome: 'delivered' });
      expect(a.response_body).toBe('x'.repeat(1024));
      expect(a.request.url).toBe(`${rx.url}/log`);
      expect(a.request.headers).toMatchObject({
        authorization: 'Basic [redacted]',
        'webhook-id': event,
        'content-type': 'application/json',
      });
      expect(JSON.parse(a.request.body)).toMatchObject({ id: event, type: 'charge.succeeded', transaction: { id } });
      expect(a.duration_ms).toBeGreaterThanOrEqual(0);
      const one = await api.call('GET', `/events/${event}`, { prefix: SIM });
      expect(one.body).toMatchObject({ id: event, type: 'charge.succeeded', resource_id: id });
      expect(one.body.body).toEqual(JSON.parse(a.request.body));
      expect(one.body.deliveries.map((x: { id: string }) => x.id)).toContain(dl.id);
      expectError(await api.call('GET', '/events/evnothere', { prefix: SIM }), 1005, 404);
      const filtered = await api.call('GET', `/deliveries?webhook_id=${w.id}&status=delivered`, { prefix: SIM });
      expect(filtered.body.every((x: { webhook_id: string; status: string }) => x.webhook_id === w.id && x.status === 'delivered')).toBe(
        true,
      );
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });

  it('resend: a new delivery of the same message (same webhook-id and body, a fresh signature) to the webhooks that asked, or to one', async () => {
    const w = await register(api, `${rx.url}/again`, ['charge.succeeded']);
    const { event } = await succeededEvent();
    const [first] = await rx.waitFor(1, (h) => h.path === '/again' && h.json?.id === event);
    const r = await api.call('POST', `/events/${event}/resend`, { prefix: SIM, body: { webhook_id: w.id } });
    expect(r.status).toBe(201);
    expect(r.body).toHaveLength(1);
    expect(r.body[0]).toMatchObject({ webhook_id: w.id, event_id: event, resend: true });
    const hits = await rx.waitFor(2, (h) => h.path === '/again' && h.json?.id === event);
    expect(hits[1]!.body).toBe(first!.body);
    expect(hits[1]!.headers['webhook-id']).toBe(event);
    const secret = (await api.call('POST', '/webhooks', { body: { url: `${rx.url}/x`, event_types: ['charge.failed'] } })).body.secret;
    expect(secret).toMatch(/^whsec_/);
    const all = await api.call('POST', `/events/${event}/resend`, { prefix: SIM });
    expect(all.body.length).toBeGreaterThan(1); // every active webhook that asked for charge.succeeded
    expect(all.body.every((x: { resend: boolean }) => x.resend)).toBe(true);
    expectError(await api.call('POST', '/events/evnothere/resend', { prefix: SIM }), 1005, 404);
    const other = await register(api, `${rx.url}/other`, ['charge.failed']);
    expectError(await api.call('POST', `/events/${event}/resend`, { prefix: SIM, body: { webhook_id: other.id } }), 3006, 412);
    expect(new Webhook(w.secret).verify(hits[1]!.body, hits[1]!.headers as Record<string, string>)).toMatchObject({ id: event });
  });

  it('deleting a webhook cancels its pending deliveries (their log stays)', async () => {
    const w = await register(api, `${rx.url}/bye`, ['charge.succeeded']);
    rx.answer = (h) => ({ status: h.path === '/bye' ? 500 : 200 });
    try {
      const { event } = await succeededEvent();
      await deliveryOf(event, w.id, (x) => x.status === 'scheduled');
      expect((await api.call('DELETE', `/webhooks/${w.id}`)).status).toBe(204);
      const dl = await deliveryOf(event, w.id, () => true);
      expect([dl.status, dl.attempts, dl.log.length]).toEqual(['cancelled', 1, 1]);
      const before = rx.hits.filter((h) => h.path === '/bye').length;
      await advance(api, CREDS.merchantId, 3600);
      expect(rx.hits.filter((h) => h.path === '/bye')).toHaveLength(before);
    } finally {
      rx.answer = () => ({ status: 200 });
    }
  });
});

describe('a bounded log', () => {
  const small = useSandbox({ limits: { maxRecords: 20 }, webhooks: { pollMs: 20 } });
  it('keeps the newest --max-records finished deliveries (pending ones are never dropped)', async () => {
    const w = await register(small, `${rx.url}/bounded`, ['charge.succeeded']);
    const [verification] = await rx.waitFor(1, (h) => h.path === '/bounded');
    for (let i = 0; i < 21; i++) {
      const batch = Array.from({ length: 5 }, () => small.call('POST', `/events/${verification!.json.id}/resend`, { prefix: SIM }));
      for (const r of await Promise.all(batch)) expect(r.status).toBe(201);
    }
    await rx.waitFor(106, (h) => h.path === '/bounded', 40_000);
    const log = await until(
      async () => (await small.call('GET', `/deliveries?webhook_id=${w.id}&limit=100`, { prefix: SIM })).body as { status: string }[],
      (d) => d.length <= 40 && d.every((x) => x.status === 'delivered'),
    );
    expect(log.length).toBeGreaterThanOrEqual(20);
  }, 60_000);
});
