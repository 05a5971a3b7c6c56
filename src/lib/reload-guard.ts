/**
 * Failed code-chunk loads (docs/site-runtime.md): after a deploy, an open page may ask for a script
 * chunk that no longer exists. The page then reloads to get the new build, at most once per
 * path within RELOAD_GUARD_MS (a session-storage timestamp per path), so a chunk that is
 * really broken cannot cause a reload loop.
 *
 * The guard must listen before any island starts loading, so it runs as a small inline script
 * in the head of interactive pages: `reloadGuardScript()` turns the functions below into that
 * script. Each of them is therefore self-contained (no reference to anything outside its own
 * body); the unit tests call them directly.
 */

export type GuardStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * May this page reload now? True (and the time recorded) unless the same path reloaded for a
 * failed chunk less than `windowMs` ago. Storage that cannot be used means no reload.
 */
export function claimReload(
  storage: GuardStorage,
  path: string,
  now: number,
  windowMs: number,
): boolean {
  const key = `sheaf:chunk-reload:${path}`;
  try {
    const last = Number(storage.getItem(key));
    if (last > 0 && now >= last && now - last < windowMs) return false;
    storage.setItem(key, String(now));
    return true;
  } catch {
    return false;
  }
}

/** Whether an error (or rejection reason) is a script chunk that failed to load. */
export function isChunkLoadError(reason: unknown): boolean {
  const message =
    typeof reason === 'string'
      ? reason
      : reason !== null && typeof reason === 'object' && 'message' in reason
        ? String(reason.message)
        : '';
  return /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i.test(
    message,
  );
}

type GuardWindow = {
  location: { pathname: string; reload: () => void };
  sessionStorage: GuardStorage;
  addEventListener: (
    type: string,
    listener: (event: Event) => void,
    options?: boolean | AddEventListenerOptions,
  ) => void;
};

type GuardOptions = {
  windowMs: number;
  claim: typeof claimReload;
  isChunkError: typeof isChunkLoadError;
  warn: (message: string) => void;
};

/**
 * Listens for failed chunk loads: islands that could not load (`astro:hydration-error`),
 * Vite's `vite:preloadError`, unhandled rejections of dynamic imports, and `error` events of
 * script and modulepreload elements. The first one reloads the page if `claim` allows it.
 */
function installChunkReloadGuard(win: GuardWindow, options: GuardOptions): void {
  let handled = false;
  const failed = (): void => {
    if (handled) return;
    handled = true;
    const path = win.location.pathname;
    if (options.claim(win.sessionStorage, path, Date.now(), options.windowMs)) {
      win.location.reload();
    } else {
      options.warn(
        `[sheaf] a code chunk failed to load again within ${options.windowMs} ms of a reload; not reloading ${path}`,
      );
    }
  };
  win.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    failed();
  });
  win.addEventListener('astro:hydration-error', (event) => {
    const detail = (event as CustomEvent<{ error?: unknown } | null>).detail;
    if (options.isChunkError(detail?.error)) failed();
  });
  win.addEventListener('unhandledrejection', (event) => {
    if (options.isChunkError('reason' in event ? event.reason : undefined)) failed();
  });
  win.addEventListener(
    'error',
    (event) => {
      const el = event.target as { tagName?: string; src?: string; rel?: string } | null;
      const tag = el?.tagName;
      const script = tag === 'SCRIPT' && /\/_astro\//.test(el?.src ?? '');
      const preload = tag === 'LINK' && el?.rel === 'modulepreload';
      if (script || preload) failed();
    },
    true,
  );
}

/** The inline script that installs the guard on `window` (placed in the head of interactive pages). */
export function reloadGuardScript(windowMs: number): string {
  return `(${installChunkReloadGuard.toString()})(window,{windowMs:${JSON.stringify(windowMs)},claim:${claimReload.toString()},isChunkError:${isChunkLoadError.toString()},warn:function(m){console.warn(m)}});`;
}
