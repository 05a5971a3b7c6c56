/**
 * The datasets the list and read tests share (tests/api/datasets/browse*.test.ts, detail):
 * alice's census, weather and a private one, bob's books, with downloads, scores and heat set.
 */
import { eq } from 'drizzle-orm';
import { beforeAll } from 'vitest';
import { datasets } from '../../src/server/db/schema.ts';
import type { TestApp } from './app.ts';
import { createDataset, suiteApp, suiteUser, type TestUser } from './api.ts';

/** Sets counters directly, as ratings, favourites and downloads would. */
export async function setCounters(
  t: TestApp,
  id: number,
  values: Partial<typeof datasets.$inferInsert>,
) {
  await t.ctx.db.update(datasets).set(values).where(eq(datasets.id, id));
}

/** The names of a list's datasets, in order. */
export const names = (body: { datasets: { name: string }[] }) => body.datasets.map((d) => d.name);

/**
 * The app of the calling file, as suiteApp opens it, holding the shared datasets once its tests
 * run; `ids` names them census, weather, books, secret.
 */
export function browseSuite() {
  const ids: Record<string, number> = {};
  const t = suiteApp();
  const alice = suiteUser(t, 'alice');
  const bob = suiteUser(t, 'bob');
  beforeAll(() => addDatasets(t, { alice, bob }, ids));
  return { t, alice, bob, ids };
}

/** Adds the shared datasets, their ids to `ids`, and sets their counters. */
async function addDatasets(
  t: TestApp,
  { alice, bob }: { alice: TestUser; bob: TestUser },
  ids: Record<string, number>,
) {
  ids['census'] = (
    await createDataset(t, alice, {
      name: '中国人口普查',
      tags: ['人口', 'Census'],
      language: 'zh-CN',
    })
  ).id;
  ids['weather'] = (
    await createDataset(t, alice, {
      name: 'Weather stations',
      tags: ['climate'],
      language: 'en-US',
    })
  ).id;
  ids['books'] = (
    await createDataset(t, bob, {
      name: 'Books',
      tags: ['literature', 'census'],
      language: 'en-US',
    })
  ).id;
  ids['secret'] = (await createDataset(t, alice, { name: 'Alice secret', is_public: false })).id;
  await setCounters(t, ids['census'], { downloadCount: 5, averageScore: 3, heat: 1 });
  await setCounters(t, ids['weather'], { downloadCount: 50, averageScore: 4.5, heat: 3 });
  await setCounters(t, ids['books'], { downloadCount: 10, averageScore: 1, heat: 2 });
}
