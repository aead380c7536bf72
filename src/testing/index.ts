/**
 * `paytoken/testing`: for a merchant's test code only (never a browser bundle). The sandbox's test cards as a
 * typed catalogue, and the types the driver modules share (`paytoken/testing/playwright`, `.../puppeteer`,
 * `.../webdriverio`: `fillCard` and `completeThreeDSecure`, the same names in each). docs/testing.md.
 */
import type { Brand } from '../card/types';
import { TEST_CARDS, type CardType, type Outcome, type TestCardName, type ThreeDsProfile } from './cards';

export type { CardType, Outcome, TestCardName, ThreeDsProfile } from './cards';
export { FillCardError, type CardToFill, type CompleteOptions, type FillCardOptions, type ThreeDSecureAnswer } from './fill';

/** One test card: what the sandbox does with it, and an expiry and CVV2 it accepts (so it fits `fillCard`). */
export interface TestCard {
  /** 16 digits, no spaces (the card number inputs format it as typed). */
  number: string;
  brand: Brand;
  /** `credit` or `debit` (months without interest need credit). */
  type: CardType;
  /** What a charge does: `approved`, or the failing outcome (docs/sandbox.md#test-cards). */
  outcome: Outcome;
  /** The spec error code a charge fails with (3001-3012); null when approved. */
  errorCode: number | null;
  /** The 3-D Secure step when charged with `use_3d_secure: true`. */
  threeDSecure: ThreeDsProfile;
  /** Reward points balance at sandbox start; 0: not a points card. */
  points: number;
  description: string;
  /** `MM/YY`: December, five years after the year this module was loaded (a future expiry the rules accept). */
  expiry: string;
  /** Three digits (every test card's brand takes three). */
  cvv2: string;
}

const EXPIRY = `12/${String((new Date().getFullYear() + 5) % 100).padStart(2, '0')}`;

/**
 * The sandbox's test cards by name (`testCards.insufficientFunds`, `testCards.threeDSecureChallenge`), built
 * from the table the sandbox charges by (src/testing/cards.ts), so they never disagree. Numbers outside it are
 * approved; test cards are refused (2007) by a sandbox in `--mode production`.
 * @example await fillCard(page, testCards.insufficientFunds) // the charge fails with 3003
 */
export const testCards = Object.freeze(
  Object.fromEntries(
    TEST_CARDS.map((row) => [
      row.name,
      Object.freeze({
        number: row.number,
        brand: row.brand,
        type: row.type ?? 'credit',
        outcome: row.outcome,
        errorCode: row.error_code ?? null,
        threeDSecure: row.three_d_secure ?? 'challenge',
        points: row.points ?? 0,
        description: row.description,
        expiry: EXPIRY,
        cvv2: '123',
      }),
    ]),
  ),
) as Readonly<Record<TestCardName, Readonly<TestCard>>>;
