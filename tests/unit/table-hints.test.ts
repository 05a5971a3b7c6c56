import { describe, expect, it } from 'vitest';
import { parseCsvText } from '../../src/lib/tables/draft.ts';
import { otherSeparator } from '../../src/lib/tables/separator.ts';
import { textReasons } from '../../src/lib/tables/text-columns.ts';
import { sameShape, versionChanges } from '../../src/lib/tables/version-changes.ts';
import { inferTypes } from '../../src/lib/tables/type-inference.ts';

const csv = (text: string, delimiter: ',' | '\t' = ',') => {
  const { attributes, rows } = parseCsvText(text, delimiter);
  return otherSeparator(attributes, rows, delimiter);
};

describe('a table file written with another separator', () => {
  it('is named when a .csv file is semicolon- or tab-separated', () => {
    expect(csv('名称;数量\n苹果;3\n香蕉;5\n')).toBe(';');
    expect(csv('a\tb\n1\t2\n')).toBe('\t');
    expect(csv('a;b\n')).toBe(';');
  });

  it('and a .tsv file that is comma-separated', () => {
    expect(csv('a,b\n1,2\n', '\t')).toBe(',');
  });

  it('is not named for a sound file, nor for one column that holds a semicolon now and then', () => {
    expect(csv('a,b\n1,2\n')).toBeNull();
    expect(csv('note\nhello\nfine; thanks\nbye\n')).toBeNull();
    expect(csv('note;x\nhello\nbye\n')).toBeNull();
  });
});

describe('why a column of numbers is read as text', () => {
  const reasons = (attributes: string[], entries: string[][]) =>
    textReasons(attributes, inferTypes(attributes.length, entries), entries);

  it('names the first value that is not a number, and says when it marks a missing value', () => {
    const entries = Array.from({ length: 3000 }, (_, i) => [`r${i}`, String(i)]);
    entries[2999]![1] = 'N/A';
    expect(reasons(['name', 'n'], entries)).toEqual([
      { column: 'n', row: 3000, value: 'N/A', count: 1, marker: true },
    ]);
  });

  it('names a value that is no marker too, and not a column of words', () => {
    const entries = [
      ['1', 'a'],
      ['2', 'b'],
      ['3', 'c'],
      ['3 kg', 'd'],
      ['', 'e'],
    ];
    expect(reasons(['n', 'word'], entries)).toEqual([
      { column: 'n', row: 4, value: '3 kg', count: 1, marker: false },
    ]);
  });
});

describe('what a new version changes', () => {
  it('names rows, columns added and removed, and types changed', () => {
    const before = {
      attributes: ['城市', 'n', 'old'],
      types: { 城市: 'string', n: 'integer', old: 'date' },
      rows: 3,
    };
    const after = {
      attributes: ['城市', 'n', 'new'],
      types: ['string', 'number', 'boolean'],
      rows: 5,
    };
    const changes = versionChanges(before, after);
    expect(changes).toEqual({
      rows: { before: 3, after: 5 },
      added: ['new'],
      removed: ['old'],
      retyped: [{ column: 'n', from: 'integer', to: 'number' }],
    });
    expect(sameShape(changes)).toBe(false);
    expect(
      sameShape(versionChanges(before, { ...before, types: ['string', 'integer', 'date'] })),
    ).toBe(true);
  });
});
