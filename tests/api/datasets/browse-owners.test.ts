import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { datasets } from '../../../src/server/db/schema.ts';
import { addUser, get } from '../../support/api.ts';
import { browseSuite, names } from '../../support/dataset-lists.ts';

const { t, alice } = browseSuite();

describe('GET /datasets/me', () => {
  it("lists the caller's own datasets, private included", async () => {
    const res = await get(t, '/datasets/me', alice);
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Alice secret', 'Weather stations', '中国人口普查']);
    expect(res.json().total).toBe(3);
  });

  it('filters by query and sorts by sort_by', async () => {
    expect(names((await get(t, '/datasets/me?query=secret', alice)).json())).toEqual([
      'Alice secret',
    ]);
    expect(names((await get(t, '/datasets/me?sort_by=downloads', alice)).json())[0]).toBe(
      'Weather stations',
    );
  });

  it('needs a signed-in caller', async () => {
    const res = await get(t, '/datasets/me');
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('UNAUTHORIZED');
  });
});

describe('GET /datasets/user/public', () => {
  it("lists a user's public datasets only", async () => {
    const res = await get(t, `/datasets/user/public?user_id=${alice.id}`, alice);
    expect(names(res.json())).toEqual(['Weather stations', '中国人口普查']);
  });

  it('never lists more than the first 100', async () => {
    const dave = await addUser(t, 'dave');
    await t.ctx.db.execute(sql`
      insert into datasets (owner_id, name, created_at)
      select ${dave.id}, 'bulk ' || i, now() - make_interval(mins => i)
      from generate_series(1, 105) as i`);
    const first = (await get(t, `/datasets/user/public?user_id=${dave.id}&limit=500`)).json();
    expect(first).toMatchObject({ total: 100, offset: 0, limit: 100 });
    expect(first.datasets).toHaveLength(100);
    expect(first.datasets[99].name).toBe('bulk 100');
    const tail = (
      await get(t, `/datasets/user/public?user_id=${dave.id}&offset=95&limit=20`)
    ).json();
    expect(tail).toMatchObject({ total: 100, offset: 95, limit: 5 });
    expect(names(tail)).toEqual(['bulk 96', 'bulk 97', 'bulk 98', 'bulk 99', 'bulk 100']);
    const beyond = (await get(t, `/datasets/user/public?user_id=${dave.id}&offset=100`)).json();
    expect(beyond.datasets).toEqual([]);
    expect(beyond.total).toBe(100);
    await t.ctx.db.delete(datasets).where(eq(datasets.ownerId, dave.id));
  });

  it('needs user_id', async () => {
    const res = await get(t, '/datasets/user/public');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('user_id');
  });
});
