/**
 * A list read a page at a time with "load more" (the notifications inbox, the datasets watched,
 * the community lists): the first page, each next one added to the end, a retry of the page that
 * failed, and a status line (`$message`) for what an action on the list did. Built on the loader
 * (stores/loader.ts): only the latest request counts.
 */
import { atom, computed, type ReadableAtom, type WritableAtom } from 'nanostores';
import type { PageQuery } from '../lib/api/community.ts';
import { DEFAULT_PAGE_SIZE } from '../lib/constants.ts';
import { createLoader, nextPage, type LoaderState } from './loader.ts';

type Offset = { offset: number };

export type PagedList<D> = {
  $list: ReadableAtom<LoaderState<Offset, D>>;
  /** Whether more than is shown is there to load. */
  $hasMore: ReadableAtom<boolean>;
  /** What the last action on the list did, for a status line; '' for nothing. */
  $message: WritableAtom<string>;
  /** Loads the first page. */
  start: () => Promise<void>;
  /** Loads the next page; nothing while a page loads or when all is shown. */
  more: () => Promise<void>;
  retry: () => Promise<void>;
  cancel: () => void;
  /** Changes what is shown (an item marked or removed); the status stays. */
  update: (change: (data: D) => D) => void;
};

export function createPagedList<
  K extends string,
  D extends Record<K, unknown[]> & { total: number },
>(key: K, fetch: (page: PageQuery, signal: AbortSignal) => Promise<D>): PagedList<D> {
  const loader = createLoader<Offset, D>({
    fetch: ({ offset }, signal) => fetch({ offset, limit: DEFAULT_PAGE_SIZE }, signal),
    combine: nextPage<K, D>(key),
  });
  const $list = loader.$loader;
  const shown = () => $list.get().data?.[key].length ?? 0;
  const $hasMore = computed($list, ({ data }) => data !== null && data[key].length < data.total);

  return {
    $list,
    $hasMore,
    $message: atom(''),
    start: () => loader.load({ offset: 0 }),
    more: async () => {
      if ($list.get().status === 'loading' || !$hasMore.get()) return;
      await loader.load({ offset: shown() });
    },
    retry: () => loader.retry(),
    cancel: () => loader.cancel(),
    update: (change) => loader.update((data) => data && change(data)),
  };
}
