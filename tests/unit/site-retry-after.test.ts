import { describe, expect, it } from 'vitest';
import { AppError, queryTimeout } from '../../src/server/errors.ts';
import { serverBusy } from '../../src/server/lib/work-gate.ts';
import { retryAfterOf } from '../../src/server/site/retry-after.ts';

describe('a page that failed for a while only', () => {
  it('answers 503 with the Retry-After of refused or cut table work, or of a database away', () => {
    expect(retryAfterOf(serverBusy('table', 3))).toBe(3);
    expect(retryAfterOf(queryTimeout(30_000, 'narrow it'))).toBeGreaterThan(0);
    expect(
      retryAfterOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' })),
    ).toBe(2);
  });

  it('leaves any other failure a 500', () => {
    expect(retryAfterOf(new Error('boom'))).toBeNull();
    expect(retryAfterOf(new AppError(404, 'DATASET_NOT_FOUND', 'Dataset not found'))).toBeNull();
  });
});
