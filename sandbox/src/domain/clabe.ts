/**
 * CLABE, the 18-digit Mexican interbank account number that receives SPEI transfers: bank code (3) + branch or
 * plaza (3) + account (11) + check digit (1). The check digit: multiply the first 17 digits by the weights 3, 7,
 * 1 repeating, take each product modulo 10, add them, then (10 - sum mod 10) mod 10 (source: Banco de México's
 * CLABE standard, as summarised in /work/shared/service-anchors.md).
 */

const WEIGHTS = [3, 7, 1];

/** The check digit of the first 17 digits of a CLABE. */
export function clabeCheckDigit(first17: string): number {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += (Number(first17[i]) * WEIGHTS[i % 3]!) % 10;
  return (10 - (sum % 10)) % 10;
}

/** Why a CLABE is not valid: `format` (not 18 digits) or `check_digit`; null when it is valid. */
export function clabeProblem(clabe: string): 'format' | 'check_digit' | null {
  if (!/^\d{18}$/.test(clabe)) return 'format';
  return clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]) ? null : 'check_digit';
}

/** A CLABE of `bank` (3 digits) and `plaza` (3 digits) for an 11-digit `account`, with its check digit. */
export function makeClabe(bank: string, plaza: string, account: string): string {
  const first17 = `${bank}${plaza}${account}`;
  if (!/^\d{17}$/.test(first17)) throw new RangeError('a CLABE is built from 3 + 3 + 11 digits');
  return `${first17}${clabeCheckDigit(first17)}`;
}

/** `012XXXXXXXXXX45678`: a CLABE masked except its first three and last five digits (spec, Bank account `clabe`). */
export const maskClabe = (clabe: string): string => `${clabe.slice(0, 3)}${'X'.repeat(clabe.length - 8)}${clabe.slice(-5)}`;
