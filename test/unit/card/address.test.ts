import { describe, expect, it } from 'vitest';
import { validateAddress, type FieldResult } from '../../../src/card/index';
import { ADDRESS, WEIRD_INPUTS } from '../helpers';
import { ADDRESS_MAX } from '../../../src/card/address';

const bad = (field: FieldResult['field'], reason: FieldResult['reason'], potentiallyValid = false): FieldResult => ({
  field,
  valid: false,
  potentiallyValid,
  reason,
});

const REQUIRED = ['line1', 'postal_code', 'state', 'city', 'country_code'] as const;

describe('validateAddress', () => {
  it.each<{ name: string; address: Record<string, unknown> }>([
    { name: 'required fields only', address: { ...ADDRESS } },
    { name: 'with line2 and line3', address: { ...ADDRESS, line2: 'Piso 3', line3: 'Col. Juárez' } },
    { name: 'blank optional lines', address: { ...ADDRESS, line2: '', line3: '   ' } },
    { name: 'null optional lines', address: { ...ADDRESS, line2: null, line3: undefined } },
    { name: "country_code 'mx' (case not significant)", address: { ...ADDRESS, country_code: 'mx' } },
    { name: "country_code 'Us'", address: { ...ADDRESS, country_code: 'Us' } },
    { name: 'country_code padded', address: { ...ADDRESS, country_code: ' mx ' } },
    { name: 'extra unknown keys ignored', address: { ...ADDRESS, reference: 'x' } },
  ])('valid: $name', ({ address }) => {
    expect(validateAddress(address)).toStrictEqual([]);
  });

  it.each(REQUIRED.map((key) => ({ key })))('missing $key -> required (potentially valid)', ({ key }) => {
    const rest: Record<string, unknown> = { ...ADDRESS };
    delete rest[key];
    expect(validateAddress(rest)).toStrictEqual([bad(`address.${key}`, 'required', true)]);
  });

  it.each(REQUIRED.flatMap((key) => ['', '   ', null].map((value) => ({ key, value }))))(
    'blank $key ($value) -> required',
    ({ key, value }) => {
      expect(validateAddress({ ...ADDRESS, [key]: value })).toStrictEqual([bad(`address.${key}`, 'required', true)]);
    },
  );

  it.each([...REQUIRED, 'line2', 'line3'].flatMap((key) => [42, true, {}, ['x']].map((value) => ({ key, value }))))(
    'non-string $key ($value) -> type',
    ({ key, value }) => {
      expect(validateAddress({ ...ADDRESS, [key]: value })).toStrictEqual([bad(`address.${key}` as FieldResult['field'], 'type')]);
    },
  );

  it.each<{ value: string; pv: boolean }>([
    { value: 'MEX', pv: false },
    { value: 'mex', pv: false },
    { value: 'M', pv: true },
    { value: 'm', pv: true },
    { value: '1', pv: false },
    { value: '52', pv: false },
    { value: 'M1', pv: false },
    { value: 'ÑX', pv: false },
    { value: 'M-X', pv: false },
  ])("country_code '$value' -> format (potentiallyValid $pv)", ({ value, pv }) => {
    expect(validateAddress({ ...ADDRESS, country_code: value })).toStrictEqual([bad('address.country_code', 'format', pv)]);
  });

  it('reports every failing field, in field order', () => {
    expect(validateAddress({ line2: 5, city: '  ', country_code: 'MEX', state: 7 })).toStrictEqual([
      bad('address.line1', 'required', true),
      bad('address.postal_code', 'required', true),
      bad('address.state', 'type'),
      bad('address.city', 'required', true),
      bad('address.country_code', 'format'),
      bad('address.line2', 'type'),
    ]);
  });

  it('an empty object lacks all five required fields', () => {
    expect(validateAddress({})).toStrictEqual(REQUIRED.map((k) => bad(`address.${k}`, 'required', true)));
  });

  it.each<{ name: string; input: unknown; reason: FieldResult['reason'] }>([
    { name: 'null', input: null, reason: 'required' },
    { name: 'undefined', input: undefined, reason: 'required' },
    { name: 'string', input: 'Av. Reforma 222, CDMX', reason: 'type' },
    { name: 'number', input: 42, reason: 'type' },
    { name: 'boolean', input: true, reason: 'type' },
    { name: 'array', input: [ADDRESS], reason: 'type' },
  ])('non-object $name -> address $reason', ({ input, reason }) => {
    expect(validateAddress(input)).toStrictEqual([bad('address', reason)]);
  });

  it('does not modify the address', () => {
    const a = { ...ADDRESS, country_code: ' mx ' };
    validateAddress(a);
    expect(a).toStrictEqual({ ...ADDRESS, country_code: ' mx ' });
  });

  it.each(WEIRD_INPUTS)('never throws on address %s', (_n, v) => {
    expect(() => validateAddress(v)).not.toThrow();
  });

  it.each(WEIRD_INPUTS)('never throws on country_code %s', (_n, v) => {
    let r: FieldResult[] = [];
    expect(() => {
      r = validateAddress({ ...ADDRESS, country_code: v });
    }).not.toThrow();
    expect(r.map((e) => [e.field, e.valid])).toStrictEqual([['address.country_code', false]]);
  });
});

describe('validateAddress: bounded, no control or bidirectional-control characters', () => {
  const FIELDS = ['line1', 'line2', 'line3', 'postal_code', 'state', 'city'] as const;

  it('the maxima (the spec gives none): lines, city and state 100, postal_code 16', () => {
    expect(ADDRESS_MAX).toStrictEqual({ line: 100, city: 100, state: 100, postal_code: 16 });
  });

  const max = (key: (typeof FIELDS)[number]) =>
    key.startsWith('line') ? ADDRESS_MAX.line : ADDRESS_MAX[key as 'city' | 'state' | 'postal_code'];

  it.each(FIELDS.map((key) => ({ key })))('$key: the maximum passes, one more code point is too_long, 64000 is too_long', ({ key }) => {
    expect(validateAddress({ ...ADDRESS, [key]: '9'.repeat(max(key)) })).toStrictEqual([]);
    expect(validateAddress({ ...ADDRESS, [key]: ` ${'9'.repeat(max(key))} ` })).toStrictEqual([]);
    expect(validateAddress({ ...ADDRESS, [key]: '9'.repeat(max(key) + 1) })).toStrictEqual([bad(`address.${key}`, 'too_long')]);
    expect(validateAddress({ ...ADDRESS, [key]: 'x'.repeat(64_000) })).toStrictEqual([bad(`address.${key}`, 'too_long')]);
  });

  it.each(
    FIELDS.flatMap((key) =>
      [
        ['NUL', 'a\u0000b'],
        ['ESC', '\u001b[2J1'],
        ['CR/LF', '1\r\n2'],
        ['RLO U+202E', '1\u202e2'],
        ['LRO U+202D', '\u202d12'],
        ['RLI U+2067', '1\u2067'],
        ['FSI U+2068', '1\u2068'],
      ].map(([what, value]) => ({ key, what, value: value! })),
    ),
  )('$key with $what -> format', ({ key, value }) => {
    expect(validateAddress({ ...ADDRESS, [key]: value })).toStrictEqual([bad(`address.${key}`, 'format')]);
  });
});
