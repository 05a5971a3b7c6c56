/**
 * Datasets calls, one function each, with the dataset cache (docs/browser-client.md, Caches): reads are cached
 * for 10 minutes; creating a dataset clears all caches; updating or deleting one, or adding a
 * version, drops its entries and every list. Large tables go up as a stream with progress
 * (`uploadDataset`, `uploadVersion`); JSON bodies can report progress too (`onProgress`).
 */
import { cachedDataset, cachedDatasetList, clearAllCaches, invalidateDataset } from '../cache.ts';
import { keysToSnake } from '../case.ts';
import { API_PREFIX } from '../constants.ts';
import { IDEMPOTENCY_KEY_HEADER, SEARCH_PAGE_SIZE } from '../../contracts/limits.ts';
import type { VersionMode } from '../../contracts/limits.ts';
import { apiRequest } from './client.ts';
import { uploadRequest, type UploadProgress } from './upload.ts';
import type {
  Dataset,
  DatasetListFilters,
  DatasetMetadata,
  DatasetPage,
  DatasetSearchPage,
  DatasetStats,
  DatasetUpdate,
  DatasetVersion,
  DownloadFormat,
  MyDatasetsFilters,
  NewDataset,
  TableContent,
  TableValidation,
  VersionContent,
  VersionPayload,
} from './types.ts';

export type SendOptions = {
  /** Upload progress; the call then goes through XMLHttpRequest. */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  /** A publish's `Idempotency-Key`: sent again, the same request publishes nothing new. */
  idempotencyKey?: string;
};

/** The client's options of a send: its progress, signal and `Idempotency-Key` header. */
const sent = ({ idempotencyKey: key, ...options }: SendOptions) =>
  key === undefined ? options : { ...options, headers: { [IDEMPOTENCY_KEY_HEADER]: key } };

/**
 * A table file sent as the raw body: CSV (first line: column names) or JSON Lines, with the
 * column types it declares (the server infers the others).
 */
export type TableFile = {
  body: Blob;
  format: 'csv' | 'tsv' | 'jsonl';
  attributeTypes?: Record<string, string>;
};

/** Declared types in the query of a streamed upload: JSON text, left out when there are none. */
const typesParam = (file: TableFile) =>
  file.attributeTypes && Object.keys(file.attributeTypes).length > 0
    ? JSON.stringify(file.attributeTypes)
    : undefined;

const CONTENT_TYPES: Record<TableFile['format'], string> = {
  csv: 'text/csv; charset=utf-8',
  tsv: 'text/tab-separated-values; charset=utf-8',
  jsonl: 'application/x-ndjson; charset=utf-8',
};

const NO_STATS: DatasetStats = { totalDatasets: 0, totalDownloads: 0 };

/** Runs a change and then drops what it may have made stale, whether it succeeded or not. */
async function changing<T>(change: Promise<T>, forget: () => void): Promise<T> {
  try {
    return await change;
  } finally {
    forget();
  }
}

const tagsParam = (tags?: string[]) => (tags && tags.length > 0 ? tags.join(',') : undefined);

/* ---------- reading ---------- */

/**
 * GET /datasets/stats; a failed lookup quietly answers 0 for both (docs/browser-client.md).
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export async function getDatasetStats(): Promise<DatasetStats> {
  try {
    return await cachedDatasetList('/datasets/stats', {}, () =>
      apiRequest<DatasetStats>('/datasets/stats'),
    );
  } catch {
    return NO_STATS;
  }
}

/**
 * GET /datasets with query, tags, language, isPublic, ownerId, sort, offset, limit.
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function listDatasets(filters: DatasetListFilters = {}): Promise<DatasetPage> {
  const query = { ...filters, tags: tagsParam(filters.tags) };
  return cachedDatasetList('/datasets', query, () =>
    apiRequest<DatasetPage>('/datasets', { query }),
  );
}

/** GET /datasets/me: the signed-in user's datasets, private ones included. */
export function listMyDatasets(filters: MyDatasetsFilters = {}): Promise<DatasetPage> {
  return cachedDatasetList('/datasets/me', filters, () =>
    apiRequest<DatasetPage>('/datasets/me', { query: filters, auth: 'required' }),
  );
}

/** GET /datasets/user/public: a user's public datasets (at most their first 100). */
export function listUserPublicDatasets(
  userId: number,
  page: { offset?: number; limit?: number } = {},
): Promise<DatasetPage> {
  const query = { userId, ...page };
  return cachedDatasetList('/datasets/user/public', query, () =>
    apiRequest<DatasetPage>('/datasets/user/public', { query }),
  );
}

/**
 * GET /datasets/search with query, offset, limit (12 a page unless told).
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function searchDatasets({
  query,
  offset = 0,
  limit = SEARCH_PAGE_SIZE,
}: {
  query: string;
  offset?: number;
  limit?: number;
}): Promise<DatasetSearchPage> {
  const params = { query, offset, limit };
  return cachedDatasetList('/datasets/search', params, () =>
    apiRequest<DatasetSearchPage>('/datasets/search', { query: params }),
  );
}

/** GET /datasets/{id}: the dataset with its versions, newest first. */
export function getDataset(id: number): Promise<Dataset> {
  return cachedDataset(id, '', () => apiRequest<Dataset>(`/datasets/${id}`));
}

/**
 * GET /datasets/{id}/versions, newest first.
 * @public A call of the browser client (docs/browser-client.md) that no island makes yet.
 */
export function listVersions(id: number): Promise<DatasetVersion[]> {
  return cachedDataset(id, 'versions', async () => {
    const { versions } = await apiRequest<{ versions: DatasetVersion[] }>(
      `/datasets/${id}/versions`,
    );
    return versions;
  });
}

/** GET /datasets/{id}/version: a page of the latest version's rows (default the first 100). */
export function getLatestVersion(
  id: number,
  page: { offset?: number; limit?: number } = {},
): Promise<VersionContent> {
  const part = `version?offset=${page.offset ?? 0}&limit=${page.limit ?? ''}`;
  return cachedDataset(id, part, () =>
    apiRequest<VersionContent>(`/datasets/${id}/version`, { query: page }),
  );
}

/**
 * The address of a version's download (GET /datasets/{id}/versions/{version}/data.<format>, the
 * format in the path, as tools expect). Relative
 * to the site unless PUBLIC_API_BASE names another origin, so server-rendered links are right
 * wherever the site runs. Guests (and plain links) only reach public datasets.
 */
export function downloadUrl(id: number, version: number, format: DownloadFormat): string {
  const configured: unknown = import.meta.env.PUBLIC_API_BASE;
  const base = typeof configured === 'string' ? configured.replace(/\/+$/, '') : '';
  return `${base}${API_PREFIX}/datasets/${id}/versions/${version}/data.${format}`;
}

/** The download as a file, sent with the bearer token (a private dataset's owner needs it). */
export function downloadVersion(
  id: number,
  version: number,
  format: DownloadFormat,
): Promise<Blob> {
  return apiRequest<Blob>(`/datasets/${id}/versions/${version}/download`, {
    query: { format },
    responseType: 'blob',
  });
}

/** POST /datasets/validate: is the content valid, and what is wrong (row and column). */
export function validateContent(content: TableContent): Promise<TableValidation> {
  return apiRequest<TableValidation>('/datasets/validate', { method: 'POST', body: content });
}

/* ---------- changing ---------- */

/** Sends a JSON body: through XMLHttpRequest when progress is wanted, else the API client. */
function sendJson<T>(path: string, body: unknown, options: SendOptions): Promise<T> {
  const { onProgress, ...rest } = sent(options);
  if (!onProgress) {
    return apiRequest<T>(path, { method: 'POST', body, rawBody: true, auth: 'required', ...rest });
  }
  return uploadRequest<T>(path, {
    body: JSON.stringify(body),
    contentType: 'application/json',
    onProgress,
    ...rest,
  });
}

/** POST /datasets (metadata and version 1 as JSON). Clears all caches. */
export function createDataset(input: NewDataset, options: SendOptions = {}): Promise<Dataset> {
  return changing(sendJson<Dataset>('/datasets', keysToSnake(input), options), clearAllCaches);
}

/**
 * POST /datasets with the table as a streamed CSV or JSON Lines body and the metadata in the
 * query; the server infers the column types not declared over all rows. Clears all caches.
 */
export function uploadDataset(
  meta: DatasetMetadata & { changelog?: string },
  file: TableFile,
  options: SendOptions = {},
): Promise<Dataset> {
  return changing(
    uploadRequest<Dataset>('/datasets', {
      query: {
        ...meta,
        license: meta.license ?? undefined,
        tags: tagsParam(meta.tags),
        attribute_types: typesParam(file),
      },
      body: file.body,
      contentType: CONTENT_TYPES[file.format],
      ...sent(options),
    }),
    clearAllCaches,
  );
}

/** PUT /datasets/{id}: fields left out keep their value. Drops the dataset's cache entries. */
export function updateDataset(id: number, update: DatasetUpdate): Promise<Dataset> {
  return changing(
    apiRequest<Dataset>(`/datasets/${id}`, { method: 'PUT', body: update, auth: 'required' }),
    () => invalidateDataset(id),
  );
}

/** POST /markdown: a dataset card as the dataset page will show it (sanitised HTML). */
export function previewMarkdown(markdown: string): Promise<{ html: string }> {
  return apiRequest<{ html: string }>('/markdown', {
    method: 'POST',
    body: { markdown },
    auth: 'required',
  });
}

/** DELETE /datasets/{id}. Drops the dataset's cache entries. */
export async function deleteDataset(id: number): Promise<void> {
  await changing(
    apiRequest<unknown>(`/datasets/${id}`, { method: 'DELETE', auth: 'required' }),
    () => invalidateDataset(id),
  );
}

/** POST /datasets/{id}/versions with the payload passed through unchanged; a patch's `mode`. */
export function createVersion(
  id: number,
  payload: VersionPayload,
  options: SendOptions = {},
  mode: VersionMode = 'replace',
): Promise<DatasetVersion> {
  const path = `/datasets/${id}/versions${mode === 'replace' ? '' : `?mode=${mode}`}`;
  return changing(sendJson<DatasetVersion>(path, payload, options), () => invalidateDataset(id));
}

/** POST /datasets/{id}/versions with a streamed CSV or JSON Lines body. */
export function uploadVersion(
  id: number,
  changelog: string,
  file: TableFile,
  options: SendOptions = {},
  mode: VersionMode = 'replace',
): Promise<DatasetVersion> {
  return changing(
    uploadRequest<DatasetVersion>(`/datasets/${id}/versions`, {
      query: { changelog, attribute_types: typesParam(file), mode },
      body: file.body,
      contentType: CONTENT_TYPES[file.format],
      ...sent(options),
    }),
    () => invalidateDataset(id),
  );
}
