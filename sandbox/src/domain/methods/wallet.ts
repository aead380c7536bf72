/**
 * Third-party wallet charges, their pure rules (spec, Charges: "Third-party wallet charge": `due_date` "the payer
 * may have up to 15 minutes after this date once logged in"; Limits "wallet charge grace"; Transaction `fee` "seen on
 * wallet charges"). The wallet's method name is a sandbox setting (`--wallet-method`, default
 * defaults.ts). Times are epoch ms; money is cents.
 */

/** The grace after `due_date` of a payer who signed in to the wallet before it: 15 minutes. */
export const WALLET_GRACE_MS = 15 * 60_000;

/**
 * Whether the wallet still takes an approval at `now`: before the due date, or within {@link WALLET_GRACE_MS}
 * after it when the payer signed in (`signedInAt`, epoch ms) before it.
 */
export function walletOpen(now: number, due: number, signedInAt: number | null): boolean {
  if (now <= due) return true;
  return signedInAt !== null && signedInAt <= due && now <= due + WALLET_GRACE_MS;
}

/** When a wallet charge is cancelled if not approved: at its due date, or at its grace's end for a payer signed in before it. */
export const walletDeadline = (due: number, signedInAt: number | null): number =>
  signedInAt !== null && signedInAt <= due ? due + WALLET_GRACE_MS : due;

/** The wallet's fee (the sandbox's figures): 2.90 % of the amount plus MXN 2.50, and 16 % VAT on it. */
export const WALLET_FEE = { rateBasisPoints: 290, fixedCents: 250, taxBasisPoints: 1600 } as const;

/**
 * The fee and its tax on a wallet charge of `cents`, each rounded half up to the cent (the spec's `fee: {amount, tax,
 * currency}`). The sandbox shows it on the charge; balances are not reduced by processor fees (docs/sandbox.md).
 */
export function walletFee(cents: number): { fee: number; tax: number } {
  const fee = Math.floor((cents * WALLET_FEE.rateBasisPoints + 5000) / 10_000) + WALLET_FEE.fixedCents;
  return { fee, tax: Math.floor((fee * WALLET_FEE.taxBasisPoints + 5000) / 10_000) };
}
