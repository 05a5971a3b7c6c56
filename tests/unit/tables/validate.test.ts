import { describe, expect, it } from 'vitest';
import { MAX_ERRORS, isLimitError, validateTable } from '../../../src/server/tables/index.ts';
import { LIMITS } from './support.ts';

const validate = (input: { attributes: unknown; attribute_types?: unknown; entries: unknown }) =>
  validateTable(input, LIMITS);
const codes = (r: ReturnType<typeof validate>) => r.errors.map((e) => e.code);

describe('validateTable: the header', () => {
  it('accepts a table and trims the column names', () => {
    const r = validate({ attributes: [' 城市 ', 'population'], entries: [['北京', 21893095]] });
    expect(r.is_valid).toBe(true);
    expect(r.errors).toEqual([]);
    expect(r.table?.attributes).toEqual(['城市', 'population']);
  });

  it('needs a list of at least one column', () => {
    expect(codes(validate({ attributes: 'a,b', entries: [] }))).toEqual(['ATTRIBUTES_NOT_LIST']);
    expect(codes(validate({ attributes: [], entries: [] }))).toEqual(['NO_ATTRIBUTES']);
  });

  it('names every bad column name by position', () => {
    const r = validate({
      attributes: ['ok', 42, '  ', 'x'.repeat(129), 'line\nbreak', 'OK'],
      entries: [],
    });
    expect(r.is_valid).toBe(false);
    expect(r.table).toBeUndefined();
    expect(r.errors).toEqual([
      {
        row: null,
        column: null,
        code: 'ATTRIBUTE_NOT_TEXT',
        message: 'Column 2: the name must be text',
      },
      { row: null, column: null, code: 'ATTRIBUTE_EMPTY', message: 'Column 3 has no name' },
      {
        row: null,
        column: 'x'.repeat(129),
        code: 'ATTRIBUTE_TOO_LONG',
        message: 'Column 4: the name is longer than 128 characters',
      },
      {
        row: null,
        column: 'line\nbreak',
        code: 'ATTRIBUTE_INVALID_CHARACTER',
        message: 'Column 5: the name contains a line break or control character',
      },
      {
        row: null,
        column: 'OK',
        code: 'ATTRIBUTE_DUPLICATE',
        message: 'Column 6: the name "OK" repeats column 1',
      },
    ]);
  });

  it('finds no name in one of only invisible characters, and keeps them inside a name', () => {
    const r = validate({
      attributes: [
        '\u200b',
        ' \ufeff ',
        '\u00ad',
        '\ufe0f\u2060',
        'a\u200bb',
        '👨\u200d👩\u200d👧',
      ],
      entries: [],
    });
    expect(r.errors).toEqual(
      [1, 2, 3, 4].map((n) => ({
        row: null,
        column: null,
        code: 'ATTRIBUTE_EMPTY',
        message: `Column ${n} has no name`,
      })),
    );
    const kept = validate({ attributes: ['a\u200bb', '👨\u200d👩\u200d👧'], entries: [] });
    expect(kept.table?.attributes).toEqual(['a\u200bb', '👨\u200d👩\u200d👧']);
  });

  it('counts the length of a name in characters, not bytes', () => {
    expect(validate({ attributes: ['名'.repeat(128)], entries: [] }).is_valid).toBe(true);
  });

  it('treats names differing only in case or surrounding spaces as duplicates', () => {
    expect(codes(validate({ attributes: ['Name', 'name '], entries: [] }))).toEqual([
      'ATTRIBUTE_DUPLICATE',
    ]);
  });

  it('checks declared types', () => {
    const r = validate({
      attributes: ['a', 'b'],
      attribute_types: { a: 'float', c: 'integer', b: 'integer' },
      entries: [],
    });
    expect(r.errors).toEqual([
      {
        row: null,
        column: 'a',
        code: 'ATTRIBUTE_TYPE_INVALID',
        message:
          'Column "a": the type must be one of integer, number, boolean, date, datetime, string',
      },
      {
        row: null,
        column: 'c',
        code: 'ATTRIBUTE_TYPE_UNKNOWN_COLUMN',
        message: 'A type is given for "c", which is not a column',
      },
    ]);
    expect(
      codes(validate({ attributes: ['a'], attribute_types: ['integer'], entries: [] })),
    ).toEqual(['ATTRIBUTE_TYPES_NOT_OBJECT']);
  });

  it('checks rows only once the header is sound', () => {
    expect(codes(validate({ attributes: ['a', 'a'], entries: [[1]] }))).toEqual([
      'ATTRIBUTE_DUPLICATE',
    ]);
  });
});

describe('validateTable: entries', () => {
  it('takes rows as lists in column order or as objects keyed by column', () => {
    const r = validate({
      attributes: ['name', 'age'],
      entries: [['Ann', 30], { age: 41, name: 'Bo' }, { name: 'Cy' }, { ' age ': '7' }],
    });
    expect(r.table?.rows).toEqual([
      ['Ann', 30],
      ['Bo', 41],
      ['Cy', null],
      [null, 7],
    ]);
  });

  it('needs entries to be a list', () => {
    expect(validate({ attributes: ['a'], entries: { a: 1 } }).errors).toEqual([
      {
        row: null,
        column: null,
        code: 'ENTRIES_NOT_LIST',
        message: 'Entries must be a list of rows',
      },
    ]);
  });

  it('accepts a table without rows', () => {
    const r = validate({ attributes: ['a'], entries: [] });
    expect(r.is_valid).toBe(true);
    expect(r.table).toEqual({ attributes: ['a'], attributeTypes: { a: 'string' }, rows: [] });
  });

  it('names the row (1-based) and the column of every error, in row order', () => {
    const r = validate({
      attributes: ['n', 'note'],
      attribute_types: { n: 'integer' },
      entries: [
        [1, 'fine'],
        ['x', { nested: true }],
        [1],
        'n=1',
        { n: 2, extra: 'no' },
        [2.5, 'late'],
      ],
    });
    expect(r.errors).toEqual([
      {
        row: 2,
        column: 'note',
        code: 'INVALID_VALUE',
        message: 'Row 2, column "note": a value must be text, a number, true/false or empty',
      },
      {
        row: 2,
        column: 'n',
        code: 'INVALID_INTEGER',
        message: 'Row 2, column "n": "x" is not an integer',
      },
      {
        row: 3,
        column: null,
        code: 'ROW_LENGTH_MISMATCH',
        message: 'Row 3 has 1 value; the table has 2 columns',
      },
      {
        row: 4,
        column: null,
        code: 'ROW_INVALID',
        message: 'Row 4 must be a list of values or an object keyed by column name',
      },
      {
        row: 5,
        column: 'extra',
        code: 'UNKNOWN_COLUMN',
        message: 'Row 5: "extra" is not a column',
      },
      {
        row: 6,
        column: 'n',
        code: 'INVALID_INTEGER',
        message: 'Row 6, column "n": 2.5 is not an integer',
      },
    ]);
  });

  it('rejects numbers that are not finite', () => {
    const r = validate({ attributes: ['x'], entries: [[Number.NaN], [Infinity]] });
    expect(r.errors.map((e) => [e.row, e.code])).toEqual([
      [1, 'INVALID_VALUE'],
      [2, 'INVALID_VALUE'],
    ]);
  });

  it(`lists at most ${MAX_ERRORS} errors and says how many more there are`, () => {
    const entries = Array.from({ length: 250 }, () => ['nope']);
    const r = validate({ attributes: ['n'], attribute_types: { n: 'number' }, entries });
    expect(LIMITS.maxRows).toBeGreaterThan(250);
    expect(r.errors).toHaveLength(MAX_ERRORS + 1);
    expect(r.errors[MAX_ERRORS - 1]?.row).toBe(MAX_ERRORS);
    expect(r.errors.at(-1)).toEqual({
      row: null,
      column: null,
      code: 'TOO_MANY_ERRORS',
      message: '150 more errors not shown',
    });
  });
});

describe('validateTable: limits', () => {
  it('refuses more columns than MAX_COLUMNS', () => {
    const r = validateTable(
      { attributes: ['a', 'b', 'c'], entries: [] },
      { maxColumns: 2, maxRows: 10 },
    );
    expect(r.errors).toEqual([
      {
        row: null,
        column: null,
        code: 'TOO_MANY_COLUMNS',
        message: 'The table has 3 columns; at most 2 are allowed',
      },
    ]);
    expect(isLimitError(r.errors)).toBe(true);
  });

  it('refuses more rows than MAX_ROWS', () => {
    const ok = validateTable(
      { attributes: ['a'], entries: [[1], [2]] },
      { maxColumns: 2, maxRows: 2 },
    );
    expect(ok.is_valid).toBe(true);
    const r = validateTable(
      { attributes: ['a'], entries: [[1], [2], [3]] },
      { maxColumns: 2, maxRows: 2 },
    );
    expect(r.errors).toEqual([
      {
        row: null,
        column: null,
        code: 'TOO_MANY_ROWS',
        message: 'The table has 3 rows; at most 2 are allowed',
      },
    ]);
    expect(isLimitError(r.errors)).toBe(true);
  });

  it('does not call a malformed table a limit breach', () => {
    expect(isLimitError(validate({ attributes: [], entries: [] }).errors)).toBe(false);
  });
});
