import type { Brand } from 'paytoken/rules';

/**
 * What charging a card does in the sandbox. `approved` completes the charge (status `completed`, or
 * `in_progress` with `capture: false`) with a six-digit authorization; every other outcome fails the charge
 * with the spec error code of {@link OUTCOME_ERRORS} and stores a Transaction with status `failed`.
 */
export type Outcome =
  | 'approved'
  | 'declined'
  | 'expired'
  | 'insufficient_funds'
  | 'stolen'
  | 'fraud'
  | 'lost'
  | 'restricted'
  | 'held'
  | 'authorization_required';

/**
 * The spec error (section Errors) each failing outcome answers with, and the `error_message` of the failed
 * Transaction. Category `request` (spec: "request: caused by data sent by the caller, e.g. ... no funds").
 */
export const OUTCOME_ERRORS: Record<Exclude<Outcome, 'approved'>, { error_code: number; http_code: number; description: string }> = {
  declined: { error_code: 3001, http_code: 402, description: 'The card was declined' },
  expired: { error_code: 3002, http_code: 402, description: 'The card has expired' },
  insufficient_funds: { error_code: 3003, http_code: 402, description: 'The card has insufficient funds' },
  stolen: { error_code: 3004, http_code: 402, description: 'The card was reported stolen' },
  fraud: { error_code: 3005, http_code: 402, description: 'The card was identified as fraudulent' },
  lost: { error_code: 3009, http_code: 402, description: 'The card was reported lost' },
  restricted: { error_code: 3010, http_code: 402, description: 'The card is restricted by the bank' },
  held: { error_code: 3011, http_code: 402, description: 'The bank requested the card be held' },
  authorization_required: { error_code: 3012, http_code: 412, description: 'Bank authorization is required for this payment' },
};

/** The `fraud_rules` of a `fraud` outcome's Error object (spec, Errors: "anti-fraud rules that matched"). */
export const FRAUD_RULES = ['sandbox: test card flagged as fraudulent'];

/**
 * What the bank's 3-D Secure step does for a card charged with `use_3d_secure: true` (docs/3d-secure.md):
 * `challenge` asks the shopper for a one-time code on the bank page; `frictionless` authenticates without asking
 * (the page sends the shopper straight back); `fails` asks, then refuses the authentication whatever the code.
 */
export type ThreeDsProfile = 'challenge' | 'frictionless' | 'fails';

/** Card kind (spec, Card object `type`): months without interest (`payment_plan`) need a credit card. */
export type CardType = 'credit' | 'debit';

/** One test card of the catalogue. */
export interface TestCard {
  /** 16 digits, Luhn-valid, of a brand the card rules know. */
  number: string;
  brand: Brand;
  outcome: Outcome;
  /** Spec error code of a failing outcome. */
  error_code?: number;
  /** What the card is for, in a few words. */
  description: string;
  /** The 3-D Secure step with `use_3d_secure: true`; default `challenge`. */
  three_d_secure?: ThreeDsProfile;
  /** Reward points balance at sandbox start (the card has `points_card: true`); absent: no points. */
  points?: number;
  /** Default `credit`. */
  type?: CardType;
}

const fails = (number: string, outcome: Exclude<Outcome, 'approved'>, description: string): TestCard => ({
  number,
  brand: 'visa',
  outcome,
  error_code: OUTCOME_ERRORS[outcome].error_code,
  description,
});

/**
 * The sandbox's test cards. Each passes the local card rules (16 digits, a known brand, Luhn-valid: the last
 * digit is luhn-js `generate` of the first fifteen; sandbox/test/contract/test-cards.test.ts checks all three). The
 * failing visa cards follow one pattern: `40000000000` + the error code + the check digit, so 3003 is
 * `4000 0000 0003 0033`; `4000 0000 0000 0002` is the widely used "declined" number, kept as an alias.
 *
 * Any other number that passes the card rules is approved. Use any holder name, a future expiry and a CVV2
 * of three digits.
 */
export const TEST_CARDS: readonly TestCard[] = [
  { number: '4111111111111111', brand: 'visa', outcome: 'approved', description: 'Visa, approved' },
  { number: '5555555555554444', brand: 'mastercard', outcome: 'approved', description: 'Mastercard, approved' },
  { number: '2223000048400011', brand: 'mastercard', outcome: 'approved', description: 'Mastercard 2-series, approved' },
  { number: '5062210000000009', brand: 'carnet', outcome: 'approved', description: 'Carnet, approved' },
  fails('4000000000000002', 'declined', 'Declined'),
  fails('4000000000030017', 'declined', 'Declined'),
  fails('4000000000030025', 'expired', 'Expired at the issuer'),
  fails('4000000000030033', 'insufficient_funds', 'Insufficient funds'),
  fails('4000000000030041', 'stolen', 'Reported stolen'),
  fails('4000000000030058', 'fraud', 'Fraudulent; the Error object carries `fraud_rules`'),
  fails('4000000000030090', 'lost', 'Reported lost'),
  fails('4000000000030108', 'restricted', 'Restricted by the bank'),
  fails('4000000000030116', 'held', 'Bank asks to hold the card'),
  {
    ...fails(
      '4000000000030124',
      'authorization_required',
      '3-D Secure required (HTTP 412 without it); the challenge approves with the code',
    ),
    three_d_secure: 'challenge',
  },
  {
    ...fails(
      '4000000000003113',
      'authorization_required',
      '3-D Secure required (412 without it); frictionless: completes without a challenge',
    ),
    three_d_secure: 'frictionless',
  },
  {
    ...fails('4000000000003121', 'authorization_required', '3-D Secure required (412 without it); the challenge fails'),
    three_d_secure: 'fails',
  },
  {
    number: '4000000000004004',
    brand: 'visa',
    outcome: 'approved',
    points: 50_000,
    description: 'Visa with reward points (50,000 = MXN 5,000.00)',
  },
  {
    number: '5100000000004000',
    brand: 'mastercard',
    outcome: 'approved',
    points: 1_000,
    description: 'Mastercard with reward points (1,000 = MXN 100.00)',
  },
  {
    number: '4000000000000507',
    brand: 'visa',
    outcome: 'approved',
    type: 'debit',
    description: 'Visa debit, approved; no months without interest',
  },
];

const BY_NUMBER = new Map(TEST_CARDS.map((c) => [c.number, c]));

/**
 * The outcome of charging `pan`.
 * @param pan digits only. @returns the catalogue's outcome, `approved` for any number not in it.
 */
export const outcomeOf = (pan: string): Outcome => BY_NUMBER.get(pan)?.outcome ?? 'approved';

/** What the sandbox knows of a card beyond its outcome: 3-D Secure step, points balance at start (0: none), type. */
export interface CardProfile {
  threeDSecure: ThreeDsProfile;
  points: number;
  type: CardType;
}

/** The {@link CardProfile} of `pan` (digits only); any number not in the catalogue: challenge, no points, credit. */
export function profileOf(pan: string): CardProfile {
  const c = BY_NUMBER.get(pan);
  return { threeDSecure: c?.three_d_secure ?? 'challenge', points: c?.points ?? 0, type: c?.type ?? 'credit' };
}

/** Whether `pan` (digits only) is one of the test cards: refused with 2007 in production mode. */
export const isTestNumber = (pan: string): boolean => BY_NUMBER.has(pan);

/** The catalogue as a Markdown table (number grouped by four, brand, type, outcome, error code, points, description). */
export function testCardsMarkdown(cards: readonly TestCard[] = TEST_CARDS): string {
  const rows = cards.map(
    (c) =>
      `| \`${c.number.replace(/(\d{4})(?=\d)/g, '$1 ')}\` | ${c.brand} | ${c.type ?? 'credit'} | ${c.outcome} | ${c.error_code ?? '-'} | ${c.points ?? '-'} | ${c.description} |`,
  );
  return ['| Card number | Brand | Type | Outcome | error_code | Points | Description |', '|---|---|---|---|---|---|---|', ...rows].join(
    '\n',
  );
}
