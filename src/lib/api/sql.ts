/**
 * The SQL console's calls: queries saved on a dataset, and read keys (a version's Parquet file for
 * DuckDB, which cannot send a bearer token, when the dataset is private).
 */
import type { ReadKey as WireReadKey } from '../../contracts/downloads.ts';
import type {
  SaveQueryBody,
  SavedQuery as WireSavedQuery,
  SavedQueryList as WireSavedQueryList,
} from '../../contracts/saved-queries.ts';
import type { Camelize } from '../case.ts';
import { apiRequest } from './client.ts';

export type SavedQuery = Camelize<WireSavedQuery>;
type SavedQueryList = Camelize<WireSavedQueryList>;
type ReadKey = Camelize<WireReadKey>;

/** GET /datasets/{id}/queries: the queries saved on the dataset, newest first. */
export function listSavedQueries(datasetId: number, signal?: AbortSignal): Promise<SavedQueryList> {
  return apiRequest<SavedQueryList>(`/datasets/${datasetId}/queries`, signal && { signal });
}

/** GET /datasets/{id}/queries/{queryId}: what a shared link opens. */
export function getSavedQuery(datasetId: number, queryId: number): Promise<SavedQuery> {
  return apiRequest<SavedQuery>(`/datasets/${datasetId}/queries/${queryId}`);
}

/** POST /datasets/{id}/queries. */
export function saveQuery(datasetId: number, body: SaveQueryBody): Promise<SavedQuery> {
  return apiRequest<SavedQuery>(`/datasets/${datasetId}/queries`, {
    method: 'POST',
    body,
    auth: 'required',
  });
}

/** DELETE /datasets/{id}/queries/{queryId}: its author or the dataset's owner. */
export async function deleteSavedQuery(datasetId: number, queryId: number): Promise<void> {
  await apiRequest<null>(`/datasets/${datasetId}/queries/${queryId}`, {
    method: 'DELETE',
    auth: 'required',
  });
}

/** POST /datasets/{id}/versions/{version}/read-key. */
export function readKey(datasetId: number, version: number): Promise<ReadKey> {
  return apiRequest<ReadKey>(`/datasets/${datasetId}/versions/${version}/read-key`, {
    method: 'POST',
    auth: 'required',
  });
}
