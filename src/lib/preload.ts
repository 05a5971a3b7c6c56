/**
 * Route preloads: internal links are fetched ahead when the pointer rests on them or they get
 * focus (or are touched), so the next page is in the HTTP cache when it is opened. At most
 * ROUTE_PRELOAD_CONCURRENCY (4, docs/site-runtime.md) preloads are in flight; the rest wait in a queue, the
 * most recent wish first. Started by the site runtime on pages that have islands.
 */

export type PreloadQueue = {
  /** Queues a URL (once per page); `urgent` puts it at the front of the queue. */
  enqueue: (url: string, urgent?: boolean) => void;
  /** Preloads running now. */
  readonly inFlight: number;
  /** Preloads waiting for a free slot. */
  readonly waiting: number;
};

export type PreloadQueueOptions = {
  concurrency: number;
  /** Loads one URL; the slot is free again when it settles. */
  load: (url: string) => Promise<unknown>;
};

export function createPreloadQueue({ concurrency, load }: PreloadQueueOptions): PreloadQueue {
  const seen = new Set<string>();
  const queue: string[] = [];
  let inFlight = 0;

  const pump = (): void => {
    while (inFlight < concurrency && queue.length > 0) {
      const url = queue.shift();
      if (url === undefined) return;
      inFlight += 1;
      void Promise.resolve()
        .then(() => load(url))
        .catch(() => undefined)
        .finally(() => {
          inFlight -= 1;
          pump();
        });
    }
  };

  return {
    enqueue(url, urgent = false) {
      if (seen.has(url)) {
        // Still waiting: a new wish moves it to the front.
        const at = queue.indexOf(url);
        if (urgent && at > 0) queue.unshift(...queue.splice(at, 1));
        return;
      }
      seen.add(url);
      if (urgent) queue.unshift(url);
      else queue.push(url);
      pump();
    },
    get inFlight() {
      return inFlight;
    },
    get waiting() {
      return queue.length;
    },
  };
}

/**
 * The URL to preload for a link, or null when it is not an internal page of this site: another
 * origin, the API or assets, a file, a download, a new window, or the page itself.
 */
export function preloadTarget(
  anchor: Pick<HTMLAnchorElement, 'href' | 'target' | 'hasAttribute'>,
  here: Pick<Location, 'origin' | 'pathname' | 'search'>,
): string | null {
  if (!anchor.href || anchor.hasAttribute('download') || anchor.hasAttribute('data-no-preload')) {
    return null;
  }
  if (anchor.target && anchor.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(anchor.href, here.origin);
  } catch {
    return null;
  }
  if (url.origin !== here.origin) return null;
  if (/^\/(api|_astro)(\/|$)/.test(url.pathname)) return null;
  if (/\.[a-z0-9]+$/i.test(url.pathname) && !url.pathname.endsWith('.html')) return null;
  if (url.pathname === here.pathname && url.search === here.search) return null;
  url.hash = '';
  return url.href;
}

/** Preloads through `<link rel=prefetch>` (falls back to a low-priority fetch). */
export function prefetchUrl(url: string, doc: Document = document): Promise<void> {
  const link = doc.createElement('link');
  if (!link.relList.supports?.('prefetch')) {
    return fetch(url, { credentials: 'same-origin', priority: 'low' }).then(() => undefined);
  }
  return new Promise<void>((resolve) => {
    const done = () => resolve();
    link.rel = 'prefetch';
    link.href = url;
    link.addEventListener('load', done, { once: true });
    link.addEventListener('error', done, { once: true });
    // A prefetch that never reports back must not hold a slot forever.
    setTimeout(done, 15_000);
    doc.head.append(link);
  });
}

/** How long the pointer rests on a link before it is preloaded. */
const HOVER_DELAY_MS = 80;

/**
 * Preloads internal links on hover, focus and touch for the whole document. Returns a function
 * that stops listening. Does nothing when the visitor asked to save data.
 */
export function startLinkPreloads(
  queue: PreloadQueue,
  doc: Document = document,
  loc: Pick<Location, 'origin' | 'pathname' | 'search'> = window.location,
): () => void {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (connection?.saveData) return () => {};
  let hover: { anchor: Element; timer: ReturnType<typeof setTimeout> } | undefined;

  const anchorOf = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLAnchorElement>('a[href]') : null;
  const preload = (anchor: HTMLAnchorElement | null) => {
    const url = anchor && preloadTarget(anchor, loc);
    if (url) queue.enqueue(url, true);
  };
  const cancelHover = () => {
    if (hover) clearTimeout(hover.timer);
    hover = undefined;
  };

  const onOver = (event: Event) => {
    const anchor = anchorOf(event.target);
    if (!anchor || hover?.anchor === anchor) return;
    cancelHover();
    hover = { anchor, timer: setTimeout(() => preload(anchor), HOVER_DELAY_MS) };
  };
  const onOut = (event: Event) => {
    const anchor = anchorOf(event.target);
    const to: unknown = 'relatedTarget' in event ? event.relatedTarget : null;
    if (anchor && hover?.anchor === anchor && !(to instanceof Node && anchor.contains(to))) {
      cancelHover();
    }
  };
  const onNow = (event: Event) => preload(anchorOf(event.target));

  doc.addEventListener('pointerover', onOver);
  doc.addEventListener('pointerout', onOut);
  doc.addEventListener('focusin', onNow);
  doc.addEventListener('touchstart', onNow, { passive: true });
  return () => {
    cancelHover();
    doc.removeEventListener('pointerover', onOver);
    doc.removeEventListener('pointerout', onOut);
    doc.removeEventListener('focusin', onNow);
    doc.removeEventListener('touchstart', onNow);
  };
}
