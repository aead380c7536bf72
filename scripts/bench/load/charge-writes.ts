/**
 * A card charge's SQL without the sandbox around it: the statements one `POST /charges` runs (its reads, the
 * transaction, its event, its two ledger entries, the device combination, the token's use), recorded from the
 * sandbox itself at start and replayed in one write transaction per request. `npm run load` times it beside the bare
 * floor: what a charge's own records cost the database, which no code of the sandbox can take away.
 */
import Database from 'better-sqlite3';
import { createSandboxApp } from '../../../sandbox/src/app';
import { SANDBOX_DEFAULTS } from '../../../sandbox/src/defaults';
import { basic, CARD, chargeBody } from './client';

type Method = 'run' | 'get' | 'all';
/** One statement a charge ran: its SQL, how it was run and its parameters. */
interface Recorded {
  sql: string;
  method: Method;
  params: unknown[];
}

/**
 * Records the statements of one card charge on a sandbox over `file` (a token made first, and one charge before it
 * to warm the statement cache), then closes that sandbox.
 * @returns the statements, and the charge's own values that must change per replay (its id, order id, event ids).
 */
async function recordCharge(file: string): Promise<{ statements: Recorded[]; unique: string[] }> {
  const proto = Database.prototype as unknown as { prepare: (sql: string) => Record<Method, (...a: unknown[]) => unknown> };
  const prepare = proto.prepare;
  const recorder: { log: Recorded[] | null } = { log: null };
  proto.prepare = function (this: unknown, sql: string) {
    const st = prepare.call(this, sql);
    for (const method of ['run', 'get', 'all'] as const) {
      const original = st[method].bind(st);
      st[method] = (...params: unknown[]) => (recorder.log?.push({ sql, method, params }), original(...params));
    }
    return st;
  };
  let sandbox: ReturnType<typeof createSandboxApp> | undefined;
  try {
    sandbox = createSandboxApp({ ...SANDBOX_DEFAULTS, db: file });
    const { id, statements } = await chargeTwice(sandbox, recorder);
    const events = statements.filter((s) => /^INSERT INTO events/.test(s.sql)).map((s) => String(s.params[0]));
    return { statements, unique: [id, 'charge-writes', ...events] };
  } finally {
    // whatever failed, better-sqlite3 prepares as before and the file is free for the replay's connection
    proto.prepare = prepare;
    sandbox?.close();
  }
}

/** A token then a charge, twice (the first warms the statement cache); the second charge's id and statements. */
async function chargeTwice(sandbox: ReturnType<typeof createSandboxApp>, recorder: { log: Recorded[] | null }) {
  const { merchantId, publicKey, privateKey } = SANDBOX_DEFAULTS;
  const call = async (path: string, body: unknown, key: string) => {
    const res = await sandbox.fetch(
      new Request(`http://127.0.0.1/v1/${merchantId}${path}`, {
        method: 'POST',
        headers: { Authorization: basic(key), 'Content-Type': 'application/json', 'X-Forwarded-For': '203.0.113.7' },
        body: JSON.stringify(body),
      }),
    );
    return (await res.json()) as { id: string };
  };
  const nextTurn = () => new Promise((done) => setImmediate(done));
  let charge = { id: '' };
  let statements: Recorded[] = [];
  for (const order of ['charge-writes-warm', 'charge-writes']) {
    const token = await call('/tokens', CARD, publicKey);
    await nextTurn(); // the token's request-log entry is written in the next turn: not the charge's
    recorder.log = [];
    charge = await call('/charges', chargeBody({ source_id: token.id }, order), privateKey);
    statements = recorder.log;
    recorder.log = null; // before the charge's own request-log entry, written in a transaction of its own
    await nextTurn();
  }
  return { id: charge.id, statements };
}

/**
 * The charge's statements recorded on `file`, ready to replay on a connection of their own (WAL, `synchronous =
 * NORMAL`, as the sandbox's store).
 * @returns `replay(n)`: runs them in one write transaction, the charge's unique values suffixed with `n`.
 */
export async function chargeWrites(file: string): Promise<{ count: number; replay: (n: number) => void }> {
  const { statements, unique } = await recordCharge(file);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // each string parameter split around the unique values once: a replay only joins the parts with the new suffix
  if (!unique.every((u) => /^[\w-]+$/.test(u))) throw new Error(`charge-writes: unexpected ids ${unique.join(' ')}`);
  const around = new RegExp(`(${unique.join('|')})`);
  const prepared = statements.map((s) => ({
    st: db.prepare(s.sql),
    method: s.method,
    params: s.params.map((v) => (typeof v === 'string' && around.test(v) ? v.split(around) : v)),
  }));
  const renamed = (v: unknown, n: number) => (Array.isArray(v) ? v.map((part: string, i) => (i % 2 ? `${part}-${n}` : part)).join('') : v);
  const replay = db.transaction((n: number) => {
    for (const s of prepared) (s.st[s.method] as (...a: unknown[]) => unknown)(...s.params.map((v) => renamed(v, n)));
  });
  return { count: statements.length, replay };
}
