/**
 * The owner's page of a private dataset (islands/datasets/PrivateDataset.tsx). The server renders
 * the 404 page for it, since it cannot know who is signed in; the browser reads it as the owner:
 * the dataset, the view the address names (its tab, and the data tab's rows as the public page
 * reads them, lib/dataset-page-view.ts), and what the open tab shows besides — the card as HTML,
 * every version's change summary on the versions tab, the threads on the discussions tab. The
 * calls come in as `PrivateDatasetApi` (the API with the owner's token in the browser), so the
 * flow runs without a DOM in its tests.
 */
import { map, type MapStore } from 'nanostores';
import type { ChangeSummary } from '../contracts/changes.ts';
import { CHANGES_PAGE } from '../contracts/limits.ts';
import type { Dataset, VersionContent } from '../contracts/datasets.ts';
import type { DiscussionList } from '../contracts/discussions.ts';
import { readDataView, type DataView, type ViewReader } from '../lib/dataset-page-view.ts';
import { readView, type ViewState } from '../lib/tables/view-address.ts';
import { VIEWER_PAGE_ROWS } from '../lib/tables/viewer.ts';

/** The calls the page makes, answering wire (snake_case) shapes; a refusal rejects. */
export type PrivateDatasetApi = ViewReader['datasets'] & {
  dataset: (id: number) => Promise<Dataset>;
  /** The latest version's first rows. */
  preview: (id: number, limit: number) => Promise<VersionContent>;
  /** `GET /datasets/{id}/changes?since=N`: the summaries of the versions after N, oldest first. */
  changes: (id: number, since: number) => Promise<ChangeSummary[]>;
  discussions: (id: number) => Promise<DiscussionList>;
  /** The dataset card as the server renders it (sanitised HTML). */
  cardHtml: (markdown: string) => Promise<string>;
};

/** The page as its open tab shows it. */
export type PrivatePage = {
  dataset: Dataset;
  view: ViewState;
  /** The data view (also the compare and SQL tabs' columns); null without a version. */
  dataView: DataView | null;
  readmeHtml: string;
  /** The versions tab: each version's change summary by version; null elsewhere or unreadable. */
  changes: Map<number, ChangeSummary> | null;
  /** The discussions tab's threads; null elsewhere or unreadable. */
  discussions: DiscussionList | null;
};

type PrivateState = {
  /** Whose page it is: the signed-in user it was read for. */
  userId: number | null;
  /** Null until read, and when the dataset is not the signed-in user's to see. */
  page: PrivatePage | null;
};

export type PrivateDatasetStore = {
  $private: MapStore<PrivateState>;
  /** Reads the page for the signed-in user (null: signed out, nothing shown). */
  load: (userId: number | null) => Promise<void>;
};

/** Every version's change summary, page by page (CHANGES_PAGE at a time). */
async function allChanges(api: PrivateDatasetApi, id: number): Promise<Map<number, ChangeSummary>> {
  const found = new Map<number, ChangeSummary>();
  for (let since = 0; ;) {
    const page = await api.changes(id, since);
    for (const summary of page) found.set(summary.version, summary);
    const last = page.at(-1);
    if (page.length < CHANGES_PAGE || !last) return found;
    since = last.version;
  }
}

/** What the open tab shows besides the dataset and its data view. */
async function tabParts(api: PrivateDatasetApi, dataset: Dataset, view: ViewState) {
  const card = view.tab === 'data' || view.tab === 'card';
  const [readmeHtml, changes, discussions] = await Promise.all([
    card && dataset.readme.trim() !== '' ? api.cardHtml(dataset.readme).catch(() => '') : '',
    view.tab === 'versions' ? allChanges(api, dataset.id).catch(() => null) : null,
    view.tab === 'discussions' ? api.discussions(dataset.id).catch(() => null) : null,
  ]);
  return { readmeHtml, changes, discussions };
}

/** The page of the dataset `datasetId` at the address whose query string is `search`. */
export function createPrivateDataset(
  api: PrivateDatasetApi,
  options: { datasetId: number; search: string },
): PrivateDatasetStore {
  const $private = map<PrivateState>({ userId: null, page: null });
  const params = new URLSearchParams(options.search);
  const reader: ViewReader = { datasets: { rows: api.rows, versionStats: api.versionStats } };

  const read = async (): Promise<PrivatePage> => {
    const dataset = await api.dataset(options.datasetId);
    const preview =
      dataset.latest_version > 0
        ? await api.preview(dataset.id, VIEWER_PAGE_ROWS).catch(() => null)
        : null;
    const dataView = preview
      ? await readDataView(reader, dataset.id, { preview, stats: null }, params)
      : null;
    const view = dataView?.view ?? readView(params);
    return { dataset, view, dataView, ...(await tabParts(api, dataset, view)) };
  };

  return {
    $private,
    async load(userId) {
      $private.set({ userId, page: null });
      if (userId === null) return;
      try {
        const page = await read();
        if ($private.get().userId === userId) $private.set({ userId, page });
      } catch {
        // Not the user's to see (or unreadable): the 404 page stays.
      }
    },
  };
}
