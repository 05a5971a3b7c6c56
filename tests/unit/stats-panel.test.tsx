import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import type { VersionStats } from '../../src/contracts/tables.ts';
import { getT } from '../../src/i18n/index.ts';
import StatsPanel from '../../src/islands/datasets/viewer/StatsPanel.tsx';
import { parseJsonExact } from '../../src/lib/big-integer.ts';
import { numberFormat } from '../../src/lib/intl.ts';

it('a histogram of integers past 2^53 shows its edges with every digit', () => {
  // As the API client reads it: the edges past 2^53 are big integers.
  const stats = parseJsonExact(`{"version":1,"rows":2,"columns":[{"name":"id","type":"integer",
    "count":2,"nulls":0,"distinct":2,"min":1152921504606846979,"max":1152921504607846979,
    "mean":1152921504607346979,"stddev":707106.78,"histogram":[
    {"from":1152921504606846979,"to":1152921504607346979,"count":1},
    {"from":1152921504607346979,"to":1152921504607846979,"count":1}]}]}`) as VersionStats;
  const locale = 'en-US';
  const html = renderToStaticMarkup(
    <StatsPanel t={getT(locale)} number={numberFormat(locale)} stats={stats} />,
  );
  expect(html).toContain('<span>1152921504606846979</span><span>1152921504607846979</span>');
  expect(html).toContain('1152921504607346979');
});

it('the least, greatest and mean read as the cells do; only counts of rows are grouped', () => {
  const stats: VersionStats = {
    version: 2,
    rows: 12_345,
    columns: [
      {
        name: 'year',
        type: 'integer',
        count: 12_345,
        nulls: 0,
        distinct: 25,
        min: 2000,
        max: 2024,
        mean: 2012.123456,
        stddev: 7.2111,
      },
      {
        name: 'ratio',
        type: 'number',
        count: 3,
        nulls: 1_024,
        distinct: 3,
        min: 0.000125,
        max: 1500000.5,
        mean: 500000.2,
        stddev: null,
      },
    ],
  };
  for (const locale of ['zh-CN', 'en-US'] as const) {
    const t = getT(locale);
    const html = renderToStaticMarkup(
      <StatsPanel t={t} number={numberFormat(locale)} stats={stats} />,
    );
    const row = (key: Parameters<typeof t>[0], value: string) =>
      `<dt class="text-muted">${t(key)}</dt><dd class="break-words">${value}</dd>`;
    expect(html).toContain(`${t('viewer:stats.count')}</dt><dd>12,345</dd>`);
    expect(html).toContain(`${t('viewer:stats.nulls')}</dt><dd>1,024</dd>`);
    expect(html).toContain(row('viewer:stats.min', '2000'));
    expect(html).toContain(row('viewer:stats.max', '2024'));
    expect(html).toContain(`${t('viewer:stats.mean')}</dt><dd>2012.123</dd>`);
    expect(html).toContain(row('viewer:stats.min', '0.000125'));
    expect(html).toContain(row('viewer:stats.max', '1500000.5'));
    expect(html).toContain(`${t('viewer:stats.mean')}</dt><dd>500000.2</dd>`);
    expect(html).toContain(`${t('viewer:stats.stddev')}</dt><dd>—</dd>`);
  }
});
