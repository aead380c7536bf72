/**
 * Billing survives a SIGKILL in the middle of a long clock advance (docs/sandbox.md "Subscriptions and billing"): the
 * sandbox runs as its own process (the CLI) on a temporary `--db` file with weekly subscriptions, is killed while
 * `POST /clock/advance` bills a year of them, and is started again on the same file. Each billing job commits
 * with its charge, so after the restart and an advance to the same end every subscription has each of its periods
 * billed exactly once, in order, none skipped, and the merchant's balance is the sum of those charges.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { addDays, dayStart } from '../../src/time/dates';
import { basic, CARD } from './helpers';
import { DAY, PLAN } from './billing-helpers';

const KEYS = { merchant: 'mcrash0test', pub: 'pk_crash_pub', priv: 'sk_crash_priv' };
const dir = mkdtempSync(join(tmpdir(), 'paytoken-crash-'));
const file = join(dir, 'sandbox.db');
const children: ChildProcessWithoutNullStreams[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the CLI on the test's file; resolves with the process and a client once it prints its base URL. */
async function start() {
  const args = ['--port', '0', '--db', file, '--merchant-id', KEYS.merchant, '--public-key', KEYS.pub, '--private-key', KEYS.priv];
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', ...args], { cwd: process.cwd() });
  children.push(child);
  child.stderr.resume();
  const base = (await createInterface({ input: child.stdout })[Symbol.asyncIterator]().next()).value as string;
  const call = async (method: string, path: string, body?: unknown, sim = false) => {
    const res = await fetch(`${base}${sim ? '/sandbox' : ''}/v1/${KEYS.merchant}${path}`, {
      method,
      headers: { Authorization: basic(path === '/tokens' ? KEYS.pub : KEYS.priv), 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  return { child, call };
}

/** Seconds from the sandbox's `now` (ISO with offset) to `until` (epoch ms). */
const secondsTo = (now: string, until: number) => Math.round((until - Date.parse(now)) / 1000);

describe('a SIGKILL during a long advance', () => {
  it('after the restart every period is billed once, in order, none skipped; the balance is their sum', async () => {
    const a = await start();
    const plan = (await a.call('POST', '/plans', { ...PLAN, amount: 1.5, repeat_unit: 'week' })).body;
    const subs: { id: string; customer: string }[] = [];
    for (let i = 0; i < 20; i++) {
      const customer = (await a.call('POST', '/customers', { name: `C${i}`, email: `c${i}@example.com`, requires_account: false })).body.id;
      const token = (await a.call('POST', '/tokens', CARD)).body.id;
      const s = (await a.call('POST', `/customers/${customer}/subscriptions`, { plan_id: plan.id, source_id: token })).body;
      expect(s.status).toBe('active');
      subs.push({ id: s.id, customer });
    }
    const startedAt = (await a.call('GET', '/clock', undefined, true)).body.now as string;
    const end = Date.parse(startedAt) + 365 * DAY * 1000;
    // a year of 20 weekly subscriptions: about 1,000 charges, one job each (seconds of work); the process dies 300 ms
    // after the advance first writes to the file
    const wal = () => statSync(`${file}-wal`).mtimeMs;
    const idle = wal();
    void a.call('POST', '/clock/advance', { seconds: 365 * DAY }, true).catch(() => {});
    for (let i = 0; i < 2000 && wal() === idle; i++) await new Promise((r) => setTimeout(r, 5));
    await new Promise((r) => setTimeout(r, 300));
    a.child.kill('SIGKILL');
    await once(a.child, 'exit');

    const b = await start();
    const resumed = (await b.call('GET', '/clock', undefined, true)).body.now as string;
    // part way: past the first week's billing (its jobs moved the clock), short of the end
    expect(Date.parse(resumed)).toBeGreaterThan(Date.parse(startedAt) + 6 * DAY * 1000);
    expect(Date.parse(resumed)).toBeLessThan(end);
    expect((await b.call('POST', '/clock/advance', { seconds: secondsTo(resumed, end) }, true)).status).toBe(200);
    let total = 0;
    for (const s of subs) {
      const page = async (offset: number) =>
        (await b.call('GET', `/customers/${s.customer}/charges?limit=100&offset=${offset}`)).body as any[];
      const charges = [...(await page(0)), ...(await page(100))].reverse();
      const periods = charges.map((c) => Number(/period (\d+)\)$/.exec(c.description)![1]));
      const first = charges[0].creation_date.slice(0, 10);
      const due = Array.from({ length: 60 }, (_, n) => addDays(first, 7 * n)).filter((d) => dayStart(d) <= end);
      expect(periods).toEqual(due.map((_, n) => n + 1));
      expect(charges.every((c) => c.status === 'completed' && c.subscription_id === s.id)).toBe(true);
      const sub = (await b.call('GET', `/customers/${s.customer}/subscriptions/${s.id}`)).body;
      expect(sub.current_period_number).toBe(due.length);
      total += charges.length;
    }
    expect(total).toBeGreaterThan(1000);
    expect((await b.call('GET', '')).body.balance).toBe(total * 1.5);
    b.child.kill('SIGTERM');
    await once(b.child, 'exit');
  }, 120_000);
});
