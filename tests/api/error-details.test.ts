import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app.ts';
import { addUser, caller, createDataset, type TestUser } from '../support/api.ts';

let t: TestApp;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t, 'alice');
  bob = await addUser(t, 'bob');
});
afterAll(() => t.close());

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
