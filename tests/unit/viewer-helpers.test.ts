import { describe, expect, it } from 'vitest';
import {
  columnSummary,
  compareKinds,
  headerDescriptions,
  changedOnly,
  comparedCells,
  histogramBars,
  lastPageOffset,
  nextSort,
  openingKind,
  pageWindow,
  rowNumberAt,
  shownCell,
  shownText,
  wasCut,
} from '../../src/lib/tables/viewer.ts';
import { clipped } from '../../src/contracts/cut-text.ts';

describe('row numbers', () => {
  it('are the page’s own (sorted or filtered), else counted from the offset', () => {
    expect(rowNumberAt([7, 2], 0, 1)).toBe(2);
    expect(rowNumberAt(undefined, 50, 0)).toBe(51);
    expect(rowNumberAt(undefined, 0, 2)).toBe(3);
  });
});

describe('long text', () => {
  it('is cut to its first characters and …, never inside a surrogate pair', () => {
    expect(clipped('abcdef', 6)).toBe('abcdef');
    expect(clipped('abcdefg', 6)).toBe('abcde…');
    expect(clipped('😀😀😀', 3)).toBe('😀😀😀');
    expect(clipped('😀😀😀😀', 3)).toBe('😀😀…');
    expect(clipped('a😀b', 2)).toBe('a…');
    expect(clipped('', 1)).toBe('');
    expect(clipped('abcdef', 1)).toBe('…');
    expect(clipped('a', 1)).toBe('a');
  });

  it('is shown in a cell up to 1,000 characters; other values as they are', () => {
    expect(shownText('长'.repeat(1_000))).toBe('长'.repeat(1_000));
    expect(shownText('长'.repeat(1_001))).toBe(`${'长'.repeat(999)}…`);
    expect(shownCell('x'.repeat(5_000))).toBe(`${'x'.repeat(999)}…`);
    expect(shownCell(12.5)).toBe(12.5);
    expect(shownCell(null)).toBeNull();
  });

  it('tells a cell the page cut from one it did not, so the row view fetches the whole row', () => {
    expect(wasCut(shownCell('x'.repeat(5_000)))).toBe(true);
    expect(wasCut(shownCell('😀'.repeat(1_001)))).toBe(true);
    expect(wasCut(shownCell('x'.repeat(1_000)))).toBe(false);
    expect(wasCut(`${'x'.repeat(998)}…`)).toBe(false);
    expect(wasCut('x'.repeat(5_000))).toBe(false);
    expect(wasCut('…')).toBe(false);
    expect(wasCut(12.5)).toBe(false);
    expect(wasCut(null)).toBe(false);
  });

  it('writes an exact number with its digits, as parsed or as copied into island props', () => {
    const digits = '12345678901234567890';
    expect(shownText(JSON.rawJSON!(digits))).toBe(digits);
    expect(shownText({ rawJSON: digits })).toBe(digits);
    expect([shownText(null), shownText(true), shownText(1e-7), shownText('a')]).toEqual([
      '',
      'true',
      '1e-7',
      'a',
    ]);
  });
});

describe('viewer helpers', () => {
  it('numbers the rows shown and the pages', () => {
    expect(pageWindow(0, 50, 120, 50)).toEqual({ first: 1, last: 50, pages: 3, page: 1 });
    expect(pageWindow(100, 20, 120, 50)).toEqual({ first: 101, last: 120, pages: 3, page: 3 });
    expect(pageWindow(0, 0, 0, 50)).toEqual({ first: 0, last: 0, pages: 0, page: 0 });
    expect(lastPageOffset(120, 50)).toBe(100);
    expect(lastPageOffset(100, 50)).toBe(50);
    expect(lastPageOffset(0, 50)).toBe(0);
  });

  it('cycles a header through ascending, descending and no sort', () => {
    const a = nextSort({ order: 'asc' }, 'x');
    expect(a).toEqual({ sort: 'x', order: 'asc' });
    const b = nextSort(a, 'x');
    expect(b).toEqual({ sort: 'x', order: 'desc' });
    expect(nextSort(b, 'x')).toEqual({ sort: undefined, order: 'asc' });
    expect(nextSort(b, 'y')).toEqual({ sort: 'y', order: 'asc' });
  });

  it('summarises a column by its range or its most frequent value', () => {
    const base = { name: 'c', type: 'integer', count: 3, nulls: 1, distinct: 3 };
    expect(columnSummary({ ...base, min: 1, max: 9 })).toEqual({
      kind: 'range',
      nulls: 1,
      min: '1',
      max: '9',
    });
    expect(
      columnSummary({
        ...base,
        type: 'string',
        min: 'a',
        max: 'b',
        top: [{ value: '一个很长很长很长很长很长很长很长很长很长很长的名字', count: 2 }],
      }),
    ).toMatchObject({
      kind: 'top',
      count: 2,
      value: '一个很长很长很长很长很长很长很长很长很长很长的…',
    });
    expect(columnSummary({ ...base, count: 0, min: null, max: null })).toEqual({
      kind: 'empty',
      nulls: 1,
    });
  });

  it('says how often each value comes when every value comes as often', () => {
    const cities = ['北京', '上海', '广州'].map((value) => ({ value, count: 25 }));
    const base = { name: 'city', type: 'string', count: 75, nulls: 2, distinct: 3, min: '上海' };
    expect(columnSummary({ ...base, max: '北京', top: cities })).toEqual({
      kind: 'even',
      nulls: 2,
      count: 3,
      each: 25,
    });
    // One value more often than the others, or more values than the list holds: the most frequent.
    const uneven = [{ value: '北京', count: 26 }, ...cities.slice(1)];
    expect(columnSummary({ ...base, max: '北京', top: uneven })).toMatchObject({ kind: 'top' });
    expect(columnSummary({ ...base, distinct: 12, max: '北京', top: cities })).toMatchObject({
      kind: 'top',
      value: '北京',
    });
  });

  it('scales histogram bars to the tallest bin', () => {
    const bars = histogramBars([0, 5, 10], 30, 20);
    expect(bars.map((b) => b.height)).toEqual([0, 10, 20]);
    expect(bars.map((b) => b.y)).toEqual([20, 10, 0]);
    expect(bars[1]!.x).toBe(10);
  });
});

describe('summary of a text column without repeats', () => {
  it('counts its distinct values instead of naming one', () => {
    expect(
      columnSummary({
        name: 'code',
        type: 'string',
        count: 3,
        nulls: 0,
        distinct: 3,
        min: 'a',
        max: 'c',
        top: [{ value: 'a', count: 1 }],
      }),
    ).toEqual({ kind: 'distinct', nulls: 0, count: 3 });
  });
});

describe('compared rows', () => {
  it('offers changed rows only when compared by a key', () => {
    expect(compareKinds({ changed: null })).toEqual(['added', 'removed']);
    expect(compareKinds({ changed: 0 })).toEqual(['added', 'removed', 'changed']);
  });

  it('opens on the first kind that has rows', () => {
    expect(openingKind({ added: 0, removed: 3, changed: 1 })).toBe('removed');
    expect(openingKind({ added: 0, removed: 0, changed: 2 })).toBe('changed');
    expect(openingKind({ added: 0, removed: 0, changed: null })).toBe('added');
    expect(openingKind({ added: 5, removed: 1, changed: null })).toBe('added');
  });

  it('shows the old cells of removed rows and the new cells of the others', () => {
    const rows = [
      { from: ['a', 1], to: ['a', 2] },
      { from: null, to: ['b', 3] },
      { from: ['c', 4], to: null },
    ];
    expect(comparedCells(rows, 'removed')).toEqual([['a', 1], [], ['c', 4]]);
    expect(comparedCells(rows, 'changed')).toEqual([['a', 2], ['b', 3], []]);
  });

  it("narrows changed rows to the key's column and the columns some row changed in", () => {
    const columns = ['city', 'name', 'loans', 'area', 'rate'].map((name) => ({
      name,
      type: 'string',
    }));
    const big = 7.5;
    const page = {
      columns,
      rows: [
        { from: ['x', '北京', 1, 5, big], to: ['x', '北京', 2, 5, big] },
        {
          from: ['y', '上海', 3, 6, big],
          to: ['y', '上海', 3, 6, 8.5],
        },
      ],
    };
    const narrowed = changedOnly(page, ['name']);
    expect(narrowed.columns.map((c) => c.name)).toEqual(['name', 'loans', 'rate']);
    expect(narrowed.rows[0]).toEqual({ from: ['北京', 1, big], to: ['北京', 2, big] });
    // A key of several columns keeps each of them.
    expect(changedOnly(page, ['name', 'city']).columns.map((c) => c.name)).toEqual([
      'city',
      'name',
      'loans',
      'rate',
    ]);
    // No row on the page: no column changed, and without a key nothing is left.
    expect(changedOnly({ columns: columns.slice(2, 3), rows: [] }, null).columns).toEqual([]);
  });
});

describe('headerDescriptions', () => {
  it('gives the columns some version has, each on one line of at most 160 characters', () => {
    const descriptions = JSON.parse(
      `{"city": "Name\\n of the city", "gone": "No version has it", "__proto__": "${'x'.repeat(200)}"}`,
    ) as Record<string, string>;
    const pairs = headerDescriptions(descriptions, [
      { attributes: ['city', '__proto__'] },
      { attributes: ['city'] },
    ]);
    expect(pairs).toEqual([
      ['city', 'Name of the city'],
      ['__proto__', `${'x'.repeat(160)}…`],
    ]);
  });
});
