import { inTransaction, type Db } from './db';
import { statement } from './statements';

/** How a request authenticated: with a key, with a header that matched no key (`invalid`), or without one (`none`). */
export type KeyKind = 'private' | 'public' | 'invalid' | 'none';

/**
 * One API request as the log keeps it (http/api-log.ts builds it, already masked): nothing in it is card data
 * beyond a BIN and last four, and no key.
 */
export interface LoggedApiRequest {
  /** The request id (the `X-Request-Id` header and the Error object's `request_id`). */
  id: string;
  /** When it arrived, on the sandbox clock (epoch ms). */
  created: number;
  method: string;
  /** Path and query string, masked and cut (http/request-excerpt.ts). */
  path: string;
  /** The HTTP status answered; 0 when fault mode reset the connection instead. */
  status: number;
  /** The Error object's `error_code`, or null when the answer was not an error. */
  errorCode: number | null;
  keyKind: KeyKind;
  /** Time to answer, milliseconds. */
  ms: number;
  /** A short excerpt of the request body, masked; null when there was none or it was not read. */
  body: string | null;
}

/** A request waiting to be written: how to build its entry, and where a failure goes. */
interface PendingEntry {
  build: () => LoggedApiRequest;
  onError: (e: unknown) => void;
}

/** Filters of the request log (the dashboard's): the status class (`2` for 2xx ...), the method, errors only. */
export interface RequestLogFilter {
  statusClass?: 2 | 3 | 4 | 5;
  method?: string;
  errorCode?: number;
}

type Row = {
  id: string;
  created: number;
  method: string;
  path: string;
  status: number;
  error_code: number | null;
  key_kind: KeyKind;
  ms: number;
  body: string | null;
};

const toEntry = (r: Row): LoggedApiRequest => ({
  id: r.id,
  created: r.created,
  method: r.method,
  path: r.path,
  status: r.status,
  errorCode: r.error_code,
  keyKind: r.key_kind,
  ms: r.ms,
  body: r.body,
});

/** Most requests the log keeps by default; older ones are dropped as new ones arrive. */
export const REQUEST_LOG_MAX = 1000;

/** How many requests past the bound go before the oldest are deleted, together. */
const TRIM_EVERY = 100;

/** The condition of the rows kept: the newest `?` (the bound) by `seq`, whatever is not deleted yet. */
const KEPT = 'seq > (SELECT coalesce(MAX(seq), 0) FROM request_log) - ?';

/**
 * The API's request log: the newest `max` requests (older ones deleted as new ones arrive), newest first. Written
 * outside the request's own database transaction, so a refused operation is logged although it left nothing else
 * behind; and after its answer is sent: the entries answered in one turn of the event loop are written together in
 * the next (one commit for them all, none on any request's way to its answer), and every read writes what is
 * pending first. A crash loses at most the entries of that one turn, never a resource. Emptied with everything
 * else by the sandbox's reset.
 */
export class RequestLogRepo {
  /** @param max the most requests kept. @default {@link REQUEST_LOG_MAX} */
  constructor(
    readonly db: Db,
    readonly max = REQUEST_LOG_MAX,
  ) {}

  /** Entries waiting for the next turn of the event loop, in order: each built then (its masking too). */
  #pending: PendingEntry[] = [];

  /**
   * Adds one request, written in the next turn of the event loop (or at the next read, or at once when {@link max}
   * are pending). `build` makes its entry then; when it throws, or the write fails, `onError` gets the error (once
   * per failed write) and the entry is not written; the answer was sent already.
   */
  add(build: () => LoggedApiRequest, onError: (e: unknown) => void = () => {}): void {
    if (this.#pending.push({ build, onError }) === 1) setImmediate(() => this.#flushOrReport());
    if (this.#pending.length >= this.max) this.#flushOrReport();
  }

  /** Writes the pending entries now, in one transaction. @throws what the database throws (nothing is written then). */
  flush(): void {
    const pending = this.#pending;
    if (!pending.length) return;
    this.#pending = [];
    const entries: LoggedApiRequest[] = [];
    for (const p of pending) {
      try {
        entries.push(p.build());
      } catch (e) {
        p.onError(e);
      }
    }
    inTransaction(this.db, () => {
      for (const e of entries) this.#write(e);
    });
  }

  #flushOrReport(): void {
    const report = this.#pending[0]?.onError;
    try {
      this.flush();
    } catch (e) {
      report?.(e);
    }
  }

  /**
   * Writes one request. What falls beyond the newest {@link max} is deleted {@link TRIM_EVERY} at a time (one delete
   * per that many requests, not one each: every write of a request costs pages); the reads never show it.
   */
  #write(e: LoggedApiRequest): void {
    const { lastInsertRowid } = statement(
      this.db,
      'INSERT INTO request_log (id, created, method, path, status, error_code, key_kind, ms, body) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    ).run(e.id, e.created, e.method, e.path, e.status, e.errorCode, e.keyKind, e.ms, e.body);
    const seq = Number(lastInsertRowid);
    if (seq > this.max && seq % TRIM_EVERY === 0)
      statement<[number]>(this.db, 'DELETE FROM request_log WHERE seq <= ?').run(seq - this.max);
  }

  /** The requests that meet the filter, newest first, `offset` and `limit` applied. */
  list(f: RequestLogFilter, offset: number, limit: number): LoggedApiRequest[] {
    this.flush();
    const conds: string[] = [KEPT];
    const params: (string | number)[] = [this.max];
    if (f.statusClass !== undefined) {
      conds.push('status >= ? AND status < ?');
      params.push(f.statusClass * 100, f.statusClass * 100 + 100);
    }
    if (f.method !== undefined) {
      conds.push('method = ?');
      params.push(f.method);
    }
    if (f.errorCode !== undefined) {
      conds.push('error_code = ?');
      params.push(f.errorCode);
    }
    return statement<(string | number)[], Row>(
      this.db,
      `SELECT * FROM request_log WHERE ${conds.join(' AND ')} ORDER BY seq DESC LIMIT ? OFFSET ?`,
    )
      .all(...params, limit, offset)
      .map(toEntry);
  }

  /** The request with this request id, or undefined (it was never logged, or is no longer kept). */
  get(id: string): LoggedApiRequest | undefined {
    this.flush();
    const r = statement<[string, number], Row>(this.db, `SELECT * FROM request_log WHERE id = ? AND ${KEPT} ORDER BY seq DESC LIMIT 1`).get(
      id,
      this.max,
    );
    return r && toEntry(r);
  }

  /** How many requests the log holds. */
  get size(): number {
    this.flush();
    return statement<[number], { n: number }>(this.db, `SELECT count(*) AS n FROM request_log WHERE ${KEPT}`).get(this.max)!.n;
  }
}
