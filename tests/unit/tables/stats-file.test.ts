import { describe, expect, it } from 'vitest';
import { readStatsFile, statsFileText } from '../../../src/server/services/table-files.ts';
import type { TableStats } from '../../../src/server/tables/stats.ts';
import { parseJsonExact } from '../../../src/lib/big-integer.ts';

/** Statistics with a big integer, read as the server reads its file (every digit kept). */
const stats = parseJsonExact(
  JSON.stringify({
    rows: 3,
    columns: [
      {
        name: 'n',
        type: 'integer',
        count: 3,
        nulls: 0,
        distinct: 3,
        min: 1,
        max: 'BIG',
        mean: 3.0000000000000004,
        stddev: 1,
        histogram: [{ from: 1, to: 2, count: 2 }],
        top: null,
      },
    ],
  }).replace('"BIG"', '9007199254740993'),
) as TableStats;

describe('the statistics file beside a stored table', () => {
  it('is read back as written, big integers keeping their digits', () => {
    const read = readStatsFile(statsFileText(stats));
    expect(JSON.stringify(read)).toBe(JSON.stringify(stats));
  });

  it('of an earlier build (no format, or another one) is not used, so it is computed again', () => {
    expect(readStatsFile(JSON.stringify(stats))).toBeNull();
    expect(readStatsFile(JSON.stringify({ format: 2, ...stats }))).toBeNull();
  });
});
