import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { datasets, users } from '../../src/server/db/schema.ts';
import { createSiteServices } from '../../src/server/site/services.ts';
import { suiteApp } from '../support/api.ts';

const t = suiteApp();
let ids: { alice: number; bob: number; gone: number; open: number; secret: number; older: number };

beforeAll(async () => {
  const db = t.ctx.db;
  const [alice, bob, gone] = await db
    .insert(users)
    .values(
      ['alice', 'bob', 'gone'].map((name) => ({
        username: name,
        email: `${name}@example.com`,
        nickname: name,
        isActive: name !== 'gone',
      })),
    )
    .returning({ id: users.id });
  const [older, open, secret] = await db
    .insert(datasets)
    .values([
      { name: 'older', ownerId: alice!.id, createdAt: new Date('2026-01-01T00:00:00Z') },
      { name: 'open', ownerId: alice!.id, createdAt: new Date('2026-06-01T00:00:00Z') },
      { name: 'secret', ownerId: bob!.id, isPublic: false },
    ])
    .returning({ id: datasets.id });
  ids = {
    alice: alice!.id,
    bob: bob!.id,
    gone: gone!.id,
    older: older!.id,
    open: open!.id,
    secret: secret!.id,
  };
});

describe('sitemapEntries (Astro.locals.sheaf)', () => {
  it('lists public datasets newest first with their update time, and active users', async () => {
    const updated = new Date('2026-07-01T12:00:00Z');
    await t.ctx.db.update(datasets).set({ updatedAt: updated }).where(eq(datasets.id, ids.open));
    const entries = await createSiteServices(t.ctx).sitemapEntries(100);
    expect(entries.datasets).toEqual([
      { id: ids.open, updated_at: updated.toISOString() },
      { id: ids.older, updated_at: expect.any(String) },
    ]);
    expect(entries.users).toEqual([{ id: ids.alice }, { id: ids.bob }]);
  });

  it('never lists a private dataset', async () => {
    const entries = await createSiteServices(t.ctx).sitemapEntries(100);
    expect(entries.datasets.map((d) => d.id)).not.toContain(ids.secret);
  });

  it('keeps within the limit, datasets first', async () => {
    const services = createSiteServices(t.ctx);
    const three = await services.sitemapEntries(3);
    expect(three.datasets).toHaveLength(2);
    expect(three.users).toEqual([{ id: ids.alice }]);
    const one = await services.sitemapEntries(1);
    expect(one.datasets.map((d) => d.id)).toEqual([ids.open]);
    expect(one.users).toEqual([]);
    expect(await services.sitemapEntries(0)).toEqual({ datasets: [], users: [] });
  });
});
