// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const MINUTE = 60_000;

async function loadCache() {
  vi.resetModules();
  return import('../../src/lib/cache.ts');
}

/** A loader that counts its calls and answers `value-<n>`. */
function counter() {
  let calls = 0;
  const load = () => Promise.resolve(`value-${++calls}`);
  return { load, calls: () => calls };
}

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date', 'performance'],
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('caches', () => {
  it('keeps a user for 5 minutes', async () => {
    const c = await loadCache();
    const user = counter();
    expect(await c.cachedUser(1, 'user', user.load)).toBe('value-1');
    await vi.advanceTimersByTimeAsync(5 * MINUTE - 1000);
    expect(await c.cachedUser(1, 'user', user.load)).toBe('value-1');
    await vi.advanceTimersByTimeAsync(1001);
    expect(await c.cachedUser(1, 'user', user.load)).toBe('value-2');
  });

  it('keeps a dataset for 10 minutes', async () => {
    const c = await loadCache();
    const dataset = counter();
    await c.cachedDataset(1, '', dataset.load);
    await vi.advanceTimersByTimeAsync(10 * MINUTE - 1000);
    await c.cachedDataset(1, '', dataset.load);
    expect(dataset.calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1001);
    await c.cachedDataset(1, '', dataset.load);
    expect(dataset.calls()).toBe(2);
  });

  it('holds at most 100 users and 200 dataset entries, dropping the least recently used', async () => {
    const c = await loadCache();
    for (let id = 1; id <= 101; id += 1) await c.cachedUser(id, 'user', counter().load);
    expect(c.cacheSize('users')).toBe(100);
    const first = counter();
    await c.cachedUser(1, 'user', first.load);
    expect(first.calls()).toBe(1);

    for (let id = 1; id <= 201; id += 1) await c.cachedDataset(id, '', counter().load);
    expect(c.cacheSize('datasets')).toBe(200);
  });

  it('sweeps expired entries every 60 seconds without being asked', async () => {
    const c = await loadCache();
    await c.cachedUser(1, 'user', counter().load);
    await vi.advanceTimersByTimeAsync(5 * MINUTE);
    expect(c.cacheSize('users')).toBe(1);
    await vi.advanceTimersByTimeAsync(MINUTE);
    expect(c.cacheSize('users')).toBe(0);
  });

  it('clearAllCaches empties both caches', async () => {
    const c = await loadCache();
    await c.cachedUser(1, 'user', counter().load);
    await c.cachedDataset(1, '', counter().load);
    c.clearAllCaches();
    expect(c.cacheSize('users')).toBe(0);
    expect(c.cacheSize('datasets')).toBe(0);
  });

  it("invalidateDataset drops the dataset's entries and every list, keeping other datasets", async () => {
    const c = await loadCache();
    const loads = counter();
    await c.cachedDataset(5, '', loads.load);
    await c.cachedDataset(5, 'versions', loads.load);
    await c.cachedDataset(50, '', loads.load);
    await c.cachedDatasetList('/datasets', { query: 'rain', offset: 0 }, loads.load);
    await c.cachedDatasetList('/datasets/search', { query: 'x' }, loads.load);
    expect(c.cacheSize('datasets')).toBe(5);
    c.invalidateDataset(5);
    expect(c.cacheSize('datasets')).toBe(1);
    const other = counter();
    await c.cachedDataset(50, '', other.load);
    expect(other.calls()).toBe(0);
  });

  it('keys lists by their query, in any order', async () => {
    const c = await loadCache();
    const loads = counter();
    await c.cachedDatasetList('/datasets', { offset: 0, query: 'rain' }, loads.load);
    await c.cachedDatasetList(
      '/datasets',
      { query: 'rain', offset: 0, tags: undefined },
      loads.load,
    );
    await c.cachedDatasetList('/datasets', { query: 'rain', offset: 12 }, loads.load);
    expect(loads.calls()).toBe(2);
  });

  it('shares one load between concurrent callers and never stores a load that outlived an invalidation', async () => {
    const c = await loadCache();
    let finish: (value: string) => void = () => {};
    const slow = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const a = c.cachedDataset(5, '', slow);
    const b = c.cachedDataset(5, '', slow);
    expect(slow).toHaveBeenCalledTimes(1);
    c.invalidateDataset(5);
    finish('stale');
    expect(await a).toBe('stale');
    expect(await b).toBe('stale');
    expect(c.cacheSize('datasets')).toBe(0);
  });

  it('does not cache failures', async () => {
    const c = await loadCache();
    await expect(
      c.cachedUser(1, 'profile', () => Promise.reject(new Error('down'))),
    ).rejects.toThrow('down');
    expect(await c.cachedUser(1, 'profile', () => Promise.resolve('up'))).toBe('up');
  });
});
