import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every dictionary key is used: its `area:key` is written out somewhere in src/, or it sits under
 * one of the prefixes below, which code completes with a variable (`t(\`area:prefix.${x}\`)`).
 * errors.json is checked apart (error-codes.test.ts): its keys are the error codes of
 * contracts/error-codes.ts and the browser's client, looked up by the code a failure carries.
 */
const DYNAMIC: Record<string, string> = {
  'common:locale.': 'the locale switcher names each locale of locales.ts',
  'datasets:sort.': 'the sort menus name each sort order of the contracts',
  'datasets:type.': 'every column type of src/server/tables/types.ts, in forms and the viewer',
  'datasets:table.separator.': 'the separators the upload form detects',
  'datasets:table.error.': "the browser's table-file problems carry their key",
  'datasets:validation.': "the validation report's column headings",
  'viewer:compare.': "a comparison's kinds of change (added, removed, …)",
  'viewer:error.': 'the error codes the viewer explains in its own words',
  'oauth:error.': 'the failure codes of a sign-in with another site',
  'datasets:tab.': "the dataset page's tabs, one for each of VIEW_TABS",
  'sql:chart.': "the SQL console's chart kinds (bar, line, scatter)",
  'discussions:state.': "a discussion thread's state (open, closed)",
  'proposals:state.': "a proposal's state (open, merged, closed)",
  'proposals:filter.': "the proposals tab's filters (each state, all)",
};

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return file.endsWith('i18n') ? [] : files(file);
    return /\.(ts|tsx|astro|mjs)$/.test(name) ? [file] : [];
  });
}

const code = files('src')
  .map((file) => readFileSync(file, 'utf8'))
  .join('\n');
const areas = readdirSync('src/i18n/zh-CN')
  .filter((name) => name.endsWith('.json') && name !== 'errors.json')
  .map((name) => name.slice(0, -'.json'.length));
const keysOf = (area: string) =>
  Object.keys(JSON.parse(readFileSync(`src/i18n/zh-CN/${area}.json`, 'utf8')) as object);

describe('dictionary keys', () => {
  it('are all used by the code, in full or under a dynamic prefix', () => {
    const unused = areas.flatMap((area) =>
      keysOf(area)
        .map((key) => `${area}:${key}`)
        .filter((key) => !code.includes(key))
        .filter((key) => !Object.keys(DYNAMIC).some((prefix) => key.startsWith(prefix))),
    );
    expect(unused).toEqual([]);
  });

  it.each(Object.keys(DYNAMIC))('%s is still completed by the code', (prefix) => {
    expect(code).toContain(`${prefix}\${`);
  });
});
