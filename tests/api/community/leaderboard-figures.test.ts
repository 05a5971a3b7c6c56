import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets } from '../../../src/server/db/schema.ts';
import { caller, newDataset, suiteApp, suiteUser } from '../../support/api.ts';

/**
 * A board's value is its figure as /leaderboard shows it, and ranks go by it (docs/community.md,
 * "Leaderboards"): two rows never read the same figure under different ranks.
 */
const t = suiteApp();
const owner = suiteUser(t, 'owner');

type Entry = { rank: number; value: number; dataset: { id: number } };

const board = async (by: string) => {
  const res = await caller(t)('GET', `/leaderboard/datasets?by=${by}`);
  expect(res.statusCode).toBe(200);
  return (res.json<{ entries: Entry[] }>().entries ?? []).map((e) => [
    e.dataset.id,
    e.rank,
    e.value,
  ]);
};

/** Datasets with the given heat, average score and rating count (as the counters would leave). */
async function datasetsWith(
  figures: { heat: number; averageScore?: number; ratingCount?: number }[],
) {
  const ids: number[] = [];
  for (const figure of figures) {
    const { id } = await newDataset(t, owner);
    await t.ctx.db.update(datasets).set(figure).where(eq(datasets.id, id));
    ids.push(id);
  }
  return ids;
}

describe('leaderboard figures', () => {
  it('shows heat to three significant digits, and heat that reads the same shares a rank', async () => {
    const [a, b, c, old] = await datasetsWith([
      { heat: 5.5012 },
      { heat: 5.4987 },
      { heat: 5.4612 },
      { heat: 1 / 26 ** 1.5 },
    ]);
    expect(await board('heat')).toEqual([
      [a, 1, 5.5],
      [b, 1, 5.5],
      [c, 3, 5.46],
      [old, 4, 0.00754],
    ]);
  });

  it('shows a score to one decimal, and scores that read the same share a rank', async () => {
    const [more, fewer, lower] = await datasetsWith([
      { heat: 0.1, averageScore: 4.7, ratingCount: 10 },
      { heat: 0.1, averageScore: 14 / 3, ratingCount: 3 },
      { heat: 0.1, averageScore: 4.6, ratingCount: 5 },
    ]);
    expect(await board('score')).toEqual([
      [more, 1, 4.7],
      [fewer, 1, 4.7],
      [lower, 3, 4.6],
    ]);
  });
});
