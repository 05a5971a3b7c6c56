import { describe, expect, it } from 'vitest';
import { isBigInteger } from '../../../src/lib/big-integer.ts';
import { parseTableJson } from '../../../src/lib/tables/exact-json.ts';

/** What a value is after parsing: a plain number, or the text it was kept as. */
const kept = (value: unknown) => (isBigInteger(value) ? { raw: value.rawJSON } : value);

describe('parseTableJson', () => {
  it('keeps numbers a double would change as their exact text', () => {
    const text =
      '[123456789012345678.5, 9007199254740993, 3.14159265358979323846, 1e-400, 1e400, 2.0, 1e3, -0.0]';
    expect((parseTableJson(text) as unknown[]).map(kept)).toEqual([
      { raw: '123456789012345678.5' },
      { raw: '9007199254740993' },
      { raw: '3.14159265358979323846' },
      { raw: '1e-400' },
      { raw: '1e400' },
      { raw: '2.0' },
      { raw: '1e3' },
      { raw: '-0.0' },
    ]);
  });

  it('reads every other number as a plain number, strings untouched', () => {
    const text =
      '{"a":[1.5, -2, 0.30000000000000004, 9007199254740991, 1.2100000000000002],"s":"123456789012345678.5 1.0 1e3"}';
    expect(parseTableJson(text)).toEqual({
      a: [1.5, -2, 0.30000000000000004, 9007199254740991, 1.1 * 1.1],
      s: '123456789012345678.5 1.0 1e3',
    });
  });

  it('tells strings from numbers past escaped quotes and backslashes', () => {
    const value = parseTableJson(String.raw`{"s":"a\"1.0\\","n":2.0,"t":"\\","m":1.5}`);
    expect(Object.entries(value as object).map(([k, v]) => [k, kept(v)])).toEqual([
      ['s', 'a"1.0\\'],
      ['n', { raw: '2.0' }],
      ['t', '\\'],
      ['m', 1.5],
    ]);
  });

  it('throws on text that is not JSON', () => {
    expect(() => parseTableJson('[1.0,')).toThrow(SyntaxError);
  });
});
