import { randomBytes } from 'node:crypto';
import { apiError } from '../domain/errors';
import { newId } from '../domain/ids';
import { sameKey } from '../http/auth';
import type { Deps } from '../env';

/** A merchant's credentials, as `POST {base}/sandbox/v1/merchants` answers them (201). */
export interface MerchantKeys {
  /** The `{merchant_id}` of its paths: `m` and 19 lowercase letters or digits. */
  id: string;
  /** Its public key, `pk_` and 32 hex digits: creates tokens and cards (the hosted fields use it). */
  public_key: string;
  /** Its private key, `sk_` and 32 hex digits: every operation, its simulation API and its dashboard. */
  private_key: string;
}

/** One merchant's running sandbox: its own app over its own store, clock, scheduler and webhook deliveries. */
export interface MerchantInstance {
  keys: MerchantKeys;
  deps: Deps;
  /** Answers a request (a Hono app's `fetch`). */
  fetch: (req: Request, env?: unknown) => Response | Promise<Response>;
  /** Stops its scheduler and deliveries and closes its store (its data is gone when it lived in memory). */
  close(): void;
}

/**
 * The merchants of one sandbox: the one it started with (`primary`, the CLI's `--merchant-id`) and the ones
 * created on demand (`POST {base}/sandbox/v1/merchants`), at most `max` of those. Each created merchant has a store,
 * clock, scheduler and webhook deliveries of its own, kept in memory (nothing of it survives the process), and the
 * created merchants share one app that reads the requesting merchant's parts (../app.ts, ./shared.ts), so no record,
 * ledger entry, event, job or clock move of one ever reaches another.
 */
export class Merchants {
  readonly #created = new Map<string, MerchantInstance>();
  primary!: MerchantInstance;

  /**
   * @param make builds the sandbox of a new merchant with these credentials.
   * @param max most merchants created on demand at once (the primary not counted).
   */
  constructor(
    private readonly make: (keys: MerchantKeys) => MerchantInstance,
    readonly max: number,
  ) {}

  /**
   * Creates a merchant with fresh credentials. @returns its id and keys.
   * @throws 1003 when `max` merchants exist already (delete one first).
   */
  create(): MerchantKeys {
    if (this.#created.size >= this.max)
      throw apiError(1003, `At most ${this.max} merchants may be created (--max-merchants); delete one first`);
    const keys: MerchantKeys = {
      id: newId('m'),
      public_key: `pk_${randomBytes(16).toString('hex')}`,
      private_key: `sk_${randomBytes(16).toString('hex')}`,
    };
    this.#created.set(keys.id, this.make(keys));
    return keys;
  }

  /**
   * Removes a created merchant and its data (its scheduler and deliveries stopped, its store closed).
   * @throws 3006 for the primary merchant; 1005 for an id no created merchant has.
   */
  delete(id: string): void {
    if (id === this.primary.keys.id) throw apiError(3006, 'The merchant the sandbox started with cannot be deleted');
    const m = this.#created.get(id);
    if (!m) throw apiError(1005, `No merchant ${id}`);
    this.#created.delete(id);
    m.close();
  }

  /** The merchant of an id (the primary's too), or undefined. */
  byId(id: string): MerchantInstance | undefined {
    return id === this.primary.keys.id ? this.primary : this.#created.get(id);
  }

  /** The merchant one of whose keys (`which`) this is, or undefined. */
  byKey(key: string, which: 'public' | 'private' | 'any' = 'any'): MerchantInstance | undefined {
    return this.all().find(
      (m) => (which !== 'public' && sameKey(m.keys.private_key, key)) || (which !== 'private' && sameKey(m.keys.public_key, key)),
    );
  }

  /** Every merchant, the primary first. */
  all(): MerchantInstance[] {
    return [this.primary, ...this.#created.values()];
  }

  /** How many merchants were created on demand and not deleted. */
  get size(): number {
    return this.#created.size;
  }

  /** Closes every created merchant (the sandbox's close; the primary is closed by its owner). */
  closeCreated(): void {
    for (const m of this.#created.values()) m.close();
    this.#created.clear();
  }
}
