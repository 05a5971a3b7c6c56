import { beforeEach, describe, expect, it } from 'vitest';
import { getT } from '../../src/i18n/index.ts';
import { ApiError } from '../../src/lib/api/errors.ts';
import type { LiveCount, LiveCounts } from '../../src/lib/live-counts.ts';
import { createFavorite, createFollow, createWatch } from '../../src/stores/community-toggles.ts';
import { $toasts } from '../../src/stores/toasts.ts';

const t = getT('en-US');

beforeEach(() => $toasts.set([]));

/** The numbers a page shows, by name and id (absent: the page does not show it). */
function pageCounts(shown: Record<string, number>): LiveCounts & { shown: Record<string, number> } {
  const key = (name: LiveCount, id: number) => `${name}:${id}`;
  return {
    shown,
    show: (name, id, value) => {
      if (key(name, id) in shown) shown[key(name, id)] = value;
    },
    bump: (name, id, delta) => {
      if (key(name, id) in shown) shown[key(name, id)] = Math.max(0, shown[key(name, id)]! + delta);
    },
    read: (name, id) => shown[key(name, id)] ?? null,
  };
}

/** A request the test answers when it likes. */
function held<T>() {
  let answer!: (value: T) => void;
  const promise = new Promise<T>((resolve) => (answer = resolve));
  return { promise, answer };
}

const down = () =>
  Promise.reject(new ApiError('down', { status: 503, code: 'SERVICE_UNAVAILABLE' }));

describe('favourite', () => {
  it('is unknown until read, then adds with the count the server answers, and says so', async () => {
    const counts = pageCounts({ 'favorites:3': 4 });
    const favorite = createFavorite(
      3,
      {
        check: () => Promise.resolve({ isFavorited: false, favoriteId: null }),
        set: () => Promise.resolve({ isFavorited: true, favoriteId: 9, favorites: 6 }),
      },
      counts,
      t,
    );
    await favorite.toggle();
    expect(favorite.$toggle.get().status).toBeNull();
    await favorite.start();
    await favorite.toggle();
    expect(favorite.$toggle.get()).toEqual({
      status: { isFavorited: true, favoriteId: 9 },
      pending: false,
      message: t('community:favorite.added'),
    });
    expect(counts.shown['favorites:3']).toBe(6);
  });

  it('sends one request for a double click, and takes one from the count on removing', async () => {
    const counts = pageCounts({ 'favorites:3': 4 });
    const removal = held<{ isFavorited: boolean; favoriteId: null }>();
    const asked: (number | null)[] = [];
    const favorite = createFavorite(
      3,
      {
        check: () => Promise.resolve({ isFavorited: true, favoriteId: 9 }),
        set: (_id, favoriteId) => {
          asked.push(favoriteId);
          return removal.promise;
        },
      },
      counts,
      t,
    );
    await favorite.start();
    const first = favorite.toggle();
    const second = favorite.toggle();
    expect(favorite.$toggle.get().pending).toBe(true);
    removal.answer({ isFavorited: false, favoriteId: null });
    await Promise.all([first, second]);
    expect(asked).toEqual([9]);
    expect(counts.shown['favorites:3']).toBe(3);
    expect(favorite.$toggle.get().message).toBe(t('community:favorite.removed'));
  });
});

describe('watch', () => {
  it('keeps the state and shows a toast when the change fails', async () => {
    const watch = createWatch(
      5,
      { status: () => Promise.resolve({ watching: false, watchCount: 2 }), set: down },
      t,
    );
    await watch.start();
    await watch.toggle();
    expect(watch.$toggle.get()).toEqual({
      status: { watching: false, watchCount: 2 },
      pending: false,
      message: '',
    });
    expect($toasts.get()[0]).toMatchObject({ title: t('community:watch.failed') });
  });

  it('ignores a status read that answers after the control left the page', async () => {
    const read = held<{ watching: boolean; watchCount: number }>();
    const watch = createWatch(5, { status: () => read.promise, set: down }, t);
    const started = watch.start();
    watch.cancel();
    read.answer({ watching: true, watchCount: 1 });
    await started;
    expect(watch.$toggle.get().status).toBeNull();
  });
});

describe('follow', () => {
  it('needs no read when known, and shows the follower count the server counts', async () => {
    const counts = pageCounts({ 'followers:8': 1 });
    const follow = createFollow(
      { id: 8, name: 'Grace', known: false },
      { status: down, set: () => Promise.resolve(true), followers: () => Promise.resolve(5) },
      counts,
      t,
    );
    await follow.start();
    await follow.toggle();
    expect(follow.$toggle.get().message).toBe(t('community:follow.followed', { name: 'Grace' }));
    await new Promise((resolve) => setImmediate(resolve));
    expect(counts.shown['followers:8']).toBe(5);
  });

  it('reads a failed status as not following, and moves the count by one without the profile', async () => {
    const counts = pageCounts({ 'followers:8': 1 });
    const follow = createFollow(
      { id: 8, name: 'Grace' },
      { status: down, set: () => Promise.resolve(true), followers: down },
      counts,
      t,
    );
    await follow.start();
    expect(follow.$toggle.get().status).toBe(false);
    await follow.toggle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(counts.shown['followers:8']).toBe(2);
  });
});
