// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BUILD_CHECK_INTERVAL_MS } from '../../src/lib/constants.ts';

// Fresh modules per test: the stores keep module state.
beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('the hourly build check', () => {
  it('asks the server once an hour and announces a new build once', async () => {
    const { startBuildCheck, $newerBuild } = await import('../../src/stores/build.ts');
    let serverId = 'build-1';
    const fetchBuildId = vi.fn(async () => serverId);
    const onNewBuild = vi.fn();
    const stop = startBuildCheck({ currentId: 'build-1', fetchBuildId, onNewBuild });

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS - 1);
    expect(fetchBuildId).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBuildId).toHaveBeenCalledTimes(1);
    expect(onNewBuild).not.toHaveBeenCalled();

    serverId = 'build-2';
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledExactlyOnceWith('build-2');
    expect($newerBuild.get()).toBe('build-2');

    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchBuildId).toHaveBeenCalledTimes(4);
    expect(onNewBuild).toHaveBeenCalledTimes(1);

    stop();
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 2);
    expect(fetchBuildId).toHaveBeenCalledTimes(4);
  });

  it('says nothing when the server cannot be asked', async () => {
    const { startBuildCheck } = await import('../../src/stores/build.ts');
    const onNewBuild = vi.fn();
    startBuildCheck({ currentId: 'a', fetchBuildId: async () => null, onNewBuild });
    await vi.advanceTimersByTimeAsync(BUILD_CHECK_INTERVAL_MS * 3);
    expect(onNewBuild).not.toHaveBeenCalled();
  });

  it('reads the id from /build.json without using a cached copy', async () => {
    const { fetchBuildId } = await import('../../src/stores/build.ts');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ build_id: 'b-9' })));
    vi.stubGlobal('fetch', fetch);
    expect(await fetchBuildId()).toBe('b-9');
    expect(fetch).toHaveBeenCalledWith('/build.json', { cache: 'no-cache' });
    fetch.mockRejectedValueOnce(new TypeError('offline'));
    expect(await fetchBuildId()).toBeNull();
    fetch.mockResolvedValueOnce(new Response('nope', { status: 404 }));
    expect(await fetchBuildId()).toBeNull();
  });

  it('offers a reload in a toast with a button, in the page language', async () => {
    const { offerReload } = await import('../../src/stores/build.ts');
    const { $toasts } = await import('../../src/stores/toasts.ts');
    offerReload('zh-CN');
    const [shown] = $toasts.get();
    expect(shown).toMatchObject({ title: '有新版本可用', action: { label: '重新加载' } });
    offerReload('en-US');
    expect($toasts.get()[0]).toMatchObject({
      title: 'A new version is available',
      action: { label: 'Reload' },
    });
  });

  it('comes back when a later toast took its place and closed, until the visitor closes it', async () => {
    const { offerReload } = await import('../../src/stores/build.ts');
    const { $toasts, toast, dismiss } = await import('../../src/stores/toasts.ts');
    const open = () =>
      $toasts
        .get()
        .filter((x) => x.open)
        .map((x) => x.title);
    offerReload('en-US');
    const saved = toast({ title: 'Profile updated' });
    expect(open()).toEqual(['Profile updated']);

    dismiss(saved);
    expect(open()).toEqual(['A new version is available']);

    const offer = $toasts.get().find((x) => x.open)!;
    dismiss(offer.id);
    dismiss(toast({ title: 'Profile updated' }));
    expect(open()).toEqual([]);
  });
});
