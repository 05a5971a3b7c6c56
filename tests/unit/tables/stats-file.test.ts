import { describe, expect, it } from 'vitest';
import { readStatsFile, statsFileText } from '../../../src/server/services/table-files.ts';
import type { TableStats } from '../../../src/server/tables/stats.ts';

const stats = {
  rows: 3,
  columns: [
    {
      name: 'n',
      type: 'integer',
      count: 3,
      nulls: 0,
      distinct: 3,
      min: 1,
      max: JSON.rawJSON('9007199254740993'),
      mean: 3.0000000000000004,
      stddev: 1,
      histogram: [{ from: 1, to: 2, count: 2 }],
      top: null,
    },
  ],
} as unknown as TableStats;

describe('the statistics file beside a stored table', () => {
  it('is read back as written, big integers keeping their digits', () => {
    const read = readStatsFile(statsFileText(stats));
    expect(JSON.stringify(read)).toBe(JSON.stringify(stats));
  });

  it('of an earlier build (no format, or another one) is not used, so it is computed again', () => {
    expect(readStatsFile(JSON.stringify(stats))).toBeNull();
    expect(readStatsFile(JSON.stringify({ format: 1, ...stats }))).toBeNull();
  });
});
