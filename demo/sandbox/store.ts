import { createHmac, randomBytes } from 'node:crypto';
import { cardBrand } from '../../src/card/brands';
import type { Address, Brand, CardData } from '../../src/card/types';
import type { DeviceDataBody, DeviceEntryBody, TransactionStatus } from './schemas/index';
import { outcomeOf, profileOf, type CardProfile, type Outcome } from './test-cards';
import { BoundedMap } from './bounded';
import { SANDBOX_DEFAULTS } from './defaults';
import { Challenges, PointsLedger, type CardPoints } from './pending';

/**
 * What the sandbox keeps of a card. Never the full number nor the CVV2: the BIN (first six digits, to know
 * the brand's CVV2 length), the last four, a keyed fingerprint (to find the same number on a customer, error
 * 2002) and the test-card outcome, worked out once when the number arrives.
 */
export interface CardFacts {
  /**
   * The spec's Card `brand` (lowercase network name); `unknown` for a number of a network the IIN table does
   * not list (src/card/brands.ts), which the card rules accept as the spec does.
   */
  brand: Brand | 'unknown';
  bin: string;
  /** `XXXXXXXXXXXX1111`: every digit but the last four replaced by `X`. */
  masked: string;
  fingerprint: string;
  outcome: Outcome;
  /** 3-D Secure step, points balance at start (0: not a points card) and card type, from the test-card catalogue. */
  profile: CardProfile;
  holder_name: string;
  expiration_month: string;
  expiration_year: string;
  address: Address | null;
}

/** Fields every stored record has: id, creation time, and an insertion number that breaks creation-time ties. */
export interface Stored {
  id: string;
  seq: number;
  created: Date;
}

export interface TokenRecord extends Stored {
  card: CardFacts;
  /** Id of the transaction or card that used the token (tokens are single-use), or null. */
  usedBy: string | null;
}

export interface CardRecord extends Stored {
  /** Null for a merchant-level card. */
  customerId: string | null;
  card: CardFacts;
}

export interface CustomerRecord extends Stored {
  name: string;
  last_name: string | null;
  email: string;
  phone_number: string | null;
  address: Address | null;
  external_id: string | null;
}

export interface ChargeRecord extends Stored {
  customerId: string | null;
  orderId: string | null;
  status: TransactionStatus;
  /** Major units (pesos, dollars), at most two decimals. */
  amount: number;
  currency: 'MXN' | 'USD';
  description: string;
  authorization: string | null;
  errorMessage: string | null;
  /** The stored card charged, or null when a token was. */
  cardId: string | null;
  card: CardFacts;
  /** When the card was first stored or tokenized (the embedded Card object's `creation_date`). */
  cardCreated: Date;
  /** The charge's `device_session_id`. */
  deviceSessionId: string;
  /** Every anti-fraud rule that matched, declining or flagging (the Transaction's `fraud_flags`). */
  fraudFlags: string[];
  /** A 3-D Secure charge's `payment_method` (`{type: 'redirect', url}`: the bank page); absent otherwise. */
  paymentMethod?: { type: 'redirect'; url: string };
  /** Points used (spec, CardPoints), once the charge went through with `use_card_points` ONLY_POINTS or MIXED. */
  cardPoints?: CardPoints;
  /** The charge's `payment_plan` (months without interest), when it had one. */
  paymentPlan?: { payments: number };
}

/**
 * Device data received under a `device_session_id` (`POST /device-data`): the browser's `DeviceData`, as
 * validated by `deviceDataSchema` (visitor id checked against the signals), and when it arrived.
 */
export interface DeviceRecord {
  deviceSessionId: string;
  data: DeviceDataBody;
  created: Date;
  /** The `User-Agent` header of the request that brought it (first 512 characters), or null (plausibility rules). */
  userAgent?: string | null;
  /** The card entry's behavioural summary (`POST /device-data/entry`), the latest received; absent until then. */
  entry?: DeviceEntryBody['entry'];
}

/** One use of a card (a charge or a card creation scored by the anti-fraud rules). */
export interface DeviceUse {
  /** The visitor id of the device data under the use's `device_session_id`, or null when none arrived. */
  visitorId: string | null;
  /** The end-user IP of a charge (first `X-Forwarded-For` address), or null. */
  ip: string | null;
  /** The card's keyed fingerprint (never the number). */
  fingerprint: string;
  at: Date;
}

/**
 * Bounds of a {@link Store} (defaults: `SANDBOX_DEFAULTS.limits`; CLI flags in parentheses):
 * - `maxRecords` (`--max-records`): most tokens, cards, customers, charges and device-data records kept, each
 *   resource on its own; adding one more evicts that resource's oldest. Default 5000.
 * - `tokenTtlSeconds` (`--token-ttl`): a token older than this is gone (1005 on use or retrieval). Default 3600.
 * - `deviceDataTtlSeconds` (`--device-data-ttl`): device data older than this is gone. Default 3600.
 * - `maxDeviceUses`: most card uses remembered for the velocity rules, oldest dropped first. Default 50000.
 */
export interface StoreLimits {
  maxRecords: number;
  tokenTtlSeconds: number;
  deviceDataTtlSeconds: number;
  maxDeviceUses: number;
}

/**
 * The in-memory state of one sandbox: capped maps by id ({@link BoundedMap}: the oldest record is evicted when a
 * resource is full; tokens and device data expire), and the device uses. Nothing is persisted.
 */
export class Store {
  readonly tokens: BoundedMap<string, TokenRecord>;
  readonly cards: BoundedMap<string, CardRecord>;
  readonly customers: BoundedMap<string, CustomerRecord>;
  readonly charges: BoundedMap<string, ChargeRecord>;
  /** Device data by `device_session_id`. */
  readonly devices: BoundedMap<string, DeviceRecord>;
  /** Card uses, oldest first, for the velocity rules (pruned to their window and to `maxDeviceUses`). */
  readonly deviceUses: DeviceUse[] = [];
  readonly limits: StoreLimits;
  /** Points balances of the points test cards (bounded: one entry per such card of the catalogue). */
  readonly points = new PointsLedger();
  /** Pending 3-D Secure authentications (bounded and expiring: ./pending.ts, ./three-ds.ts). */
  readonly challenges = new Challenges();
  #seq = 0;
  readonly #key = randomBytes(32);

  /** @param now the sandbox's clock (expiry). @param limits bounds; each defaults to `SANDBOX_DEFAULTS.limits`. */
  constructor(now: () => Date = () => new Date(), limits: Partial<StoreLimits> = {}) {
    const l = (this.limits = { ...SANDBOX_DEFAULTS.limits, ...limits });
    const olderThan = (seconds: number) => (r: { created: Date }) => now().getTime() - r.created.getTime() > seconds * 1000;
    this.tokens = new BoundedMap<string, TokenRecord>(l.maxRecords, olderThan(l.tokenTtlSeconds));
    this.cards = new BoundedMap(l.maxRecords);
    this.customers = new BoundedMap(l.maxRecords);
    this.charges = new BoundedMap(l.maxRecords);
    this.devices = new BoundedMap<string, DeviceRecord>(l.maxRecords, olderThan(l.deviceDataTtlSeconds));
  }

  /** Records one card use for the velocity rules, dropping uses older than `since` (ms) and beyond the cap. */
  addDeviceUse(use: DeviceUse, since: number): void {
    const uses = this.deviceUses;
    while (uses.length && (uses[0]!.at.getTime() < since || uses.length >= this.limits.maxDeviceUses)) uses.shift();
    uses.push(use);
  }

  /** The next insertion number. */
  nextSeq(): number {
    return ++this.#seq;
  }

  /**
   * The {@link CardFacts} of validated card data: the number is reduced to BIN, last four and fingerprint
   * (HMAC-SHA256 under a per-store random key) and the CVV2 is dropped.
   */
  cardFacts(data: CardData): CardFacts {
    const pan = data.card_number;
    return {
      brand: cardBrand(pan) ?? 'unknown',
      bin: pan.slice(0, 6),
      masked: 'X'.repeat(pan.length - 4) + pan.slice(-4),
      fingerprint: createHmac('sha256', this.#key).update(pan).digest('hex'),
      outcome: outcomeOf(pan),
      profile: profileOf(pan),
      holder_name: data.holder_name,
      expiration_month: data.expiration_month,
      expiration_year: data.expiration_year,
      address: data.address ?? null,
    };
  }

  /** Whether any transaction already has `orderId` (spec, Limits: "order_id unique among all transactions"). */
  hasOrderId(orderId: string): boolean {
    for (const t of this.charges.values()) if (t.orderId === orderId) return true;
    return false;
  }
}
