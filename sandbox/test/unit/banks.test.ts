/**
 * The bank catalog (sandbox/src/domain/banks.ts: Banxico's SPEI participants) and the CLABE value checks a bank
 * account and a payout run on it; the payout test CLABE is a valid CLABE of a catalog bank.
 */
import { describe, expect, it } from 'vitest';
import { BANKS, bankOf, checkedBank, UNKNOWN_BANK_NAME } from '../../src/domain/banks';
import { clabeProblem, makeClabe } from '../../src/domain/clabe';
import { SandboxError } from '../../src/domain/errors';
import { payoutRejection, REJECTED_CLABE, REJECTION_MESSAGE } from '../../src/domain/payouts';
import { ISSUING_BANK } from '../../src/domain/references';

/** The error `fn` throws, as its Error object. */
const errorOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    if (e instanceof SandboxError) return e.error;
    throw e;
  }
  throw new Error('did not throw');
};

describe('the bank catalog', () => {
  it('codes are three digits, names short upper-case text', () => {
    expect(Object.keys(BANKS).length).toBeGreaterThan(50);
    for (const [code, name] of Object.entries(BANKS)) {
      expect(code).toMatch(/^\d{3}$/);
      expect(name).toMatch(/^[A-Z0-9 ()&.-]{2,20}$/);
    }
  });

  it.each([
    ['002', 'BANAMEX'],
    ['012', 'BBVA MEXICO'],
    ['014', 'SANTANDER'],
    ['021', 'HSBC'],
    ['030', 'BAJIO'],
    ['036', 'INBURSA'],
    ['044', 'SCOTIABANK'],
    ['058', 'BANREGIO'],
    ['072', 'BANORTE'],
    ['127', 'AZTECA'],
    ['137', 'BANCOPPEL'],
    ['646', 'STP'],
  ])('%s is %s', (code, name) => {
    expect(bankOf(makeClabe(code, '001', '00000000001'))).toEqual({ code, name });
  });

  it.each([
    ['022', 'GE MONEY'],
    ['032', 'IXE'],
    ['037', 'INTERACCIONES'],
    ['102', 'ACCENDO BANCO'],
    ['116', 'ING'],
    ['131', 'FAMSA'],
    ['134', 'WAL-MART'],
    ['139', 'UBS BANK'],
  ])('keeps the former code %s (%s): its CLABEs outlive the bank', (code, name) => {
    expect(bankOf(makeClabe(code, '180', '00011835971'))).toEqual({ code, name });
  });

  it('holds the codes of the SPEI participant list and of the ABM table: 130 and more, today 137', () => {
    expect(Object.keys(BANKS).length).toBeGreaterThanOrEqual(130);
  });

  it("holds the bank of the CLABEs the sandbox issues its customers (the customers' CLABE takes payouts too)", () => {
    expect(BANKS[ISSUING_BANK.code]).toBe(ISSUING_BANK.name);
  });
});

describe('checkedBank', () => {
  const good = makeClabe('072', '580', '12345678901');
  it('returns the bank of a valid CLABE', () => expect(checkedBank(good, 'clabe')).toEqual({ code: '072', name: 'BANORTE' }));
  it('1003 naming the field for a wrong check digit', () => {
    const bad = `${good.slice(0, 17)}${(Number(good[17]) + 3) % 10}`;
    expect(errorOf(() => checkedBank(bad, 'bank_account.clabe'))).toMatchObject({
      error_code: 1003,
      http_code: 422,
      description: 'bank_account.clabe has a wrong check digit (rule: check_digit)',
    });
  });
  it('1003 naming the code for a bank the catalog lacks', () => {
    expect(errorOf(() => checkedBank(makeClabe('999', '580', '12345678901'), 'clabe'))).toMatchObject({
      error_code: 1003,
      description: expect.stringContaining('bank code 999'),
    });
  });
  it('under --lenient, a bank the catalog lacks is let through as UNKNOWN, its warning naming the code', () => {
    const warnings: string[] = [];
    const bank = checkedBank(makeClabe('999', '580', '12345678901'), 'bank_account.clabe', (m) => warnings.push(m));
    expect(bank).toEqual({ code: '999', name: UNKNOWN_BANK_NAME });
    expect(warnings).toEqual(['bank_account.clabe starts with bank code 999, which is not in the bank catalog (rule: bank)']);
  });
  it('under --lenient, a wrong check digit is still 1003', () => {
    const bad = `${good.slice(0, 17)}${(Number(good[17]) + 1) % 10}`;
    expect(errorOf(() => checkedBank(bad, 'clabe', () => {}))).toMatchObject({ error_code: 1003 });
  });
  it('1001 for a text that is not 18 digits', () => {
    expect(errorOf(() => checkedBank('12345', 'clabe'))).toMatchObject({ error_code: 1001 });
  });
});

describe('the payout test CLABE', () => {
  it('is a valid CLABE of a catalog bank, and the only one the bank rejects', () => {
    expect(clabeProblem(REJECTED_CLABE)).toBeNull();
    expect(bankOf(REJECTED_CLABE)).toEqual({ code: '012', name: 'BBVA MEXICO' });
    expect(payoutRejection(REJECTED_CLABE)).toBe(REJECTION_MESSAGE);
    expect(payoutRejection(makeClabe('012', '180', '99999999998'))).toBeNull();
  });
});
