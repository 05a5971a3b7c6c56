import { describe, expect, it } from 'vitest';
import { groupProblems, listedProblems, type Problem } from '../../src/lib/tables/problems.ts';

describe('table problems, grouped for people', () => {
  it('gives one line per column and kind, with the count and the first five rows', () => {
    const problems: Problem[] = [
      ...[9, 2, 7, 4, 12, 3, 30].map((row): Problem => ({
        row,
        column: '人口',
        code: 'INVALID_INTEGER',
        message: `Row ${row}, column "人口": not an integer`,
      })),
      { row: 5, column: '城市', code: 'INVALID_INTEGER', message: 'x' },
      { row: 2, column: '人口', code: 'INVALID_VALUE', message: 'y' },
      { row: null, column: null, code: 'TOO_MANY_ROWS', message: 'z' },
    ];
    expect(groupProblems(problems)).toEqual([
      {
        column: '人口',
        code: 'INVALID_INTEGER',
        message: 'Row 9, column "人口": not an integer',
        count: 7,
        rows: [2, 3, 4, 7, 9],
      },
      { column: '城市', code: 'INVALID_INTEGER', message: 'x', count: 1, rows: [5] },
      { column: '人口', code: 'INVALID_VALUE', message: 'y', count: 1, rows: [2] },
      { column: null, code: 'TOO_MANY_ROWS', message: 'z', count: 1, rows: [] },
    ]);
  });
});

describe('a check that stopped listing problems', () => {
  it('keeps its "more not listed" note apart from the problems it counts', () => {
    const listed: Problem[] = [{ row: 1, column: 'a', code: 'INVALID_INTEGER', message: 'x' }];
    const more: Problem = {
      row: null,
      column: null,
      code: 'TOO_MANY_ERRORS',
      message: '30 more errors',
    };
    expect(listedProblems([...listed, more])).toEqual({ problems: listed, capped: true });
    expect(listedProblems(listed)).toEqual({ problems: listed, capped: false });
  });
});
