import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  claimReload,
  isChunkLoadError,
  reloadGuardScript,
  type GuardStorage,
} from '../../src/lib/reload-guard.ts';
import { RELOAD_GUARD_MS } from '../../src/lib/constants.ts';

/** A tab's session storage: it outlives reloads of the page. */
function memoryStorage(): GuardStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
  };
}

/** One page load: a window running the inline guard script exactly as the layout emits it. */
function loadPage(storage: GuardStorage, pathname: string) {
  const target = new EventTarget();
  const reload = vi.fn();
  const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  const win = {
    location: { pathname, reload },
    sessionStorage: storage,
    addEventListener: target.addEventListener.bind(target),
  };
  const run = runInThisContext(`(function (window) {${reloadGuardScript(RELOAD_GUARD_MS)}})`) as (
    w: typeof win,
  ) => void;
  run(win);
  const chunkFailure = () =>
    target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), {
        reason: new TypeError(
          'Failed to fetch dynamically imported module: http://x/_astro/Island.js',
        ),
      }),
    );
  return { target, reload, warn, chunkFailure };
}

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2025-06-01T00:00:00Z') });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('claimReload', () => {
  it('allows one reload per path within the window, and again after it', () => {
    const storage = memoryStorage();
    const t0 = Date.now();
    expect(claimReload(storage, '/datasets', t0, 10_000)).toBe(true);
    expect(claimReload(storage, '/datasets', t0 + 9_999, 10_000)).toBe(false);
    expect(claimReload(storage, '/news', t0 + 1, 10_000)).toBe(true);
    expect(claimReload(storage, '/datasets', t0 + 10_000, 10_000)).toBe(true);
  });

  it('does not reload when session storage is unusable', () => {
    const broken: GuardStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {},
    };
    expect(claimReload(broken, '/', Date.now(), 10_000)).toBe(false);
  });
});

describe('isChunkLoadError', () => {
  it("recognises the browsers' failed dynamic import messages", () => {
    for (const message of [
      'Failed to fetch dynamically imported module: https://s/_astro/a.js',
      'error loading dynamically imported module: https://s/_astro/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /_astro/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
});

describe('the chunk reload guard', () => {
  it('reloads once, not twice, when the chunk fails again within 10 s', () => {
    const storage = memoryStorage();
    const first = loadPage(storage, '/datasets');
    first.chunkFailure();
    first.chunkFailure();
    expect(first.reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(2_000);
    const second = loadPage(storage, '/datasets');
    second.chunkFailure();
    expect(second.reload).not.toHaveBeenCalled();
    expect(second.warn).toHaveBeenCalledWith(expect.stringContaining('not reloading /datasets'));
  });

  it('reloads again once 10 s have passed, and counts each path on its own', () => {
    const storage = memoryStorage();
    loadPage(storage, '/datasets').chunkFailure();
    const other = loadPage(storage, '/news');
    other.chunkFailure();
    expect(other.reload).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(RELOAD_GUARD_MS);
    const later = loadPage(storage, '/datasets');
    later.chunkFailure();
    expect(later.reload).toHaveBeenCalledTimes(1);
  });

  it('reacts to islands that could not load, Vite preload errors and failed script tags', () => {
    const storage = memoryStorage();
    const island = loadPage(storage, '/a');
    island.target.dispatchEvent(
      new CustomEvent('astro:hydration-error', {
        detail: { error: new TypeError('Failed to fetch dynamically imported module: /x.js') },
      }),
    );
    expect(island.reload).toHaveBeenCalledTimes(1);

    const vite = loadPage(storage, '/b');
    const preloadError = new Event('vite:preloadError', { cancelable: true });
    vite.target.dispatchEvent(preloadError);
    expect(vite.reload).toHaveBeenCalledTimes(1);
    expect(preloadError.defaultPrevented).toBe(true);

    const tag = loadPage(storage, '/c');
    const error = new Event('error');
    Object.defineProperty(error, 'target', {
      value: { tagName: 'SCRIPT', src: 'https://s/_astro/page.js' },
    });
    tag.target.dispatchEvent(error);
    expect(tag.reload).toHaveBeenCalledTimes(1);
  });

  it('ignores errors that are not failed chunk loads', () => {
    const page = loadPage(memoryStorage(), '/');
    page.target.dispatchEvent(
      Object.assign(new Event('unhandledrejection'), { reason: new Error('boom') }),
    );
    page.target.dispatchEvent(
      new CustomEvent('astro:hydration-error', { detail: { error: new Error('render bug') } }),
    );
    const image = new Event('error');
    Object.defineProperty(image, 'target', { value: { tagName: 'IMG', src: '/a.png' } });
    page.target.dispatchEvent(image);
    expect(page.reload).not.toHaveBeenCalled();
  });
});
