import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { Store } from '../../src/store/index';
import { MIGRATIONS } from '../../src/store/migrations/index';

const dir = mkdtempSync(join(tmpdir(), 'paytoken-device-uses-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const storeWith = (maxDeviceUses: number) => new Store(':memory:', { ...SANDBOX_DEFAULTS.limits, maxDeviceUses }, Date.now);
const use = (fingerprint: string, visitorId: string | null, ip: string | null, at: number) => ({ fingerprint, visitorId, ip, at });

describe('the card uses the velocity rules count (one row per card, visitor id and IP combination)', () => {
  it('counts distinct values within the window; a missing visitor id or IP is not a value', () => {
    const store = storeWith(100);
    store.addDeviceUse(use('card-a', 'visitor-1', '203.0.113.1', 1000), 0);
    store.addDeviceUse(use('card-a', 'visitor-1', '203.0.113.1', 1001), 0);
    store.addDeviceUse(use('card-a', 'visitor-2', null, 1002), 0);
    store.addDeviceUse(use('card-a', null, '203.0.113.1', 1003), 0);
    store.addDeviceUse(use('card-b', 'visitor-1', '203.0.113.1', 1004), 0);
    expect(store.distinctUses('fingerprint', 'card-a', 'visitor_id')).toBe(2);
    expect(store.distinctUses('visitor_id', 'visitor-1', 'fingerprint')).toBe(2);
    expect(store.distinctUses('ip', '203.0.113.1', 'fingerprint')).toBe(2);
    // a use past the window drops what was last used before it
    store.addDeviceUse(use('card-c', 'visitor-3', null, 5000), 1003);
    expect(store.distinctUses('fingerprint', 'card-a', 'visitor_id')).toBe(0);
    expect(store.distinctUses('visitor_id', 'visitor-1', 'fingerprint')).toBe(1);
  });

  it('a card used again and again from one device and IP stays one row', () => {
    const store = storeWith(100);
    for (let i = 0; i < 50; i++) store.addDeviceUse(use('card-a', 'visitor-1', '203.0.113.1', 1000 + i), 0);
    expect(store.db.prepare('SELECT count(*) AS n FROM device_combinations').get()).toEqual({ n: 1 });
    expect(store.db.prepare('SELECT at FROM device_combinations').get()).toEqual({ at: 1049 });
  });

  it('past the cap the least recently used combination goes first', () => {
    const store = storeWith(3);
    store.addDeviceUse(use('card-a', 'visitor-1', null, 1000), 0);
    store.addDeviceUse(use('card-b', 'visitor-1', null, 1001), 0);
    store.addDeviceUse(use('card-c', 'visitor-1', null, 1002), 0);
    store.addDeviceUse(use('card-a', 'visitor-1', null, 1003), 0); // card-a used again: card-b is now the oldest
    store.addDeviceUse(use('card-d', 'visitor-1', null, 1004), 0);
    const kept = store.db.prepare<[], { fingerprint: string }>('SELECT fingerprint FROM device_combinations ORDER BY at').all();
    expect(kept.map((r) => r.fingerprint)).toEqual(['card-c', 'card-a', 'card-d']);
  });

  it('a data file of the one-row-per-use layout keeps its uses (the last of each combination) and its request log', () => {
    const file = join(dir, 'old.db');
    const old = new Database(file);
    old.exec('CREATE TABLE migrations (name TEXT PRIMARY KEY, applied INTEGER NOT NULL)');
    for (const m of MIGRATIONS.slice(
      0,
      MIGRATIONS.findIndex((x) => x.name === '0008-lean-writes'),
    )) {
      old.exec(m.sql);
      old.prepare('INSERT INTO migrations (name, applied) VALUES (?, 0)').run(m.name);
    }
    const insertUse = old.prepare('INSERT INTO device_uses (at, visitor_id, ip, fingerprint) VALUES (?, ?, ?, ?)');
    insertUse.run(1000, 'visitor-1', '203.0.113.1', 'card-a');
    insertUse.run(2000, 'visitor-1', '203.0.113.1', 'card-a');
    insertUse.run(1500, null, '203.0.113.1', 'card-a');
    insertUse.run(1600, 'visitor-2', null, 'card-b');
    old
      .prepare(
        "INSERT INTO request_log (id, created, method, path, status, error_code, key_kind, ms, body) VALUES ('req-1', 1, 'POST', '/v1/m/charges', 201, NULL, 'private', 3, NULL)",
      )
      .run();
    old.close();
    const store = new Store(file, SANDBOX_DEFAULTS.limits, Date.now);
    const rows = store.db.prepare('SELECT fingerprint, visitor_id, ip, at FROM device_combinations ORDER BY at').all();
    expect(rows).toEqual([
      { fingerprint: 'card-a', visitor_id: '', ip: '203.0.113.1', at: 1500 },
      { fingerprint: 'card-b', visitor_id: 'visitor-2', ip: '', at: 1600 },
      { fingerprint: 'card-a', visitor_id: 'visitor-1', ip: '203.0.113.1', at: 2000 },
    ]);
    expect(store.distinctUses('ip', '203.0.113.1', 'fingerprint')).toBe(1);
    expect(store.requestLog.get('req-1')).toMatchObject({ status: 201, path: '/v1/m/charges' });
    const first = store.requestLog.get('req-1')!;
    store.requestLog.add(() => ({ ...first, id: 'req-2' }));
    expect(store.requestLog.list({}, 0, 10).map((r) => r.id)).toEqual(['req-2', 'req-1']);
    store.db.close();
  });
});
