/**
 * Two versions of a dataset compared, as the viewer's compare panel shows them: the choice
 * (versions and key), the summary fetched once per compare, and a page of one kind of row. The
 * key is the dataset's own (all its columns) until another is chosen, a column or whole rows;
 * the pages of a compare are asked by the key its summary was asked by. The calls come in as
 * `CompareApi` (src/islands/datasets/viewer/api.ts in the browser), so tests need no DOM.
 */
import { map, type MapStore } from 'nanostores';
import type { CompareRows, VersionCompare } from '../contracts/tables.ts';
import type { CompareKind } from '../contracts/limits.ts';
import type { Camelize } from '../lib/case.ts';
import { openingKind } from '../lib/tables/viewer.ts';

/** A comparison's summary as the client reads it (`key_columns` is `keyColumns`). */
export type CompareSummary = Camelize<VersionCompare>;

/**
 * The two versions compared and the key: null for the dataset's key (which the answer names),
 * '' for whole rows, else a column's name.
 */
export type CompareChoice = { from: number; to: number; key: string | null };

export type CompareApi = {
  summary: (query: {
    from: number;
    to: number;
    key?: string | undefined;
  }) => Promise<CompareSummary>;
  rows: (query: {
    from: number;
    to: number;
    key?: string | undefined;
    kind: CompareKind;
    offset: number;
    limit: number;
  }) => Promise<CompareRows>;
};

/** A compare that has run: its choice, summary, and the page of the kind shown. */
export type CompareResult = {
  choice: CompareChoice;
  summary: CompareSummary;
  kind: CompareKind;
  page: CompareRows;
};

type CompareState = {
  choice: CompareChoice;
  result: CompareResult | null;
  busy: boolean;
  /** Why the last call failed; null when it did not. */
  error: unknown;
};

export type CompareStore = {
  $compare: MapStore<CompareState>;
  choose: (change: Partial<CompareChoice>) => void;
  /** Compares the chosen versions by the chosen key; opens on the first kind with rows. */
  run: () => Promise<void>;
  /** Another page, or another kind, of the compare that ran. */
  showRows: (kind: CompareKind, offset: number) => Promise<void>;
};

/** The `key` a choice sends: none for the dataset's key. */
const keyParam = (choice: CompareChoice) => choice.key ?? undefined;

/** A compare of the newest version with the one before it, by the dataset's key. */
export function createCompareStore(
  api: CompareApi,
  options: { versions: number[]; pageRows: number },
): CompareStore {
  const newest = options.versions[0] ?? 1;
  const $compare = map<CompareState>({
    choice: { from: options.versions[1] ?? newest, to: newest, key: null },
    result: null,
    busy: false,
    error: null,
  });

  const load = async (
    choice: CompareChoice,
    kind: CompareKind | null,
    offset: number,
    known?: CompareSummary,
  ) => {
    $compare.set({ ...$compare.get(), busy: true, error: null });
    try {
      const { from, to } = choice;
      const key = keyParam(choice);
      const summary = known ?? (await api.summary({ from, to, key }));
      const shown = kind ?? openingKind(summary.rows);
      const page = await api.rows({
        from,
        to,
        key,
        kind: shown,
        offset,
        limit: options.pageRows,
      });
      $compare.set({
        ...$compare.get(),
        result: { choice, summary, kind: shown, page },
        busy: false,
      });
    } catch (error) {
      $compare.set({ ...$compare.get(), busy: false, error });
    }
  };

  return {
    $compare,
    choose: (change) => $compare.setKey('choice', { ...$compare.get().choice, ...change }),
    run: () => load($compare.get().choice, null, 0),
    showRows: async (kind, offset) => {
      const { result } = $compare.get();
      if (result) await load(result.choice, kind, offset, result.summary);
    },
  };
}

/**
 * The columns the dataset's key stood for in the last compare by it (an empty list: it compared
 * whole rows); null until one has run.
 */
export function datasetKeyUsed(state: Pick<CompareState, 'result'>): string[] | null {
  const { result } = state;
  if (result === null || result.choice.key !== null) return null;
  return result.summary.keyColumns ?? [];
}
