import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets } from '../../../src/server/db/schema.ts';
import { recomputeAllHeat } from '../../../src/server/services/datasets/heat.ts';
import { createDataset, get, suiteApp, suiteUser } from '../../support/api.ts';

const t = suiteApp();
const alice = suiteUser(t, 'alice');

const table = { attributes: ['n'], entries: [[1], [2]] };
const heatOf = async (id: number) => (await get(t, `/datasets/${id}`)).json().heat as number;
const ageBy = (id: number, hours: number) =>
  t.ctx.db
    .update(datasets)
    .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
    .where(eq(datasets.id, id));

describe('periodic heat recomputation', () => {
  it('walks every dataset in batches and rewrites only those whose heat drifted', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++)
      ids.push((await createDataset(t, alice, { name: `H${i}`, ...table })).id);
    // Two datasets age by two days: their stored heat is now far too high.
    await ageBy(ids[2]!, 48);
    await ageBy(ids[5]!, 48);

    const run = await recomputeAllHeat(t.ctx.db, 3);
    expect(run.scanned).toBe(7);
    expect(run.updated).toBe(2);
    // (0 events + 1) / (48 + 2)^1.5
    expect(await heatOf(ids[2]!)).toBeCloseTo(1 / 50 ** 1.5, 6);
    expect(await heatOf(ids[5]!)).toBeCloseTo(1 / 50 ** 1.5, 6);

    // Nothing drifted since: a second run rewrites no row.
    expect((await recomputeAllHeat(t.ctx.db, 3)).updated).toBe(0);
  });

  it('gives the same values as recomputing every row at once', async () => {
    const d = await createDataset(t, alice, { name: 'Compare', ...table });
    await ageBy(d.id, 5);
    await t.ctx.db
      .update(datasets)
      .set({ favoriteCount: 2, downloadCount: 3 })
      .where(eq(datasets.id, d.id));
    await recomputeAllHeat(t.ctx.db, 2);
    // (3 downloads + 3·2 favourites + 1) / (5 + 2)^1.5
    expect(await heatOf(d.id)).toBeCloseTo(10 / 7 ** 1.5, 4);
  });
});
