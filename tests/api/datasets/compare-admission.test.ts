import { describe, expect, it } from 'vitest';
import { MAX_COMPARE_PAIRS } from '../../../src/contracts/limits.ts';
import type { VersionCompare } from '../../../src/contracts/tables.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

/** Rows whose `grp` holds one value: keyed by it, every row pairs with every row. */
const ROWS = Math.ceil(Math.sqrt(MAX_COMPARE_PAIRS)) + 1;
const table = (offset: number) => ({
  attributes: ['id', 'grp'],
  entries: Array.from({ length: ROWS }, (_, i) => [i + offset, '北京']),
});

async function repeatedKey() {
  const d = await createDataset(t, alice, table(0));
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets/${d.id}/versions`,
    headers: alice.headers,
    payload: table(1),
  });
  expect(res.statusCode).toBe(201);
  return d.id;
}

describe('a keyed compare is admitted by its row pairs', () => {
  it('refuses a key whose repeats would pair more rows than allowed, before pairing them', async () => {
    const id = await repeatedKey();
    const pairs = ROWS * ROWS;
    for (const url of [
      `/datasets/${id}/compare?from=1&to=2&key=grp`,
      `/datasets/${id}/compare/rows?from=1&to=2&key=grp&kind=changed`,
    ]) {
      const res = await get(t, url);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'COMPARE_TOO_LARGE',
        message: expect.stringContaining('"grp" repeats too often'),
        details: { key: 'grp', pairs, limit: MAX_COMPARE_PAIRS },
      });
    }
  });

  it('compares by a unique key of the same tables, and without a key', async () => {
    const id = await repeatedKey();
    const keyed = await get(t, `/datasets/${id}/compare?from=1&to=2&key=id`);
    expect(keyed.statusCode).toBe(200);
    expect(keyed.json<VersionCompare>()).toMatchObject({
      rows: { added: 1, removed: 1, changed: 0 },
      key_repeats: { from: 0, to: 0 },
    });
    const whole = await get(t, `/datasets/${id}/compare?from=1&to=2`);
    expect(whole.json<VersionCompare>().rows).toEqual({ added: 1, removed: 1, changed: null });
  });
});
