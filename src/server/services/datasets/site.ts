import type { z } from 'zod';
import {
  CONTENT_LIMIT_MAX,
  datasetListQuerySchema,
  searchQuerySchema,
  userPublicDatasetsQuerySchema,
  type Dataset,
  type DatasetListResponse,
  type DatasetSearchResponse,
  type DatasetStats,
  type VersionContent,
  type VersionListResponse,
} from '../../../contracts/datasets.ts';
import { rowsQuerySchema, type TableRows, type VersionStats } from '../../../contracts/tables.ts';
import type { Context } from '../../context.ts';
import { AppError, nullIfNotFound } from '../../errors.ts';
import { PREVIEW_ROWS } from '../../tables/index.ts';
import {
  datasetStats,
  getDataset,
  listDatasets,
  listUserPublicDatasets,
  searchDatasets,
} from './browse.ts';
import { wasDeleted } from './deleted.ts';
import { storedChanges, versionChange, versionsFeed } from './changes-reads.ts';
import { datasetLanguages } from './languages.ts';
import { readPublicDatasetPage } from './page.ts';
import { latestContent, listVersions } from './versions.ts';
import { versionRows, versionStats } from './viewer.ts';

/** Raw page parameters (from the URL), checked like the API checks them; null when invalid. */
const parsed = <S extends z.ZodType>(schema: S, input: z.input<S>): z.output<S> | null => {
  const result = schema.safeParse(input);
  return result.success ? result.data : null;
};

/** A read refused as the API would refuse it (400, 404) is null; other failures stay failures. */
async function refusedAsNull<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof AppError && (error.status === 400 || error.status === 404)) return null;
    throw error;
  }
}

/**
 * Dataset reads for SSR pages, in the API's snake_case shapes. Pages render signed out, so
 * everything here is what a guest sees: public datasets only.
 */
export function datasetSiteReads(ctx: Context) {
  return {
    /** GET /datasets as a guest; null when a parameter is invalid (e.g. limit 1000). */
    list: async (
      input: z.input<typeof datasetListQuerySchema>,
    ): Promise<DatasetListResponse | null> => {
      const query = parsed(datasetListQuerySchema, input);
      return query && listDatasets(ctx, null, query);
    },
    /** GET /datasets/search as a guest (12 per page by default); null when invalid. */
    search: async (
      input: z.input<typeof searchQuerySchema>,
    ): Promise<DatasetSearchResponse | null> => {
      const query = parsed(searchQuerySchema, input);
      return query && searchDatasets(ctx, null, query);
    },
    /** A user's public datasets (at most their first 100); null when invalid. */
    byUser: async (
      input: z.input<typeof userPublicDatasetsQuerySchema>,
    ): Promise<DatasetListResponse | null> => {
      const query = parsed(userPublicDatasetsQuerySchema, input);
      return query && listUserPublicDatasets(ctx, null, query);
    },
    /** A public dataset with its versions, or null. */
    get: (id: number): Promise<Dataset | null> => nullIfNotFound(getDataset(ctx, id, null)),
    /** The public dataset page in one read: dataset, first rows, JSON-LD (see page.ts). */
    page: (id: number, previewRows = PREVIEW_ROWS) => readPublicDatasetPage(ctx, id, previewRows),
    /** Whether a dataset that is not there was public when it was deleted. */
    wasDeleted: (id: number): Promise<boolean> => wasDeleted(ctx, id),
    /** A public dataset's versions, newest first, or null. */
    versions: (id: number): Promise<VersionListResponse | null> =>
      nullIfNotFound(listVersions(ctx, id, null)),
    /** The first rows of a public dataset's latest version (default 20, at most 1000), or null. */
    preview: (id: number, limit = PREVIEW_ROWS): Promise<VersionContent | null> =>
      nullIfNotFound(
        latestContent(ctx, id, null, {
          offset: 0,
          limit: Math.min(Math.max(1, Math.floor(limit)), CONTENT_LIMIT_MAX),
        }),
      ),
    /**
     * A page of a public version's rows as `GET …/versions/{v}/rows` answers a guest the same
     * query (parsed by the same schema); null when the query or the version is refused (400, 404).
     */
    rows: async (
      id: number,
      version: number,
      input: Record<string, unknown>,
    ): Promise<TableRows | null> => {
      const query = parsed(rowsQuerySchema, input);
      return query && refusedAsNull(versionRows(ctx, id, version, null, query));
    },
    /** A public version's column statistics, or null. */
    versionStats: (id: number, version: number): Promise<VersionStats | null> =>
      nullIfNotFound(versionStats(ctx, id, version, null)),
    stats: (): Promise<DatasetStats> => datasetStats(ctx),
    /** A public dataset's newest versions with what changed in each, for its feed; or null. */
    versionsFeed: (id: number) => versionsFeed(ctx, id),
    /** Stored change summaries by version (read only after the dataset was found public). */
    storedChanges: (id: number) => storedChanges(ctx, id),
    /** One version's change summary (read only after the dataset was found public). */
    versionChange: (id: number, version: number) => versionChange(ctx, id, version),
    /** The languages of public datasets with their counts, most used first. */
    languages: () => datasetLanguages(ctx),
  };
}
