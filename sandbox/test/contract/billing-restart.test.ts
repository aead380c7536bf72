/**
 * Billing across restarts (spec, Subscription object; docs/sandbox.md "Subscriptions and billing"): a sandbox on a
 * temporary `--db` file is closed and reopened in the middle of its subscriptions' lives. The moved clock stays
 * moved; an advance cut short before it commits (a crash) leaves no charge and no moved clock behind; a sandbox
 * reopened after real time passed bills, on its own and dated that day, every period that fell due while it was
 * down; over all of it each period is billed exactly once, none skipped, and the ledger holds.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../../src/server';
import { addDays, addMonths } from '../../src/time/dates';
import { basic, CARD, CREDS, NOW } from './helpers';
import { DAY, PLAN } from './billing-helpers';

const dir = mkdtempSync(join(tmpdir(), 'paytoken-billing-'));
const file = join(dir, 'sandbox.db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A sandbox on the test's file whose real clock says `realNow`, and a client for it. */
async function open(realNow: Date) {
  const sandbox = await startSandbox({ ...CREDS, db: file, now: () => realNow, port: 0 });
  const call = async (method: string, path: string, body?: unknown, prefix = `/v1/${CREDS.merchantId}`) => {
    const res = await fetch(`${sandbox.baseUrl}${prefix}${path}`, {
      method,
      headers: {
        Authorization: basic(method === 'POST' && path === '/tokens' ? CREDS.publicKey : CREDS.privateKey),
        'Content-Type': 'application/json',
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : null };
  };
  const sim = (path: string, body?: unknown) => call(body === undefined ? 'GET' : 'POST', path, body, `/sandbox/v1/${CREDS.merchantId}`);
  return { sandbox, call, sim };
}

type Opened = Awaited<ReturnType<typeof open>>;

/** Each subscription's charges as `[date, period]`, oldest first (their description names the period). */
async function billed(s: Opened, customer: string): Promise<Record<string, [string, number][]>> {
  const charges = ((await s.call('GET', `/customers/${customer}/charges?limit=100`)).body as any[]).reverse();
  const out: Record<string, [string, number][]> = {};
  for (const c of charges)
    (out[c.subscription_id] ??= []).push([c.creation_date.slice(0, 10), Number(/period (\d+)\)$/.exec(c.description)![1])]);
  return out;
}

/** The charges due from `first`, monthly, up to and including `until` (dates `yyyy-mm-dd`), numbered from 1. */
const monthly = (first: string, until: string): [string, number][] => {
  const out: [string, number][] = [];
  for (let n = 0; addMonths(first, n) <= until; n++) out.push([addMonths(first, n), n + 1]);
  return out;
};

describe('billing across restarts of a sandbox on a --db file', () => {
  let customer = '';
  let fromToday = '';
  let from31st = '';

  it('first run: subscriptions made and 45 days billed', async () => {
    const a = await open(NOW);
    try {
      const plan = (await a.call('POST', '/plans', PLAN)).body;
      customer = (await a.call('POST', '/customers', { name: 'Ana', email: 'ana@example.com' })).body.id;
      const tokens = [
        (await a.call('POST', '/tokens', CARD)).body.id,
        (await a.call('POST', '/tokens', { ...CARD, card_number: '5555555555554444' })).body.id,
      ];
      fromToday = (await a.call('POST', `/customers/${customer}/subscriptions`, { plan_id: plan.id, source_id: tokens[0] })).body.id;
      from31st = (
        await a.call('POST', `/customers/${customer}/subscriptions`, {
          plan_id: plan.id,
          source_id: tokens[1],
          trial_end_date: '2026-03-30',
        })
      ).body.id;
      expect((await a.sim('/clock/advance', { seconds: 45 * DAY })).body.now).toBe('2026-04-24T12:00:00-06:00');
      expect(await billed(a, customer)).toEqual({
        [fromToday]: monthly('2026-03-10', '2026-04-24'),
        [from31st]: monthly('2026-03-31', '2026-04-24'),
      });
    } finally {
      await a.sandbox.close();
    }
  });

  it('second run: the clock is where it was; an advance cut short before it commits leaves nothing behind', async () => {
    const b = await open(NOW);
    try {
      expect((await b.sim('/clock')).body.now).toBe('2026-04-24T12:00:00-06:00');
      expect((await b.call('GET', `/customers/${customer}/subscriptions/${fromToday}`)).body).toMatchObject({
        current_period_number: 2,
        charge_date: '2026-05-10',
      });
      // a crash in the middle of a long advance: its jobs ran (charges, ledger, the clock's offset) but never committed
      const { store, scheduler } = b.sandbox as RunningSandbox;
      scheduler.stop();
      const charges = store.transactions.size;
      expect(() =>
        store.tx(() => {
          expect(scheduler.advance(90 * DAY).jobs).toBe(6);
          expect(store.transactions.size).toBe(charges + 6);
          throw new Error('power cut');
        }),
      ).toThrow('power cut');
      expect(store.transactions.size).toBe(charges);
      expect(store.meta('clock_offset')).toBe(String(45 * DAY * 1000));
    } finally {
      // no request after the cut: this process's clock moved in memory, as a dying process's would
      await b.sandbox.close();
    }
  });

  it('third run, 20 days of real time later: what fell due while it was down is billed on its own, once', async () => {
    const c = await open(new Date(NOW.getTime() + 20 * DAY * 1000));
    try {
      // the scheduler runs the due jobs at start, before any request; time never goes back, so they are dated today
      await expect.poll(() => c.sandbox.store.transactions.size, { timeout: 5000 }).toBe(5);
      expect((await c.sim('/clock')).body.now).toBe('2026-05-14T12:00:00-06:00');
      const late = (list: [string, number][], n: number) => list.map(([date, p]): [string, number] => [p === n ? '2026-05-14' : date, p]);
      const caughtUp = {
        [fromToday]: late(monthly('2026-03-10', '2026-05-10'), 3),
        [from31st]: late(monthly('2026-03-31', '2026-04-30'), 2),
      };
      expect(await billed(c, customer)).toEqual(caughtUp);
      expect((await c.call('GET', `/customers/${customer}/subscriptions/${fromToday}`)).body).toMatchObject({
        current_period_number: 3,
        charge_date: '2026-06-10',
      });
      expect((await c.sim('/clock/advance', { seconds: 365 * DAY })).body.now).toBe('2027-05-14T12:00:00-06:00');
      const year = await billed(c, customer);
      expect(year).toEqual({
        [fromToday]: late(monthly('2026-03-10', '2027-05-14'), 3),
        [from31st]: late(monthly('2026-03-31', '2027-05-14'), 2),
      });
      expect(year[from31st]!.slice(10, 14).map(([date]) => date)).toEqual(['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30']);
      expect((await c.call('GET', `/customers/${customer}/subscriptions/${from31st}`)).body).toMatchObject({
        current_period_number: 14,
        charge_date: '2027-05-31',
        period_end_date: addDays('2027-05-31', -1),
      });
      expect(c.sandbox.store.ledger.check()).toEqual([]);
    } finally {
      await c.sandbox.close();
    }
  });

  it('fourth run: nothing due, nothing billed; one pending job per live subscription', async () => {
    const d = await open(new Date(NOW.getTime() + 20 * DAY * 1000));
    try {
      const before = d.sandbox.store.transactions.size;
      expect(d.sandbox.scheduler.runDue()).toBe(0);
      expect(d.sandbox.store.transactions.size).toBe(before);
      expect(d.sandbox.store.jobs.pendingFor(fromToday).map((j) => j.data)).toEqual([{ date: '2027-06-10' }]);
      expect(d.sandbox.store.jobs.pendingFor(from31st).map((j) => j.data)).toEqual([{ date: '2027-05-31' }]);
    } finally {
      await d.sandbox.close();
    }
  });
});
