/**
 * The datasets the list and read tests share (tests/api/datasets/browse*.test.ts, detail):
 * alice's census, weather and a private one, bob's books, with downloads, scores and heat set.
 */
import { eq } from 'drizzle-orm';
import { datasets } from '../../src/server/db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import { addUser, createDataset } from './api.ts';

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

/** A fresh app holding the shared datasets; `ids` names them census, weather, books, secret. */
export async function browseApp() {
  const ids: Record<string, number> = {};
  const t = await createTestApp();
  const alice = await addUser(t, 'alice');
  const bob = await addUser(t, 'bob');
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
  return { t, alice, bob, ids };
}
