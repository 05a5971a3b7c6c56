import { describe, expect, it } from 'vitest';
import { caller, createDataset, suiteApp, suiteUser } from '../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');
const bob = suiteUser(t, 'bob');

describe('validation error details', () => {
  it('name each problem once, even when several rules refuse the value for one reason', async () => {
    const { id } = await createDataset(t, alice);
    const res = await caller(t)('POST', `/datasets/${id}/rate`, bob, { score: 1e300 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'Invalid score: score must be an integer from 1 to 5',
      details: [{ field: 'score', message: 'score must be an integer from 1 to 5' }],
    });
  });
});
