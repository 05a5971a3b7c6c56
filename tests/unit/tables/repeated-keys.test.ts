import { describe, expect, it } from 'vitest';
import { readTableFile } from '../../../src/lib/tables/draft.ts';
import { repeatedKey } from '../../../src/lib/tables/repeated-keys.ts';

const keysOf = (line: string) => Object.keys(JSON.parse(line) as object).length;
const repeated = (line: string) => repeatedKey(line, keysOf(line));

describe('a key given twice on one JSON line', () => {
  it('is found, however it is spaced or escaped', () => {
    expect(repeated('{"a":1,"a":2}')).toBe('a');
    expect(repeated('{ "城市" : "北京", "n": 1, "城市" :"上海" }')).toBe('城市');
    expect(repeated('{"\\u0061":1,"a":2}')).toBe('a');
  });

  it('is not seen in text, in nested values or in distinct keys', () => {
    expect(repeated('{"a":"\\"a\\": 1","b":2}')).toBeNull();
    expect(repeated('{"a":{"x":1},"b":{"x":2}}')).toBeNull();
    expect(repeated('{"a":1,"A":2," a":3}')).toBeNull();
  });

  it('stops the upload form with the row and the key', async () => {
    const file = new File(['{"a":1}\n{"a":2,"a":3}\n'], 't.jsonl');
    await expect(readTableFile(file)).rejects.toMatchObject({
      key: 'jsonRepeatedKey',
      row: 2,
      message: 'a',
    });
  });
});
