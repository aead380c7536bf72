/**
 * When the request log is written (sandbox/src/store/request-log.ts): after the answer, the entries of one turn of
 * the event loop together in the next; a read, a snapshot, a reset and closing the store write what is pending
 * first; an entry that cannot be built is reported and the others are still written.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SANDBOX_DEFAULTS } from '../../src/defaults';
import { Store } from '../../src/store/index';
import type { LoggedApiRequest } from '../../src/store/request-log';

const dir = mkdtempSync(join(tmpdir(), 'paytoken-request-log-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const storeAt = (location = ':memory:') => new Store(location, SANDBOX_DEFAULTS.limits, Date.now);
const entry = (id: string): LoggedApiRequest => ({
  id,
  created: 1000,
  method: 'POST',
  path: '/v1/m/charges',
  status: 201,
  errorCode: null,
  keyKind: 'private',
  ms: 1,
  body: null,
});
/** The ids the table holds, read past the repository (which would write what is pending first). */
const stored = (store: Store) => (store.db.prepare('SELECT id FROM request_log ORDER BY seq').all() as { id: string }[]).map((r) => r.id);
const nextTurn = () => new Promise((done) => setImmediate(done));

describe('the request log is written after the answer', () => {
  it('entries wait for the next turn of the event loop, then are written, in order', async () => {
    const store = storeAt();
    store.requestLog.add(() => entry('r-1'));
    store.requestLog.add(() => entry('r-2'));
    store.requestLog.add(() => entry('r-3'));
    expect(stored(store)).toEqual([]);
    await nextTurn();
    expect(stored(store)).toEqual(['r-1', 'r-2', 'r-3']);
    store.close();
  });

  it('a read writes what is pending first', () => {
    const store = storeAt();
    store.requestLog.add(() => entry('r-1'));
    expect(store.requestLog.get('r-1')).toMatchObject({ id: 'r-1', status: 201 });
    store.requestLog.add(() => entry('r-2'));
    expect(store.requestLog.size).toBe(2);
    store.requestLog.add(() => entry('r-3'));
    expect(store.requestLog.list({}, 0, 10).map((e) => e.id)).toEqual(['r-3', 'r-2', 'r-1']);
    store.close();
  });

  it('a snapshot holds what was pending; a reset empties it too', () => {
    const store = storeAt();
    store.requestLog.add(() => entry('r-1'));
    const image = store.image();
    store.reset();
    expect(store.requestLog.size).toBe(0);
    store.restore(image);
    expect(stored(store)).toEqual(['r-1']);
    store.close();
  });

  it('closing the store writes what is pending: it is there after a restart', () => {
    const file = join(dir, 'closed.db');
    const store = storeAt(file);
    store.requestLog.add(() => entry('r-1'));
    store.close();
    const again = storeAt(file);
    expect(stored(again)).toEqual(['r-1']);
    again.close();
  });

  it('an entry that cannot be built is reported, and the others of its turn are written', async () => {
    const store = storeAt();
    const errors: unknown[] = [];
    store.requestLog.add(() => entry('r-1'));
    store.requestLog.add(
      () => {
        throw new Error('cannot mask');
      },
      (e) => errors.push(e),
    );
    store.requestLog.add(() => entry('r-3'));
    await nextTurn();
    expect(stored(store)).toEqual(['r-1', 'r-3']);
    expect(errors).toEqual([new Error('cannot mask')]);
    store.close();
  });
});
