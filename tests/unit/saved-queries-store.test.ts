import { describe, expect, it } from 'vitest';
import type { SavedQuery } from '../../src/lib/api/sql.ts';
import { createSavedQueries, mayDelete } from '../../src/stores/saved-queries.ts';

const author = (id: number) => ({
  id,
  username: `u${id}`,
  nickname: `U${id}`,
  avatar: '',
  bio: '',
  isVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLoginAt: null,
});
const query = (id: number, by: number): SavedQuery => ({
  id,
  datasetId: 1,
  title: `Q${id}`,
  sql: 'SELECT 1',
  author: author(by),
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('saved queries of the SQL console', () => {
  it('load, save (newest first) and delete through the API, and say who may delete', async () => {
    const calls: string[] = [];
    const store = createSavedQueries(
      {
        list: async () => ({ queries: [query(1, 7)], ownerId: 9 }),
        save: async (_d, body) => {
          calls.push(`save ${body.title}`);
          return { ...query(2, 8), title: body.title };
        },
        remove: async (_d, id) => {
          calls.push(`remove ${id}`);
          if (id === 404) throw new Error('gone');
        },
      },
      1,
    );
    await store.load();
    expect(store.$saved.get()).toMatchObject({ status: 'ready', ownerId: 9 });
    expect((await store.save('Mine', 'SELECT 2'))?.title).toBe('Mine');
    expect(store.$saved.get().queries.map((q) => q.id)).toEqual([2, 1]);
    await store.remove(1);
    expect(store.$saved.get().queries.map((q) => q.id)).toEqual([2]);
    await store.remove(404);
    expect(store.$saved.get().error).toBeInstanceOf(Error);
    expect(calls).toEqual(['save Mine', 'remove 1', 'remove 404']);

    const saved = query(3, 7);
    expect([7, 9, 8, null].map((viewer) => mayDelete(saved, viewer, 9))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('keep a failed save’s reason and the list as it was', async () => {
    const store = createSavedQueries(
      {
        list: () => Promise.reject(new Error('offline')),
        save: () => Promise.reject(new Error('400')),
        remove: async () => undefined,
      },
      1,
    );
    await store.load();
    expect(store.$saved.get().status).toBe('failed');
    expect(await store.save('x', 'SELECT 1')).toBeNull();
    expect(store.$saved.get()).toMatchObject({ saving: false, queries: [] });
    expect(store.$saved.get().error).toBeInstanceOf(Error);
  });
});
