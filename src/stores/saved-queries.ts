/**
 * The queries saved on a dataset, as the SQL console lists them: load, save, delete. The calls
 * come in as `SavedQueriesApi` (src/lib/api/sql.ts in the browser), so the flow runs without a
 * browser in its tests.
 */
import { map, type MapStore } from 'nanostores';
import type { SavedQuery } from '../lib/api/sql.ts';

export type SavedQueriesApi = {
  list: (datasetId: number) => Promise<{ queries: SavedQuery[]; ownerId: number | null }>;
  save: (datasetId: number, body: { title: string; sql: string }) => Promise<SavedQuery>;
  remove: (datasetId: number, queryId: number) => Promise<void>;
};

type SavedQueriesState = {
  status: 'idle' | 'loading' | 'ready' | 'failed';
  queries: SavedQuery[];
  /** The dataset's owner, who may delete any of them. */
  ownerId: number | null;
  saving: boolean;
  /** Why the last save or delete failed; null when it did not. */
  error: unknown;
};

export type SavedQueries = {
  $saved: MapStore<SavedQueriesState>;
  load: () => Promise<void>;
  /** Saves a query; the saved query, or null when the save failed (`error` says why). */
  save: (title: string, sql: string) => Promise<SavedQuery | null>;
  remove: (queryId: number) => Promise<void>;
};

/** Whether `viewerId` may delete `query`: its author, or the dataset's owner. */
export const mayDelete = (query: SavedQuery, viewerId: number | null, ownerId: number | null) =>
  viewerId !== null && (query.author.id === viewerId || ownerId === viewerId);

export function createSavedQueries(api: SavedQueriesApi, datasetId: number): SavedQueries {
  const $saved = map<SavedQueriesState>({
    status: 'idle',
    queries: [],
    ownerId: null,
    saving: false,
    error: null,
  });
  const load = async () => {
    $saved.setKey('status', 'loading');
    try {
      const { queries, ownerId } = await api.list(datasetId);
      $saved.set({ ...$saved.get(), status: 'ready', queries, ownerId });
    } catch {
      $saved.setKey('status', 'failed');
    }
  };
  const save = async (title: string, sql: string) => {
    if ($saved.get().saving) return null;
    $saved.set({ ...$saved.get(), saving: true, error: null });
    try {
      const saved = await api.save(datasetId, { title, sql });
      const queries = [saved, ...$saved.get().queries];
      $saved.set({ ...$saved.get(), queries, saving: false });
      return saved;
    } catch (error) {
      $saved.set({ ...$saved.get(), saving: false, error });
      return null;
    }
  };
  const remove = async (queryId: number) => {
    $saved.setKey('error', null);
    try {
      await api.remove(datasetId, queryId);
      const queries = $saved.get().queries.filter((q) => q.id !== queryId);
      $saved.setKey('queries', queries);
    } catch (error) {
      $saved.setKey('error', error);
    }
  };
  return { $saved, load, save, remove };
}
