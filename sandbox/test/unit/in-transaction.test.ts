/** `inTransaction` (sandbox/src/store/db.ts): all or nothing, nested calls as savepoints, each connection on its own. */
import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction, openDb, type Db } from '../../src/store/db';

const dbs: Db[] = [];
afterEach(() => {
  for (const db of dbs.splice(0)) db.close();
});

/** A fresh in-memory database with a table `t (x)`. */
function fresh(): Db {
  const db = openDb(':memory:');
  db.exec('CREATE TABLE t (x INTEGER)');
  dbs.push(db);
  return db;
}
const rows = (db: Db) => (db.prepare('SELECT x FROM t ORDER BY x').all() as { x: number }[]).map((r) => r.x);
const insert = (db: Db, x: number) => db.prepare('INSERT INTO t (x) VALUES (?)').run(x);

describe('inTransaction', () => {
  it('commits what fn wrote and returns its value', () => {
    const db = fresh();
    expect(inTransaction(db, () => (insert(db, 1), insert(db, 2), 'done'))).toBe('done');
    expect(rows(db)).toEqual([1, 2]);
    expect(db.inTransaction).toBe(false);
  });

  it('writes nothing when fn throws, and the throw goes on', () => {
    const db = fresh();
    expect(() =>
      inTransaction(db, () => {
        insert(db, 1);
        throw new Error('refused');
      }),
    ).toThrow('refused');
    expect(rows(db)).toEqual([]);
    expect(db.inTransaction).toBe(false);
  });

  it('a nested call is a savepoint: its throw, caught by the outer fn, undoes its writes alone', () => {
    const db = fresh();
    inTransaction(db, () => {
      insert(db, 1);
      expect(() =>
        inTransaction(db, () => {
          insert(db, 2);
          throw new Error('inner');
        }),
      ).toThrow('inner');
      inTransaction(db, () => insert(db, 3));
    });
    expect(rows(db)).toEqual([1, 3]);
  });

  it('an outer throw undoes the nested writes too; each connection has its own transactions', () => {
    const a = fresh();
    const b = fresh();
    expect(() =>
      inTransaction(a, () => {
        inTransaction(a, () => insert(a, 1));
        inTransaction(b, () => insert(b, 9)); // another connection: committed on its own
        throw new Error('outer');
      }),
    ).toThrow('outer');
    expect(rows(a)).toEqual([]);
    expect(rows(b)).toEqual([9]);
    // later calls on the same connection still commit
    for (let i = 0; i < 3; i++) inTransaction(a, () => insert(a, i));
    expect(rows(a)).toEqual([0, 1, 2]);
  });
});
