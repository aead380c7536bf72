/**
 * One process per data file, and a database that fails under a running sandbox (issue 42): the lock is taken before
 * anything reads, writes or deletes the file, so a second sandbox (by path, symlink or hard link, `--reset` or not)
 * exits 1 naming the file and leaves the first one's data alone; a file that cannot be used is found at start; a
 * write lock held by another connection makes requests answer 1004 (503, Retry-After) and jobs wait, a write that
 * fails answers 1000 and leaves nothing half-written, and both recover when the cause is gone. A full disk (a small
 * tmpfs mounted by the test) is found at start, and filling up under a running sandbox answers 1000 until freed.
 */
import Database from 'better-sqlite3';
import { execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, closeSync, linkSync, mkdirSync, mkdtempSync, openSync, rmSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/server';
import { CARD, CREDS, XFF, basic, chargeBody, NOW } from './helpers';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-data-file-'));
chmodSync(dir, 0o777);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A running CLI process: its base URL and the process. */
type Cli = { url: string; child: ReturnType<typeof spawn> };

/** Starts the CLI on `db` and waits for its base URL. */
async function startCli(db: string, extra: string[] = []): Promise<Cli> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--port', '0', '--db', db, ...extra, ...KEYS]);
  const url = (await createInterface({ input: child.stdout! })[Symbol.asyncIterator]().next()).value as string;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  return { url, child };
}

/** Runs the CLI expecting it to exit at start: its exit code and stderr. Runs as `nobody` when `asNobody`. */
async function failedStart(db: string, extra: string[] = [], asNobody = false) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--port', '0', '--db', db, ...extra, ...KEYS], {
    ...(asNobody && process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {}),
  });
  let stderr = '';
  let stdout = '';
  child.stderr.on('data', (b) => (stderr += b));
  child.stdout.on('data', (b) => (stdout += b));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const [code] = await once(child, 'exit');
  clearTimeout(timer);
  return { code, stderr, stdout };
}

const KEYS = ['--merchant-id', CREDS.merchantId, '--public-key', CREDS.publicKey, '--private-key', CREDS.privateKey];
const auth = (key: string) => ({ Authorization: basic(key), 'Content-Type': 'application/json' });

/** Creates a token then a charge on `url`; returns the charge id. */
async function chargeOn(url: string): Promise<string> {
  const base = `${url}/v1/${CREDS.merchantId}`;
  const token = await (
    await fetch(`${base}/tokens`, { method: 'POST', headers: auth(CREDS.publicKey), body: JSON.stringify(CARD) })
  ).json();
  const r = await fetch(`${base}/charges`, {
    method: 'POST',
    headers: { ...auth(CREDS.privateKey), ...XFF },
    body: JSON.stringify(chargeBody(token.id)),
  });
  expect(r.status).toBe(201);
  return ((await r.json()) as { id: string }).id;
}

const stop = async (c: Cli) => {
  c.child.kill('SIGTERM');
  await once(c.child, 'exit');
};

describe('one process per data file', () => {
  it('a second sandbox on the same file (path, symlink, hard link; with or without --reset) exits 1 and deletes nothing', async () => {
    const file = join(dir, 'd.db');
    const first = await startCli(file);
    const id = await chargeOn(first.url);
    symlinkSync(file, join(dir, 'symlink.db'));
    linkSync(file, join(dir, 'hardlink.db'));
    for (const [other, extra] of [
      [file, []],
      [file, ['--reset']],
      [join(dir, 'symlink.db'), ['--reset']],
      [join(dir, 'hardlink.db'), ['--reset']],
    ] as const) {
      const r = await failedStart(other, [...extra]);
      expect([other, r.code]).toEqual([other, 1]);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(other);
      expect(r.stderr).toContain('held by another sandbox');
      expect(r.stderr).toContain('--db :memory:');
    }
    const get = (url: string) => fetch(`${url}/v1/${CREDS.merchantId}/charges/${id}`, { headers: auth(CREDS.privateKey) });
    expect((await get(first.url)).status).toBe(200);
    await stop(first);
    const again = await startCli(file);
    expect((await get(again.url)).status).toBe(200); // the data outlived the refused --reset
    await stop(again);
    const fresh = await startCli(file, ['--reset']); // alone, --reset starts afresh
    expect((await get(fresh.url)).status).toBe(404);
    await stop(fresh);
  }, 120_000);

  it('a file that cannot be used is found at start: exit 1 naming the file and the cause', async () => {
    mkdirSync(join(dir, 'folder.db'));
    writeFileSync(join(dir, 'plain-file'), 'x');
    const readOnly = join(dir, 'read-only.db');
    writeFileSync(readOnly, '');
    chmodSync(readOnly, 0o444);
    const cases: [string, string, boolean][] = [
      [join(dir, 'folder.db'), 'is a directory', false],
      [join(dir, 'plain-file', 'x.db'), 'folder does not exist', false],
      [readOnly, 'read-only', true],
    ];
    for (const [file, cause, asNobody] of cases) {
      const r = await failedStart(file, [], asNobody);
      expect([file, r.code, r.stdout]).toEqual([file, 1, '']);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain(cause);
      expect(r.stderr).not.toContain('cannot listen');
    }
  }, 90_000);
});

describe('a database that fails under a running sandbox', () => {
  it('a write lock held by another connection: 1004 (503) with Retry-After, jobs wait; both logged; then all recovers', async () => {
    const file = join(dir, 'busy.db');
    const lines: string[] = [];
    const s = await startSandbox({ ...CREDS, now: () => NOW, port: 0, db: file, log: (l) => lines.push(l) });
    try {
      const base = `${s.baseUrl}/v1/${CREDS.merchantId}`;
      const tokenOf = () => fetch(`${base}/tokens`, { method: 'POST', headers: auth(CREDS.publicKey), body: JSON.stringify(CARD) });
      s.scheduler.schedule('no-such-job', NOW.getTime() - 1, 'ref1');
      const other = new Database(file, { timeout: 0 });
      other.exec('BEGIN IMMEDIATE; CREATE TABLE held_by_test (x)');
      const r = await tokenOf();
      expect(r.status).toBe(503);
      expect(r.headers.get('retry-after')).toBe('1');
      const body = (await r.json()) as { error_code: number; request_id: string };
      expect(body.error_code).toBe(1004);
      expect(body.request_id).toBe(r.headers.get('x-request-id'));
      expect(s.scheduler.runDueQuietly()).toBe(0);
      expect(s.store.jobs.nextDueAt()).toBe(NOW.getTime() - 1); // still due
      expect(lines.some((l) => l.includes('busy') && l.includes('no-such-job'))).toBe(true);
      expect(lines.some((l) => l.includes(body.request_id))).toBe(true);
      other.exec('ROLLBACK');
      other.close();
      expect((await tokenOf()).status).toBe(201); // the job ran before it (due jobs run before each request)
      s.scheduler.runDue();
      expect(s.store.jobs.nextDueAt()).toBeUndefined();
    } finally {
      await s.close();
    }
  });

  it('a write that fails: 1000 with its request id, nothing half-written; it works again once the cause is gone', async () => {
    const s = await startSandbox({ ...CREDS, now: () => NOW, port: 0, db: join(dir, 'failing.db') });
    try {
      const before = s.store.transactions.size;
      const token = await (
        await fetch(`${s.baseUrl}/v1/${CREDS.merchantId}/tokens`, {
          method: 'POST',
          headers: auth(CREDS.publicKey),
          body: JSON.stringify(CARD),
        })
      ).json();
      s.store.db.pragma('query_only = ON'); // every write now fails, as on a disk gone read-only
      const r = await fetch(`${s.baseUrl}/v1/${CREDS.merchantId}/charges`, {
        method: 'POST',
        headers: { ...auth(CREDS.privateKey), ...XFF },
        body: JSON.stringify(chargeBody(token.id)),
      });
      const body = (await r.json()) as { error_code: number; request_id: string };
      expect([r.status, body.error_code, body.request_id]).toEqual([500, 1000, r.headers.get('x-request-id')]);
      s.store.db.pragma('query_only = OFF');
      expect(s.store.transactions.size).toBe(before);
      expect((await chargeOn(s.baseUrl)).length).toBeGreaterThan(0);
    } finally {
      await s.close();
    }
  });
});

/**
 * A small tmpfs mounted for the test (the test runs as root, as CI does): a real file system that answers ENOSPC,
 * filled and freed by the test; unmounted after.
 */
function tmpfs(name: string, kib: number): { path: string; fill: () => void; free: () => void; unmount: () => void } {
  const path = join(dir, name);
  mkdirSync(path);
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${kib}k,mode=0777`, 'tmpfs', path]);
  const filler = join(path, 'filler');
  return {
    path,
    fill: () => {
      const fd = openSync(filler, 'a');
      try {
        for (let i = 0; i < kib; i++) writeSync(fd, Buffer.alloc(1024)); // bounded: the size of the file system
      } catch (e) {
        expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
      } finally {
        closeSync(fd);
      }
    },
    free: () => rmSync(filler, { force: true }),
    unmount: () => execFileSync('umount', ['-l', path]),
  };
}

describe('a full disk', () => {
  it('found at start: exit 1 naming the file and that the disk is full', async () => {
    const fs = tmpfs('full-at-start', 64);
    try {
      fs.fill();
      const file = join(fs.path, 'sandbox.db');
      const r = await failedStart(file);
      expect([r.code, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toContain(file);
      expect(r.stderr).toContain('the disk is full');
    } finally {
      fs.unmount();
    }
  }, 60_000);

  it('filling up under a running sandbox: 1000 with its request id, nothing half-written; it works again once freed', async () => {
    const fs = tmpfs('full-later', 4096);
    const s = await startSandbox({ ...CREDS, now: () => NOW, port: 0, db: join(fs.path, 'sandbox.db') });
    try {
      await chargeOn(s.baseUrl);
      const before = s.store.transactions.size;
      const customersBefore = s.store.customers.size;
      fs.fill();
      let failed: Response | undefined;
      const answered: number[] = [];
      for (let i = 0; i < 200 && !failed; i++) {
        const base = `${s.baseUrl}/v1/${CREDS.merchantId}`;
        const r = await fetch(`${base}/customers`, {
          method: 'POST',
          headers: auth(CREDS.privateKey),
          body: JSON.stringify({ name: 'Ana', email: 'ana@example.com', requires_account: false, description: 'x'.repeat(200) }),
        });
        answered.push(r.status);
        if (r.status !== 201) failed = r;
      }
      expect(failed, `statuses ${answered.join(',')}`).toBeDefined();
      const body = (await failed!.json()) as { error_code: number; request_id: string };
      expect([failed!.status, body.error_code, body.request_id]).toEqual([500, 1000, failed!.headers.get('x-request-id')]);
      expect(s.store.customers.size).toBe(customersBefore + answered.length - 1); // the failed one left nothing
      expect(s.store.transactions.size).toBe(before);
      fs.free();
      expect((await chargeOn(s.baseUrl)).length).toBeGreaterThan(0);
      expect(s.store.transactions.size).toBe(before + 1);
    } finally {
      await s.close();
      fs.unmount();
    }
  }, 120_000);
});
