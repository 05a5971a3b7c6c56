import { describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import type { Rating } from '../../src/lib/api/community.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import { createRating } from '../../src/stores/rating.ts';

const t = getT('en-US');

/** Dataset 7 with the caller's score 2 saved; each save is answered when the test says. */
function ratingApi(saved: number | null = 2) {
  const saves: { score: number; leaving: boolean; answer: (r: Rating | Error) => void }[] = [];
  const shown: Rating[] = [];
  const deps = {
    get: (): Promise<Rating> =>
      Promise.resolve({ score: saved, averageScore: 2, ratingCount: saved === null ? 0 : 1 }),
    save: (_id: number, score: number, leaving: boolean) =>
      new Promise<Rating | null>((resolve, reject) =>
        saves.push({
          score,
          leaving,
          answer: (r) => (r instanceof Error ? reject(r) : resolve(r)),
        }),
      ),
    shown: (r: Rating) => shown.push(r),
  };
  return { deps, saves, shown };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('rating a dataset', () => {
  it('reads the saved score, saves a click at once and says so with the new average', async () => {
    const { deps, saves, shown } = ratingApi();
    const rating = createRating({ datasetId: 7, averageScore: 2, ratingCount: 1 }, deps, t);
    expect(rating.$rating.get().saved).toBeUndefined();
    await rating.start();
    expect(rating.$rating.get()).toMatchObject({ saved: 2, chosen: 2 });
    rating.choose(4, false);
    expect(rating.$rating.get().chosen).toBe(4);
    saves[0]!.answer({ score: 4, averageScore: 3, ratingCount: 2 });
    await settle();
    expect(rating.$rating.get()).toEqual({
      summary: { average: 3, count: 2 },
      saved: 4,
      chosen: 4,
      message: t('community:rating.saved', { score: 4 }),
    });
    expect(shown).toEqual([{ score: 4, averageScore: 3, ratingCount: 2 }]);
  });

  it('saves a step of the arrow keys only when flushed, and the score saved already not at all', async () => {
    const { deps, saves } = ratingApi();
    const rating = createRating({ datasetId: 7, averageScore: 2, ratingCount: 1 }, deps, t);
    await rating.start();
    rating.choose(3, true);
    rating.choose(2, true);
    expect(saves).toHaveLength(0);
    rating.flush();
    expect(saves).toHaveLength(0);
    rating.choose(5, true);
    rating.flush(true);
    expect(saves.map(({ score, leaving }) => [score, leaving])).toEqual([[5, true]]);
    rating.cancel();
  });

  it('goes back to the score held and says why when a save fails', async () => {
    const { deps, saves } = ratingApi();
    const rating = createRating({ datasetId: 7, averageScore: 2, ratingCount: 1 }, deps, t);
    await rating.start();
    rating.choose(5, false);
    saves[0]!.answer(new ApiError('nope', { status: 0, code: 'NETWORK_ERROR' }));
    await settle();
    expect(rating.$rating.get().chosen).toBe(2);
    expect(rating.$rating.get().message).toContain(t('community:rating.failed'));
  });

  it('shows only the answer for the latest score sent', async () => {
    const { deps, saves } = ratingApi(null);
    const rating = createRating({ datasetId: 7, averageScore: 0, ratingCount: 0 }, deps, t);
    await rating.start();
    rating.choose(1, false);
    rating.choose(4, false);
    saves[1]!.answer({ score: 4, averageScore: 4, ratingCount: 1 });
    saves[0]!.answer({ score: 1, averageScore: 1, ratingCount: 1 });
    await settle();
    expect(rating.$rating.get()).toMatchObject({ saved: 4, chosen: 4, summary: { average: 4 } });
  });
});
