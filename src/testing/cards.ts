import type { Brand } from '../card/types';

/**
 * What charging a card does in the sandbox. `approved` completes the charge (status `completed`, or
 * `in_progress` with `capture: false`) with a six-digit authorization; every other outcome fails the charge
 * with the spec error code of {@link OUTCOME_ERROR_CODES} and stores a Transaction with status `failed`.
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

/** The spec error code (section Errors) each failing outcome answers with. */
export const OUTCOME_ERROR_CODES: Record<Exclude<Outcome, 'approved'>, number> = {
  declined: 3001,
  expired: 3002,
  insufficient_funds: 3003,
  stolen: 3004,
  fraud: 3005,
  lost: 3009,
  restricted: 3010,
  held: 3011,
  authorization_required: 3012,
};

/**
 * What the bank's 3-D Secure step does for a card charged with `use_3d_secure: true` (docs/3d-secure.md):
 * `challenge` asks the shopper for a one-time code on the bank page; `frictionless` authenticates without asking
 * (the page sends the shopper straight back); `fails` asks, then refuses the authentication whatever the code.
 */
export type ThreeDsProfile = 'challenge' | 'frictionless' | 'fails';

/** Card kind (spec, Card object `type`): months without interest (`payment_plan`) need a credit card. */
export type CardType = 'credit' | 'debit';

/** One row of the test-card table: what the sandbox does with the number. */
export interface TestCardRow {
  /** The card's key in `paytoken/testing`'s `testCards` (camelCase, unique). */
  name: string;
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

const fails = <N extends string>(name: N, number: string, outcome: Exclude<Outcome, 'approved'>, description: string) => ({
  name,
  number,
  brand: 'visa' as const,
  outcome,
  error_code: OUTCOME_ERROR_CODES[outcome],
  description,
});

/**
 * The test cards: the one table the sandbox charges by (through `paytoken/rules`), docs/sandbox.md#test-cards
 * prints and `paytoken/testing`'s `testCards` hands to a merchant's tests. Each passes the local card rules
 * (16 digits, a known brand, Luhn-valid: the last digit is luhn-js `generate` of the first fifteen;
 * sandbox/test/contract/test-cards.test.ts checks all three). The failing visa cards follow one pattern:
 * `40000000000` + the error code + the check digit, so 3003 is `4000 0000 0003 0033`; `4000 0000 0000 0002` is
 * the widely used "declined" number, kept as an alias.
 *
 * Any other number that passes the card rules is approved. Use any holder name, a future expiry and a CVV2
 * of three digits.
 */
const ROWS = [
  { name: 'visa', number: '4111111111111111', brand: 'visa', outcome: 'approved', description: 'Visa, approved' },
  { name: 'mastercard', number: '5555555555554444', brand: 'mastercard', outcome: 'approved', description: 'Mastercard, approved' },
  {
    name: 'mastercard2Series',
    number: '2223000048400011',
    brand: 'mastercard',
    outcome: 'approved',
    description: 'Mastercard 2-series, approved',
  },
  { name: 'carnet', number: '5062210000000009', brand: 'carnet', outcome: 'approved', description: 'Carnet, approved' },
  fails('declined', '4000000000000002', 'declined', 'Declined'),
  fails('declined3001', '4000000000030017', 'declined', 'Declined'),
  fails('expired', '4000000000030025', 'expired', 'Expired at the issuer'),
  fails('insufficientFunds', '4000000000030033', 'insufficient_funds', 'Insufficient funds'),
  fails('stolen', '4000000000030041', 'stolen', 'Reported stolen'),
  fails('fraud', '4000000000030058', 'fraud', 'Fraudulent; the Error object carries `fraud_rules`'),
  fails('lost', '4000000000030090', 'lost', 'Reported lost'),
  fails('restricted', '4000000000030108', 'restricted', 'Restricted by the bank'),
  fails('held', '4000000000030116', 'held', 'Bank asks to hold the card'),
  {
    ...fails(
      'threeDSecureChallenge',
      '4000000000030124',
      'authorization_required',
      '3-D Secure required (HTTP 412 without it); the challenge approves with the code',
    ),
    three_d_secure: 'challenge',
  },
  {
    ...fails(
      'threeDSecureFrictionless',
      '4000000000003113',
      'authorization_required',
      '3-D Secure required (412 without it); frictionless: completes without a challenge',
    ),
    three_d_secure: 'frictionless',
  },
  {
    ...fails(
      'threeDSecureFails',
      '4000000000003121',
      'authorization_required',
      '3-D Secure required (412 without it); the challenge fails',
    ),
    three_d_secure: 'fails',
  },
  {
    name: 'visaPoints',
    number: '4000000000004004',
    brand: 'visa',
    outcome: 'approved',
    points: 50_000,
    description: 'Visa with reward points (50,000 = MXN 5,000.00)',
  },
  {
    name: 'mastercardPoints',
    number: '5100000000004000',
    brand: 'mastercard',
    outcome: 'approved',
    points: 1_000,
    description: 'Mastercard with reward points (1,000 = MXN 100.00)',
  },
  {
    name: 'visaDebit',
    number: '4000000000000507',
    brand: 'visa',
    outcome: 'approved',
    type: 'debit',
    description: 'Visa debit, approved; no months without interest',
  },
] as const satisfies readonly TestCardRow[];

/** The table, one row per card (see above). */
export const TEST_CARDS: readonly TestCardRow[] = ROWS;

/** The name of each test card, the keys of `paytoken/testing`'s `testCards`. */
export type TestCardName = (typeof ROWS)[number]['name'];
