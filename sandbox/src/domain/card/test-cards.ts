import { OUTCOME_ERROR_CODES, TEST_CARDS, type CardType, type Outcome, type TestCardRow, type ThreeDsProfile } from 'paytoken/rules';

export { TEST_CARDS };
export type { CardType, Outcome, ThreeDsProfile } from 'paytoken/rules';

/**
 * One test card of the catalogue. The table itself lives in the library (src/testing/cards.ts), reached through
 * `paytoken/rules`, so the sandbox charges by the same rows `paytoken/testing`'s `testCards` gives a merchant.
 */
export type TestCard = TestCardRow;

/** The failing outcomes' HTTP status and description (the spec's Error object); the codes are the table's. */
const OUTCOME_HTTP: Record<Exclude<Outcome, 'approved'>, { http_code: number; description: string }> = {
  declined: { http_code: 402, description: 'The card was declined' },
  expired: { http_code: 402, description: 'The card has expired' },
  insufficient_funds: { http_code: 402, description: 'The card has insufficient funds' },
  stolen: { http_code: 402, description: 'The card was reported stolen' },
  fraud: { http_code: 402, description: 'The card was identified as fraudulent' },
  lost: { http_code: 402, description: 'The card was reported lost' },
  restricted: { http_code: 402, description: 'The card is restricted by the bank' },
  held: { http_code: 402, description: 'The bank requested the card be held' },
  authorization_required: { http_code: 412, description: 'Bank authorization is required for this payment' },
};

/**
 * The spec error (section Errors) each failing outcome answers with, and the `error_message` of the failed
 * Transaction. Category `request` (spec: "request: caused by data sent by the caller, e.g. ... no funds").
 */
export const OUTCOME_ERRORS = Object.fromEntries(
  Object.entries(OUTCOME_HTTP).map(([outcome, e]) => [
    outcome,
    { error_code: OUTCOME_ERROR_CODES[outcome as Exclude<Outcome, 'approved'>], ...e },
  ]),
) as Record<Exclude<Outcome, 'approved'>, { error_code: number; http_code: number; description: string }>;

/** The `fraud_rules` of a `fraud` outcome's Error object (spec, Errors: "anti-fraud rules that matched"). */
export const FRAUD_RULES = ['sandbox: test card flagged as fraudulent'];

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
