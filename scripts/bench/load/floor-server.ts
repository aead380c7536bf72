/**
 * The floor of `npm run load` (./floor.ts), as its own process: the sandbox's server stack (@hono/node-server's
 * adaptor behind the sandbox's connection gate, a Hono app) with one bare route, `POST /floor`, that parses the JSON
 * body and does one SQLite write transaction inserting a row (better-sqlite3, WAL, `synchronous = NORMAL`, normal
 * locking: as the sandbox's store, which another process may read). Whatever a sandbox request costs above this is
 * the sandbox's own code. `POST /floor/charge-writes` replays a card charge's own statements instead, recorded from the
 * sandbox at start (./charge-writes.ts, on `FILE.charge-writes`): what a charge's records cost the database alone.
 *
 * `tsx scripts/bench/load/floor-server.ts FILE`: listens on 127.0.0.1, a free port, and prints its base URL.
 */
import { createAdaptorServer } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connectionGate } from '../../../sandbox/src/http/connection-gate';
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';
import { chargeWrites } from './charge-writes';

const file = process.argv[2];
if (!file) throw new Error('floor-server: give the data file');
const charge = await chargeWrites(`${file}.charge-writes`);
let replays = 0;
const db = new Database(file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE IF NOT EXISTS floor (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
const insert = db.prepare('INSERT INTO floor (body) VALUES (?)');
const write = db.transaction((body: string) => Number(insert.run(body).lastInsertRowid));

const app = new Hono()
  .post('/floor', async (c) => c.json({ id: write(JSON.stringify(await c.req.json())) }, 201))
  .post('/floor/charge-writes', async (c) => {
    await c.req.json();
    charge.replay(++replays);
    return c.json({ id: replays, statements: charge.count }, 201);
  });
const server = createAdaptorServer({ fetch: app.fetch, hostname: '127.0.0.1' }) as Server;
const gate = connectionGate(server, { ...SANDBOX_DEFAULTS.server, maxWaitMs: SANDBOX_DEFAULTS.server.headersTimeoutMs });
gate.listen(0, '127.0.0.1', () => {
  server.emit('listening');
  console.log(`http://127.0.0.1:${(gate.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  gate.close();
  server.closeAllConnections();
  db.close();
  process.exit(0);
});
