import { describe, expect, it } from 'vitest';
import { ERROR_CODES, TABLE_PROBLEM_CODES } from '../../src/contracts/error-codes.ts';
import zhCN from '../../src/i18n/zh-CN/all.ts';
import enUS from '../../src/i18n/en-US/all.ts';
import { CLIENT_ERROR_CODES } from '../../src/lib/api/errors.ts';
import { ATTRIBUTE_TYPES } from '../../src/lib/tables/infer.ts';

const LISTS = { ERROR_CODES, TABLE_PROBLEM_CODES, CLIENT_ERROR_CODES };
/** Every code a failure can carry: the API's, a table problem's, the browser's own. */
const ALL_CODES = new Set<string>(Object.values(LISTS).flat());
const DICTIONARIES = { 'zh-CN': zhCN.errors, 'en-US': enUS.errors };

describe('error codes', () => {
  it.each(Object.entries(LISTS))('%s is sorted, one code each', (_name, codes) => {
    expect([...codes].sort()).toEqual([...new Set(codes)]);
    for (const code of codes) expect(code).toMatch(/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/);
  });

  it.each(Object.entries(DICTIONARIES))('have a %s text each', (_locale, texts) => {
    const missing = [...ALL_CODES].filter((code) => !(code in texts));
    expect(missing).toEqual([]);
  });

  it.each(Object.entries(DICTIONARIES))('are the only keys of %s errors.json', (_locale, texts) => {
    const unknown = Object.keys(texts).filter((key) => !ALL_CODES.has(key));
    expect(unknown).toEqual([]);
  });

  it("name a cell that does not read as its column's type after the type", () => {
    const cellCodes = ATTRIBUTE_TYPES.map((type) => `INVALID_${type.toUpperCase()}`);
    expect(TABLE_PROBLEM_CODES).toEqual(expect.arrayContaining(cellCodes));
  });
});
