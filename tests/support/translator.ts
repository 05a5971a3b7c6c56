import { readFileSync } from 'node:fs';
import type { Locale } from '../../src/i18n/locales.ts';

/**
 * The page strings of a locale for browser tests, read from the dictionaries ('area:key',
 * {{var}} filled in); an unknown key fails the test.
 */
export function translator(locale: Locale) {
  const areas = new Map<string, Record<string, string>>();
  return (key: string, vars: Record<string, string | number> = {}) => {
    const [area = '', name = ''] = key.split(':');
    if (!areas.has(area)) {
      const file = new URL(`../../src/i18n/${locale}/${area}.json`, import.meta.url);
      areas.set(area, JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
    }
    const text = areas.get(area)?.[name];
    if (text === undefined) throw new Error(`No string ${key} in ${locale}`);
    return text.replace(/\{\{(\w+)\}\}/g, (_, v: string) => String(vars[v] ?? ''));
  };
}
