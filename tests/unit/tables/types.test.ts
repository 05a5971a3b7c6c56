import { describe, expect, it } from 'vitest';
import { validateTable, type AttributeType, type Cell } from '../../../src/server/tables/index.ts';
import { isBigInteger, parseJsonExact } from '../../../src/lib/big-integer.ts';
import { LIMITS } from './support.ts';

/** The exact digits of a big integer cell (fails the test on anything else). */
function digitsOf(cell: Cell | string): string {
  if (!isBigInteger(cell)) throw new Error(`not a big integer: ${JSON.stringify(cell)}`);
  return cell.rawJSON;
}

/** The type inferred for one column holding `values`, and the values as stored. */
function infer(values: unknown[]): { type: AttributeType | undefined; cells: Cell[] } {
  const r = validateTable({ attributes: ['c'], entries: values.map((v) => [v]) }, LIMITS);
  if (!r.table) throw new Error(JSON.stringify(r.errors));
  return { type: r.table.attributeTypes['c'], cells: r.table.rows.map((row) => row[0] ?? null) };
}

/** One value coerced to a declared type, or the error code. */
function as(type: AttributeType, value: unknown): Cell | string {
  const r = validateTable(
    { attributes: ['c'], attribute_types: { c: type }, entries: [[value]] },
    LIMITS,
  );
  return r.table ? (r.table.rows[0]?.[0] ?? null) : (r.errors[0]?.code ?? 'none');
}

describe('type inference: integer → number → boolean → date → datetime → string', () => {
  it.each([
    { values: [1, '2', ' -3 ', null, ''], type: 'integer', cells: [1, 2, -3, null, null] },
    { values: [1, '2.50', '-0.5e2', 3.25], type: 'number', cells: [1, 2.5, -50, 3.25] },
    { values: [true, 'FALSE', ' true '], type: 'boolean', cells: [true, false, true] },
    { values: ['2024-02-29', '1999-12-31'], type: 'date', cells: ['2024-02-29', '1999-12-31'] },
    {
      values: ['2024-01-02T03:04:05Z', '2024-01-02 03:04', '2024-01-02'],
      type: 'datetime',
      cells: ['2024-01-02T03:04:05Z', '2024-01-02T03:04:00', '2024-01-02T00:00:00'],
    },
    { values: ['北京', 1, true], type: 'string', cells: ['北京', '1', 'true'] },
  ])('$values → $type', ({ values, type, cells }) => {
    expect(infer(values)).toEqual({ type, cells });
  });

  it('keeps text that would lose something as a number: leading zeros, long digit runs', () => {
    expect(infer(['007', '12']).type).toBe('string');
    expect(infer(['12345678901234567890']).type).toBe('string');
    expect(infer(['+5']).type).toBe('string');
    expect(infer(['.5']).type).toBe('string');
  });

  it('infers 64-bit identifiers as integers, written back with every digit', () => {
    const { type, cells } = infer(['4123456789012345678', 9, parseJsonExact('-9007199254740993')]);
    expect(type).toBe('integer');
    expect(JSON.stringify(cells)).toBe('[4123456789012345678,9,-9007199254740993]');
    expect(infer(['9223372036854775808']).type).toBe('string');
  });

  it('does not read 1/0 or yes/no as booleans unless declared', () => {
    expect(infer(['1', '0']).type).toBe('integer');
    expect(infer(['yes', 'no']).type).toBe('string');
  });

  it('needs real calendar dates', () => {
    expect(infer(['2023-02-29']).type).toBe('string');
    expect(infer(['2024-13-01']).type).toBe('string');
    expect(infer(['2024-01-02T24:00:00']).type).toBe('string');
  });

  it('treats empty and missing values as missing in any type; a column of nothing is text', () => {
    expect(infer([null, '', '4'])).toEqual({ type: 'integer', cells: [null, null, 4] });
    expect(infer([null, ''])).toEqual({ type: 'string', cells: [null, null] });
  });

  it('keeps blank text in a text column but reads it as missing in other types', () => {
    expect(infer(['  ', 'a']).cells).toEqual(['  ', 'a']);
    expect(infer(['  ', '1']).cells).toEqual([null, 1]);
  });

  it('mixes date-only and date-time values as datetimes', () => {
    expect(infer(['2024-01-02', '2024-01-02T10:00:00'])).toEqual({
      type: 'datetime',
      cells: ['2024-01-02T00:00:00', '2024-01-02T10:00:00'],
    });
  });

  it('reads JSON numbers and booleans as their own types', () => {
    expect(infer([1.5, 2]).type).toBe('number');
    expect(infer([false]).type).toBe('boolean');
    expect(infer([1, true])).toEqual({ type: 'string', cells: ['1', 'true'] });
  });
});

describe('coercion to a declared type', () => {
  it('integer', () => {
    expect(as('integer', '007')).toBe(7);
    expect(as('integer', '+5')).toBe(5);
    expect(as('integer', -0)).toBe(0);
    expect(Object.is(as('integer', '-0'), 0)).toBe(true);
    expect(as('integer', '1.5')).toBe('INVALID_INTEGER');
    expect(as('integer', 2 ** 53)).toBe('INVALID_INTEGER');
    expect(as('integer', true)).toBe('INVALID_INTEGER');
  });

  it('integer over the full 64-bit range, exact past 2^53', () => {
    expect(digitsOf(as('integer', ' +0009007199254740993 '))).toBe('9007199254740993');
    expect(digitsOf(as('integer', '9223372036854775807'))).toBe('9223372036854775807');
    expect(digitsOf(as('integer', '-9223372036854775808'))).toBe('-9223372036854775808');
    expect(digitsOf(as('integer', parseJsonExact('9007199254740993')))).toBe('9007199254740993');
    expect(as('integer', '9223372036854775808')).toBe('INVALID_INTEGER');
    expect(as('integer', '-9223372036854775809')).toBe('INVALID_INTEGER');
    expect(as('integer', '9007199254740991')).toBe(9007199254740991);
  });

  it('a big integer kept as text or as an approximate number when so declared', () => {
    expect(as('string', parseJsonExact('9007199254740993'))).toBe('9007199254740993');
    expect(as('number', parseJsonExact('9007199254740993'))).toBe(9007199254740992);
  });

  it('number', () => {
    expect(as('number', '1e3')).toBe(1000);
    expect(as('number', '.5')).toBe(0.5);
    expect(as('number', ' 2.50 ')).toBe(2.5);
    expect(as('number', '1,5')).toBe('INVALID_NUMBER');
    expect(as('number', '1e400')).toBe('INVALID_NUMBER');
    expect(as('number', 'NaN')).toBe('INVALID_NUMBER');
  });

  it('boolean', () => {
    expect(['TRUE', 'yes', '1', 1, true].map((v) => as('boolean', v))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['False', 'NO', '0', 0, false].map((v) => as('boolean', v))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(as('boolean', 'maybe')).toBe('INVALID_BOOLEAN');
    expect(as('boolean', 2)).toBe('INVALID_BOOLEAN');
  });

  it('date', () => {
    expect(as('date', '2024/3/5')).toBe('2024-03-05');
    expect(as('date', '2024-3-5')).toBe('2024-03-05');
    expect(as('date', '2023-02-29')).toBe('INVALID_DATE');
    expect(as('date', '2024-01-02T00:00:00')).toBe('INVALID_DATE');
    expect(as('date', 20240102)).toBe('INVALID_DATE');
  });

  it('datetime: offsets become UTC, local times stay local, fractions keep their digits', () => {
    expect(as('datetime', '2024-01-01T08:30:00+08:00')).toBe('2024-01-01T00:30:00Z');
    expect(as('datetime', '2024-01-01 01:00-0230')).toBe('2024-01-01T03:30:00Z');
    expect(as('datetime', '2024-01-01T00:00:00.120z')).toBe('2024-01-01T00:00:00.12Z');
    expect(as('datetime', '2024-01-01T00:00:00+00:00')).toBe('2024-01-01T00:00:00Z');
    expect(as('datetime', '2024-03-01T01:00:00+02:00')).toBe('2024-02-29T23:00:00Z');
    expect(as('datetime', '2024-01-01T12:00:00.123456789')).toBe('2024-01-01T12:00:00.123456789');
    expect(as('datetime', '2024-01-01T12:60')).toBe('INVALID_DATETIME');
    expect(as('datetime', '2024-01-01T12:00+19:00')).toBe('INVALID_DATETIME');
    expect(as('datetime', 'yesterday')).toBe('INVALID_DATETIME');
  });

  it('string: numbers and booleans become their text, empty text is missing', () => {
    expect(as('string', 1.5)).toBe('1.5');
    expect(as('string', false)).toBe('false');
    expect(as('string', '')).toBe(null);
    expect(as('string', ' kept ')).toBe(' kept ');
  });

  it('a declared type wins over what inference would pick', () => {
    const r = validateTable(
      { attributes: ['zip'], attribute_types: { zip: 'string' }, entries: [['02139'], [10001]] },
      LIMITS,
    );
    expect(r.table?.rows).toEqual([['02139'], ['10001']]);
  });
});
