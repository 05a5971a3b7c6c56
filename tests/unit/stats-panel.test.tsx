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
