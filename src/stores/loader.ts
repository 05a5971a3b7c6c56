import { map, type MapStore } from 'nanostores';

/** Nothing asked yet (or the asking was cancelled), under way, answered, or failed. */
export type LoadStatus = 'idle' | 'loading' | 'ready' | 'failed';

export type LoaderState<P, D> = {
  status: LoadStatus;
  /** What was last asked for (the request under way, or the one answered or failed). */
  params: P | null;
  /** The last answer, kept while another is loaded and after a failure; null before any. */
  data: D | null;
  /** Why the last request failed, or null. */
  error: unknown;
};

export type Loader<P, D> = {
  $loader: MapStore<LoaderState<P, D>>;
  /** Asks for `params`; a request still under way is aborted and its answer ignored. */
  load: (params: P) => Promise<void>;
  /** Asks again for what was last asked for (nothing before the first `load`). */
  retry: () => Promise<void>;
  /** Changes what is shown (say, removes an item); the status and any failure stay. */
  update: (change: (data: D | null) => D | null) => void;
  /** Aborts the request under way, if any, and ignores its answer. */
  cancel: () => void;
};

/**
 * Loading without its markup: what was asked for, its status, the answer and the failure. Only
 * the latest request counts: starting another aborts the one under way (through the signal
 * given to `fetch`) and an earlier answer arriving late is dropped. `combine` makes the shown
 * data from the one before and the answer (another page appended, say); by default the answer
 * replaces it. The island shows the state; see docs/pages.md.
 */
export function createLoader<P, D>(options: {
  fetch: (params: P, signal: AbortSignal) => Promise<D>;
  combine?: (before: D | null, answer: D, params: P) => D;
}): Loader<P, D> {
  const $loader = map<LoaderState<P, D>>({
    status: 'idle',
    params: null,
    data: null,
    error: null,
  });
  let current: AbortController | null = null;
  let asked = false;
  const combine = options.combine ?? ((_before: D | null, answer: D) => answer);

  const cancel = () => {
    current?.abort();
    current = null;
    if ($loader.get().status === 'loading') $loader.setKey('status', 'idle');
  };

  const load = async (params: P) => {
    cancel();
    asked = true;
    const request = new AbortController();
    current = request;
    $loader.set({ ...$loader.get(), status: 'loading', params, error: null });
    try {
      const answer = await options.fetch(params, request.signal);
      if (current !== request) return;
      const data = combine($loader.get().data, answer, params);
      $loader.set({ status: 'ready', params, data, error: null });
    } catch (error) {
      if (current !== request) return;
      $loader.set({ ...$loader.get(), status: 'failed', error });
    } finally {
      if (current === request) current = null;
    }
  };

  return {
    $loader,
    load,
    retry: async () => {
      if (asked) await load($loader.get().params as P);
    },
    update(change) {
      $loader.setKey('data', change($loader.get().data));
    },
    cancel,
  };
}

/**
 * A `combine` for lists loaded a page at a time (`offset` in the params): the first page
 * replaces what is shown, a later one is added to the end of its `key` list.
 */
export function nextPage<K extends string, D extends Record<K, unknown[]>>(key: K) {
  return (before: D | null, page: D, { offset }: { offset: number }): D =>
    offset === 0 || !before ? page : { ...page, [key]: [...before[key], ...page[key]] };
}
