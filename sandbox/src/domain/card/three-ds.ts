/**
 * 3-D Secure in the sandbox, its pure rules (spec, Charges: `use_3d_secure`, `redirect_url`; Errors 3012;
 * docs/3d-secure.md). A card charge with `use_3d_secure: true` and a `redirect_url` waits `charge_pending` with
 * `payment_method {type: 'redirect', url}`, the bank's authentication page this sandbox serves (pages/three-ds-page.ts). The
 * page ends it: approved (the charge is settled by its card's outcome), rejected or failed (`failed`), or left
 * (the charge stays `charge_pending` until the challenge expires, then `cancelled`). The service is
 * resources/charges/three-ds.ts.
 */

/** How long a challenge waits for the shopper: 15 minutes. Then its charge is `cancelled`. */
export const CHALLENGE_TTL_MS = 15 * 60_000;

/** Wrong one-time codes allowed; the next wrong one fails the authentication. */
export const MAX_CODE_ATTEMPTS = 3;

/** Most challenges pending at once; a new one beyond this ends the oldest (its charge `cancelled`). */
export const MAX_CHALLENGES = 1000;

/** `error_message` of a charge whose authentication ended without approval. */
export const THREE_DS_MESSAGES = {
  rejected: 'The cardholder did not authenticate the payment (3-D Secure rejected)',
  failed: 'The bank could not authenticate the cardholder (3-D Secure failed)',
  expired: 'The 3-D Secure authentication was not completed in time (charge cancelled)',
} as const;

/** `redirect_url` with `id={transaction_id}` set in its query (other parameters kept). */
export function returnUrl(c: { redirectUrl: string; transactionId: string }): string {
  const u = new URL(c.redirectUrl);
  u.searchParams.set('id', c.transactionId);
  return u.href;
}
