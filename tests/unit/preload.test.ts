// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROUTE_PRELOAD_CONCURRENCY } from '../../src/lib/constants.ts';
import { createPreloadQueue, preloadTarget, startLinkPreloads } from '../../src/lib/preload.ts';

/** A loader whose loads finish only when the test says so; it records the most in flight. */
function controlledLoader() {
  const pending = new Map<string, () => void>();
  let running = 0;
  let most = 0;
  const started: string[] = [];
  const load = (url: string) =>
    new Promise<void>((resolve) => {
      running += 1;
      most = Math.max(most, running);
      started.push(url);
      pending.set(url, () => {
        running -= 1;
        pending.delete(url);
        resolve();
      });
    });
  return {
    load,
    started,
    most: () => most,
    finish: (url: string) => pending.get(url)?.(),
    pendingUrls: () => [...pending.keys()],
  };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the preload queue', () => {
  it('never has more than 4 preloads in flight; the rest wait their turn', async () => {
    expect(ROUTE_PRELOAD_CONCURRENCY).toBe(4);
    const loader = controlledLoader();
    const queue = createPreloadQueue({ concurrency: ROUTE_PRELOAD_CONCURRENCY, load: loader.load });
    for (let i = 0; i < 10; i++) queue.enqueue(`/page/${i}`);
    await flush();
    expect(queue.inFlight).toBe(4);
    expect(queue.waiting).toBe(6);
    expect(loader.started).toEqual(['/page/0', '/page/1', '/page/2', '/page/3']);

    // Finish them in a scrambled order, adding more on the way.
    let round = 0;
    while (loader.pendingUrls().length > 0) {
      const urls = loader.pendingUrls();
      loader.finish(urls[(round * 7) % urls.length]!);
      if (round === 2) queue.enqueue('/late');
      round += 1;
      await flush();
      expect(queue.inFlight).toBeLessThanOrEqual(4);
    }
    expect(loader.most()).toBe(4);
    expect(loader.started).toHaveLength(11);
    expect(queue.inFlight).toBe(0);
    expect(queue.waiting).toBe(0);
  });

  it('loads each URL once, puts urgent wishes first, and survives failed loads', async () => {
    const started: string[] = [];
    const queue = createPreloadQueue({
      concurrency: 1,
      load: async (url) => {
        started.push(url);
        if (url === '/a') throw new Error('offline');
      },
    });
    queue.enqueue('/a');
    queue.enqueue('/b');
    queue.enqueue('/c');
    queue.enqueue('/c', true);
    queue.enqueue('/a');
    await flush();
    await flush();
    expect(started).toEqual(['/a', '/c', '/b']);
  });
});

describe('preloadTarget', () => {
  const here = { origin: 'https://sheaf.example', pathname: '/datasets', search: '' };
  const link = (href: string, attrs: Record<string, string> = {}) => {
    const a = document.createElement('a');
    a.href = new URL(href, here.origin).href;
    for (const [k, v] of Object.entries(attrs)) a.setAttribute(k, v);
    return a;
  };

  it('preloads internal pages only', () => {
    expect(preloadTarget(link('/news#top'), here)).toBe('https://sheaf.example/news');
    expect(preloadTarget(link('/en-US/datasets?page=2'), here)).toBe(
      'https://sheaf.example/en-US/datasets?page=2',
    );
    for (const [href, attrs] of [
      ['https://elsewhere.example/x', {}],
      ['/api/v1/openapi.json', {}],
      ['/_astro/a.js', {}],
      ['/news/rss.xml', {}],
      ['/datasets#list', {}],
      ['/news', { target: '_blank' }],
      ['/news', { download: '' }],
      ['/news', { 'data-no-preload': '' }],
    ] as const) {
      expect(preloadTarget(link(href, attrs), here), href).toBeNull();
    }
  });
});

describe('link preloads', () => {
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    document.body.innerHTML = `<a href="/news">News</a><a href="/datasets">Datasets</a>`;
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it('queues a link when the pointer rests on it or it gets focus', () => {
    const enqueue = vi.fn();
    stop = startLinkPreloads({ enqueue, inFlight: 0, waiting: 0 }, document, {
      origin: window.location.origin,
      pathname: '/',
      search: '',
    });
    const [news, datasets] = [...document.querySelectorAll('a')];
    news!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    news!.dispatchEvent(new PointerEvent('pointerout', { bubbles: true }));
    vi.advanceTimersByTime(200);
    expect(enqueue).not.toHaveBeenCalled();

    news!.dispatchEvent(new PointerEvent('pointerover', { bubbles: true }));
    vi.advanceTimersByTime(200);
    expect(enqueue).toHaveBeenCalledWith(`${window.location.origin}/news`, true);

    datasets!.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    expect(enqueue).toHaveBeenLastCalledWith(`${window.location.origin}/datasets`, true);
  });
});
