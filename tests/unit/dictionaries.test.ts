import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

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
