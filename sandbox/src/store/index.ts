import { randomBytes } from 'node:crypto';
import { BankAccountRepo } from './bank-accounts';
import type { ChallengeRecord, TokenRecord } from '../domain/records';
import type { DeviceRecord, DeviceUse } from '../fraud/records';
import { inTransaction, openDb, type Db, type DbLocation } from './db';
import { PlanRepo, SubscriptionRepo } from './billing';
import { ChargeKeyRepo } from './charge-keys';
import { EventRepo } from './events';
import { InvoiceRepo } from './invoices';
import { JobRepo } from './jobs';
import { LedgerRepo } from './ledger';
import { CardRepo, CustomerRepo, EphemeralTable, TransactionRepo } from './repos';
import { RequestLogRepo } from './request-log';
import { restoreDb, snapshotDb, type DbImage } from './snapshot';
import { DocTable } from './table';
import { AttemptRepo, DeliveryRepo, WebhookRepo } from './webhooks';
import { statement } from './statements';

/**
 * Bounds of a {@link Store} (defaults: `SANDBOX_DEFAULTS.limits`; CLI flags in parentheses):
 * - `maxRecords` (`--max-records`): most records kept per kind. Durable kinds (cards, customers, transactions and
 *   every resource after them) refuse a new one past it with 1003; tokens and device data push out their oldest.
 * - `tokenTtlSeconds` (`--token-ttl`): a token older than this is gone (1005 on use or retrieval).
 * - `deviceDataTtlSeconds` (`--device-data-ttl`): device data older than this is gone.
 * - `maxDeviceUses`: most distinct (card, visitor id, IP) combinations remembered for the velocity rules, the least
 *   recently used dropped first.
 */
export interface StoreLimits {
  maxRecords: number;
  tokenTtlSeconds: number;
  deviceDataTtlSeconds: number;
  maxDeviceUses: number;
}

/**
 * The sandbox's state in SQLite (store/db.ts): one repository per resource, the ledger, the event outbox and the
 * scheduler's jobs, all on one database, so one {@link Store.tx} spans them. Only services use it; routes never do.
 */
export class Store {
  readonly db: Db;
  readonly tokens: EphemeralTable<TokenRecord>;
  readonly cards: CardRepo;
  readonly customers: CustomerRepo;
  readonly transactions: TransactionRepo;
  readonly devices: EphemeralTable<DeviceRecord>;
  readonly challenges: DocTable<ChallengeRecord>;
  readonly ledger: LedgerRepo;
  readonly events: EventRepo;
  readonly jobs: JobRepo;
  readonly bankAccounts: BankAccountRepo;
  readonly plans: PlanRepo;
  readonly subscriptions: SubscriptionRepo;
  readonly chargeKeys: ChargeKeyRepo;
  readonly webhooks: WebhookRepo;
  readonly deliveries: DeliveryRepo;
  readonly attempts: AttemptRepo;
  readonly invoices: InvoiceRepo;
  /** The API's request log (the dashboard's), newest kept. */
  readonly requestLog: RequestLogRepo;

  /**
   * @param location a file path or `:memory:`; `reset` deletes the file first.
   * @param now the clock (epoch ms), for the expiry of tokens and device data.
   */
  constructor(
    location: DbLocation,
    readonly limits: StoreLimits,
    now: () => number,
    opts: { reset?: boolean } = {},
  ) {
    const db = (this.db = openDb(location, opts));
    this.tokens = new EphemeralTable(db, 'tokens', limits.maxRecords, limits.tokenTtlSeconds * 1000, now);
    this.cards = new CardRepo(db);
    this.customers = new CustomerRepo(db);
    this.transactions = new TransactionRepo(db);
    this.devices = new EphemeralTable(db, 'devices', limits.maxRecords, limits.deviceDataTtlSeconds * 1000, now);
    this.challenges = new DocTable(db, 'challenges', { transaction_id: (r) => r.transactionId });
    this.ledger = new LedgerRepo(db);
    this.events = new EventRepo(db);
    this.jobs = new JobRepo(db);
    this.bankAccounts = new BankAccountRepo(db);
    this.plans = new PlanRepo(db);
    this.subscriptions = new SubscriptionRepo(db);
    this.chargeKeys = new ChargeKeyRepo(db);
    this.webhooks = new WebhookRepo(db);
    this.deliveries = new DeliveryRepo(db);
    this.attempts = new AttemptRepo(db);
    this.invoices = new InvoiceRepo(db);
    this.requestLog = new RequestLogRepo(db);
  }

  /** Runs `fn` in one database transaction: all of its writes commit together, or none when it throws. */
  tx<T>(fn: () => T): T {
    return inTransaction(this.db, fn);
  }

  /** A setting kept with the data (`meta`), or undefined. */
  meta(key: string): string | undefined {
    return statement<[string], { value: string }>(this.db, 'SELECT value FROM meta WHERE key = ?').get(key)?.value;
  }

  setMeta(key: string, value: string): void {
    statement(this.db, 'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      key,
      value,
    );
  }

  /** The card fingerprint key: 32 random bytes made once and kept with the data (the same card is known after a restart). */
  fingerprintKey(): Buffer {
    const hex = this.meta('fingerprint_key');
    if (hex) return Buffer.from(hex, 'hex');
    const key = randomBytes(32);
    this.setMeta('fingerprint_key', key.toString('hex'));
    return key;
  }

  /**
   * Records one card use for the velocity rules: the (card fingerprint, visitor id, IP) combination's last use
   * moves to `use.at`; combinations last used before `since` (ms) are dropped, and beyond the cap the least
   * recently used go first. The cap is counted only when a new combination arrives.
   */
  addDeviceUse(use: DeviceUse, since: number): void {
    statement(this.db, 'DELETE FROM device_combinations WHERE at < ?').run(since);
    const key = [use.fingerprint, use.visitorId ?? '', use.ip ?? ''] as const;
    const seen = statement(this.db, 'UPDATE device_combinations SET at = ? WHERE fingerprint = ? AND visitor_id = ? AND ip = ?').run(
      use.at,
      ...key,
    ).changes;
    if (seen) return;
    const n = statement<[], { n: number }>(this.db, 'SELECT count(*) AS n FROM device_combinations').get()!.n;
    if (n >= this.limits.maxDeviceUses) {
      statement(
        this.db,
        'DELETE FROM device_combinations WHERE (fingerprint, visitor_id, ip) IN (SELECT fingerprint, visitor_id, ip FROM device_combinations ORDER BY at LIMIT ?)',
      ).run(n - this.limits.maxDeviceUses + 1);
    }
    statement(this.db, 'INSERT INTO device_combinations (fingerprint, visitor_id, ip, at) VALUES (?, ?, ?, ?)').run(...key, use.at);
  }

  /**
   * How many distinct values of `key` the card uses whose `match` column equals `value` have (velocity rules),
   * among the combinations still in the window. A missing visitor id or IP (`''`) is not a value.
   */
  distinctUses(match: 'visitor_id' | 'fingerprint' | 'ip', value: string, key: 'visitor_id' | 'fingerprint'): number {
    return statement<[string], { n: number }>(
      this.db,
      `SELECT count(DISTINCT ${key}) AS n FROM device_combinations WHERE ${match} = ? AND ${key} <> ''`,
    ).get(value)!.n;
  }

  /** The points a points card has spent (by its keyed fingerprint). */
  pointsSpent(fingerprint: string): number {
    return (
      statement<[string], { spent: number }>(this.db, 'SELECT spent FROM points_spent WHERE fingerprint = ?').get(fingerprint)?.spent ?? 0
    );
  }

  setPointsSpent(fingerprint: string, spent: number): void {
    statement(
      this.db,
      'INSERT INTO points_spent (fingerprint, spent) VALUES (?, ?) ON CONFLICT (fingerprint) DO UPDATE SET spent = excluded.spent',
    ).run(fingerprint, spent);
  }

  /**
   * Empties every table but the migrations (the simulation API's reset), in one transaction; a new fingerprint
   * key is made on next use.
   */
  reset(): void {
    const tables = statement<[], { name: string }>(
      this.db,
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT IN ('migrations', 'counts', 'sqlite_sequence')",
    ).all();
    this.requestLog.flush();
    this.tx(() => {
      for (const { name } of tables) statement(this.db, `DELETE FROM ${name}`).run();
      statement(this.db, 'UPDATE counts SET n = 0').run();
    });
  }

  /**
   * Puts every row of `image` (a snapshot, store/snapshot.ts) back, in one transaction (the caller's when there is
   * one). @throws Error when the image is not a database of the same schema (nothing is changed then).
   */
  restore(image: DbImage): void {
    this.requestLog.flush();
    restoreDb(this.db, image);
    this.jobs.forgetEarliest();
  }

  /** A copy of every row (store/snapshot.ts), the request log's pending entries written first. */
  image(): DbImage {
    this.requestLog.flush();
    return snapshotDb(this.db);
  }

  /** Closes the database, the request log's pending entries written first. */
  close(): void {
    this.requestLog.flush();
    this.db.close();
  }
}
