import { describe, expect, it } from 'vitest';
import { columnDescriptionsSchema } from '../../src/contracts/column-descriptions.ts';
import { COLUMN_DESCRIPTION_MAX, MAX_ATTRIBUTE_LENGTH } from '../../src/contracts/limits.ts';
import { columnDescription, columnNameProblem } from '../../src/lib/tables/column-names.ts';

const parse = (value: unknown) => columnDescriptionsSchema.safeParse(value);
const messages = (value: unknown) => parse(value).error?.issues.map((i) => i.message) ?? [];

describe('the column descriptions rule', () => {
  it('trims names and descriptions and keeps one showing nothing as a removal', () => {
    expect(
      parse({ ' city ': ' Name of the city\n', year: '\u200B\u2800 ', 人口: '常住' }).data,
    ).toEqual({
      city: 'Name of the city',
      year: '',
      人口: '常住',
    });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(parse({ a: '𝄞'.repeat(COLUMN_DESCRIPTION_MAX) }).success).toBe(true);
    expect(messages({ a: 'x'.repeat(COLUMN_DESCRIPTION_MAX + 1) })).toEqual([
      `The description of "a" must be at most ${COLUMN_DESCRIPTION_MAX} characters`,
    ]);
  });

  it('takes column names as the table rules allow them', () => {
    expect(parse({ ['名'.repeat(MAX_ATTRIBUTE_LENGTH)]: 'ok' }).success).toBe(true);
    expect(messages({ ['名'.repeat(MAX_ATTRIBUTE_LENGTH + 1)]: 'x' })[0]).toContain(
      `longer than ${MAX_ATTRIBUTE_LENGTH} characters`,
    );
    expect(messages({ ' \uFEFF ': 'x' })[0]).toContain('has no name');
    expect(messages({ 'a\tb': 'x' })[0]).toContain('control character');
    expect(messages({ a: 'x', 'a ': 'y' })).toEqual([
      'Two descriptions are given for the column "a"',
    ]);
    expect(['', ' ', 'a\u0000', 'ok'].map(columnNameProblem)).toEqual([
      'empty',
      'empty',
      'control',
      null,
    ]);
  });

  it('refuses anything but an object from name to text', () => {
    const wrong = 'Column descriptions must be an object from column name to text';
    for (const value of [null, 'a', ['a'], { a: 1 }, { a: null }])
      expect(messages(value)).toEqual([wrong]);
  });

  it('keeps __proto__ as a column name, and finds only own entries', () => {
    const given = parse(JSON.parse('{"__proto__": "odd", "b": "plain"}')).data ?? {};
    expect(Object.keys(given)).toEqual(['__proto__', 'b']);
    expect(columnDescription(given, '__proto__')).toBe('odd');
    expect(columnDescription({ b: 'plain' }, '__proto__')).toBeUndefined();
    expect(columnDescription({ b: 'plain' }, 'toString')).toBeUndefined();
  });
});
