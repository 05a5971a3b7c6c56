/**
 * The calls of the owner's page of a private dataset (stores/private-dataset.ts), with the owner's
 * token. They answer wire shapes (snake_case, as the server-rendered public page reads them):
 * change summaries and rows key user data by column names, which must not change case.
 */
import type { ChangesResponse } from '../../contracts/changes.ts';
import type { Dataset, VersionContent } from '../../contracts/datasets.ts';
import type { DiscussionList } from '../../contracts/discussions.ts';
import type { TableRows } from '../../contracts/tables.ts';
import type { PrivateDatasetApi } from '../../stores/private-dataset.ts';
import { keysToSnake } from '../case.ts';
import { apiRequest } from './client.ts';
import { getDataset, getLatestVersion, previewMarkdown } from './datasets.ts';

const wire = <T>(path: string, query: Record<string, unknown>) =>
  apiRequest<T>(path, { query, responseType: 'wire' });

export const privateDatasetApi: PrivateDatasetApi = {
  dataset: async (id) => keysToSnake<Dataset>(await getDataset(id)),
  preview: async (id, limit) =>
    keysToSnake<VersionContent>(await getLatestVersion(id, { offset: 0, limit })),
  rows: (id, version, query) =>
    wire<TableRows>(`/datasets/${id}/versions/${version}/rows`, query).catch(() => null),
  // The data viewer reads the statistics itself once shown.
  versionStats: () => Promise.resolve(null),
  changes: async (id, since) =>
    (await wire<ChangesResponse>(`/datasets/${id}/changes`, { since })).changes,
  discussions: (id) => wire<DiscussionList>(`/datasets/${id}/discussions`, { limit: 100 }),
  cardHtml: async (markdown) => (await previewMarkdown(markdown)).html,
};
