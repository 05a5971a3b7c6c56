import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LATE_AREAS } from '../../src/i18n/areas.ts';
import { getT, type MessageKey } from '../../src/i18n/index.ts';

const ROOT = path.resolve('src/i18n');
const namespaces = readdirSync(path.join(ROOT, 'zh-CN')).filter((f) => f.endsWith('.json'));
const keys = (locale: string, file: string) =>
  Object.keys(JSON.parse(readFileSync(path.join(ROOT, locale, file), 'utf8')) as object).sort();

describe('the two dictionaries', () => {
  it('have the same namespaces', () => {
    const en = readdirSync(path.join(ROOT, 'en-US')).filter((f) => f.endsWith('.json'));
    expect(en.sort()).toEqual([...namespaces].sort());
  });

  it.each(namespaces)('%s has the same keys in zh-CN and en-US', (file) => {
    expect(keys('en-US', file)).toEqual(keys('zh-CN', file));
  });
});

describe('the late areas (src/i18n/areas.ts)', () => {
  it('each have a file pattern in the browser loader', () => {
    const loader = readFileSync(path.join(ROOT, 'index.ts'), 'utf8');
    const patterns = [...loader.matchAll(/'\.\/\*\/([\w-]+)\.json'/g)].map((m) => m[1]);
    expect(patterns.sort()).toEqual([...LATE_AREAS].sort());
  });

  it('are not in the first-load chunk, and every other area is in all.ts', () => {
    const firstLoad = readFileSync(path.join(ROOT, 'zh-CN/index.ts'), 'utf8');
    for (const area of LATE_AREAS) expect(firstLoad).not.toContain(`./${area}.json`);
  });
});

describe('t', () => {
  const t = getT('en-US');

  it('fills every variable of a text, each time with the values given', () => {
    const vars = { version: 2, first: '1', last: '50', total: '1,000' };
    expect(t('viewer:caption', vars)).toBe('Version 2: rows 1–50 of 1,000');
    expect(t('viewer:caption', { ...vars, version: 3 })).toBe('Version 3: rows 1–50 of 1,000');
    expect(t('viewer:summary.range', { min: 0, max: 99 })).toBe('0 – 99');
  });

  it('inserts text values as they are and keeps a variable that was not given', () => {
    expect(t('viewer:sortBy', { column: '{{column}} $& $1' })).toBe('Sort by {{column}} $& $1');
    expect(t('viewer:summary.range', { min: 0 })).toBe('0 – {{max}}');
    expect(t('viewer:captionEmpty')).toBe('Version {{version}}: no rows');
  });

  it('answers the key of a text it does not have', () => {
    expect(t('viewer:nothing.here' as MessageKey, { a: 1 })).toBe('viewer:nothing.here');
  });
});

describe.each(['zh-CN', 'en-US'] as const)('t in %s', (locale) => {
  const t = getT(locale);

  it('writes a number as the locale groups it: a limit, a count, a wait', () => {
    expect(t('datasets:rules.readmeTooLong', { max: 65536 })).toContain(' 65,536 ');
    expect(t('viewer:compare.rowsAdded', { count: 1234567 })).toContain('1,234,567 ');
    expect(t('errors:TOO_MANY_REQUESTS', { seconds: 3600 })).toContain(' 3,600 ');
  });

  it('writes a number given as text as it is: a version, an HTTP status', () => {
    expect(t('datasets:versions.version', { version: '1024' })).toMatch(/ 1024$/);
    expect(t('errors:HTTP_ERROR', { status: '503' })).toContain('503');
  });
});

describe('a list of names in a text', () => {
  it('is written as each locale lists names: 、 in Chinese, a comma in English', () => {
    const names = ['城市', 'population', 'a, b'];
    expect(getT('zh-CN')('viewer:compare.columnsAdded', { names })).toBe(
      '新增列：城市、population、a, b',
    );
    expect(getT('en-US')('viewer:compare.columnsAdded', { names })).toMatch(
      /: 城市, population, a, b$/,
    );
  });
});
