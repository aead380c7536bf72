import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formMessage, MESSAGES } from '../../../src/fields/messages';

/** Every error code of the spec's Errors table (payments-api.md, section Errors). */
const SPEC_CODES = [
  1000, 1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 2001, 2002, 2003, 2004, 2005, 2006, 2007, 2008, 2009, 3001, 3002, 3003,
  3004, 3005, 3006, 3008, 3009, 3010, 3011, 3012, 4001,
];

/** Every local rule a field can fail (src/card/types.ts `Reason`, per field as the rules return them). */
const LOCAL_CODES = [
  ...['required', 'type', 'format', 'brand', 'length', 'luhn'].map((r) => `card_number.${r}`),
  ...['required', 'type', 'too_long'].map((r) => `holder_name.${r}`),
  ...['required', 'type', 'format', 'expired'].map((r) => `expiration_month.${r}`),
  ...['required', 'type', 'format', 'expired', 'too_far'].map((r) => `expiration_year.${r}`),
  ...['required', 'type', 'format', 'length'].map((r) => `cvv2.${r}`),
  ...['line1', 'postal_code', 'state', 'city', 'country_code'].map((f) => `address.${f}.required`),
  'address.country_code.format',
  'address.line2.type',
  'address.type',
];

const listed = new Set(Object.keys(MESSAGES).flatMap((k) => k.split(' ')));

describe('messages', () => {
  it('the code list above is the spec table (when the spec is beside the repository)', () => {
    const spec = new URL('../../../docs/spec/payments-api.md', import.meta.url);
    if (!existsSync(spec)) return; // a clone without shared/: the list above stands
    const table = readFileSync(spec, 'utf8').split('## Errors')[1]!.split('## Limits')[0]!;
    const codes = [...table.matchAll(/^\| (\d{4}) \|/gm)].map((m) => Number(m[1]));
    expect(codes).toStrictEqual(SPEC_CODES);
  });

  it.each(SPEC_CODES)('API error %i has its own entry, in Spanish and English', (code) => {
    expect(listed.has(String(code))).toBe(true);
    const es = formMessage(code, 'es-MX');
    const en = formMessage(code, 'en');
    expect(es).toMatch(/^[A-ZÁÉÍÓÚÑ¡¿].{8,}\.$/);
    expect(en).toMatch(/^[A-Z0-9].{8,}\.$/);
    expect(es).not.toBe(en);
  });

  it.each(LOCAL_CODES)('local rule %s has a message in Spanish and English', (code) => {
    const es = formMessage(code);
    const en = formMessage(code, 'en-US');
    expect(es).toMatch(/^[A-ZÁÉÍÓÚÑ0-9¡¿].{8,}\.$/);
    expect(en).toMatch(/^[A-Z0-9].{8,}\.$/);
    expect(es).not.toBe(en);
    // only the `type` rule (a value that is not text: never from a form input) falls back to the generic entry
    const short = code.replace(/^(\D\D)[\w.]*\./, '$1.');
    if (!code.endsWith('.type')) expect(listed.has(short)).toBe(true);
  });

  it.each([
    ['card_number.luhn', 2004],
    ['expiration_year.expired', 2005],
    ['cvv2.required', 2006],
    ['cvv2.length', 2009],
  ])('local %s says the same as the API error %i', (local, api) => {
    for (const locale of ['es-MX', 'en']) expect(formMessage(local, locale)).toBe(formMessage(api, locale));
  });

  it('stolen, lost and fraudulent cards get the generic decline', () => {
    for (const code of [3004, 3005, 3009, 3011]) expect(formMessage(code)).toBe(formMessage(3001));
  });

  it('an unknown code gets a generic message; overrides win, the exact code over the shared key', () => {
    expect(formMessage(9999)).toBe('Revisa los datos de la tarjeta.');
    expect(formMessage(9999, 'en')).toBe('Check the card details.');
    const overrides = { 'ex.expired': 'Vencida', 'expiration_year.expired': 'Año vencido', 3001: 'No' };
    expect(formMessage('expiration_year.expired', 'es-MX', overrides)).toBe('Año vencido');
    expect(formMessage('expiration_month.expired', 'es-MX', overrides)).toBe('Vencida');
    expect(formMessage(3001, 'en', overrides)).toBe('No');
  });
});
