/**
 * The rules of payouts the spec leaves unshown (spec, Endpoints > Payouts: "Payout endpoints other than creation ...
 * not shown"; States and transitions: a payout is created `in_progress`), as this sandbox plays them
 * (docs/sandbox.md, "Payouts"): when the bank answers, and which test CLABE it rejects.
 */

/**
 * How long after its creation a payout is settled by the bank, on the sandbox clock: one hour (SPEI itself takes
 * seconds; the hour leaves the `in_progress` state long enough to be seen, and `POST {base}/sandbox/v1/{merchant_id}
 * /clock/advance {seconds: 3600}` ends it). Milliseconds.
 */
export const PAYOUT_SETTLE_MS = 60 * 60 * 1000;

/**
 * The test CLABE whose bank rejects every payout (BBVA MEXICO, plaza 180, account 99999999999, check digit 5): a
 * payout to it is created `in_progress` like any other, and at settlement becomes `failed` with the money back.
 */
export const REJECTED_CLABE = '012180999999999995';

/** The bank's rejection of the test CLABE, the failed payout's `error_message`. */
export const REJECTION_MESSAGE = 'The receiving bank rejected the payout: the account is closed (sandbox test CLABE)';

/** The bank's answer to a payout to `clabe`: the rejection's message, or null when it is accepted. */
export const payoutRejection = (clabe: string): string | null => (clabe === REJECTED_CLABE ? REJECTION_MESSAGE : null);
