import type { CompareRows, TableRows, VersionStats } from '../../../contracts/tables.ts';
import type { CompareApi, CompareSummary } from '../../../stores/compare.ts';
import { apiRequest } from '../../../lib/api/client.ts';
import { isApiError } from '../../../lib/api/errors.ts';
import { failureText as errorText } from '../../../lib/error-text.ts';
import type { T } from '../../../i18n/index.ts';

/** The data viewer's calls; the bearer token goes along when signed in (owners see private data). */

/** A page of rows as the client reads it (keys camelCased: `row_numbers` is `rowNumbers`). */
export type ViewerRows = Omit<TableRows, 'row_numbers'> & { rowNumbers: number[] };

export const fetchRows = (
  id: number,
  version: number,
  query: {
    offset: number;
    limit: number;
    sort?: string | undefined;
    order: string;
    q?: string | undefined;
    /** The column filters as JSON (lib/tables/view-address.ts). */
    filters?: string | undefined;
  },
  signal?: AbortSignal,
) =>
  apiRequest<ViewerRows>(`/datasets/${id}/versions/${version}/rows`, {
    query: { ...query, q: query.q || undefined },
    ...(signal ? { signal } : {}),
  });

export const fetchStats = (id: number, version: number) =>
  apiRequest<VersionStats>(`/datasets/${id}/versions/${version}/stats`);

/** Two versions compared (`key` left out: by the dataset's key). */
export const fetchCompare = (id: number, query: Parameters<CompareApi['summary']>[0]) =>
  apiRequest<CompareSummary>(`/datasets/${id}/compare`, { query });

export const fetchCompareRows = (id: number, query: Parameters<CompareApi['rows']>[0]) =>
  apiRequest<CompareRows>(`/datasets/${id}/compare/rows`, { query });

const KNOWN = [
  'UNKNOWN_COLUMN',
  'VERSION_NOT_FOUND',
  'DATASET_NOT_FOUND',
  'NETWORK_ERROR',
  'TIMEOUT',
] as const;

/** Refusals of table work, said as the API's error texts say them (with the key, the wait). */
const BOUNDS = ['COMPARE_TOO_LARGE', 'QUERY_TIMEOUT', 'SERVER_BUSY'];

/** A failure in the page's language: known codes have their own sentence. */
export function failureText(t: T, error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  const known = KNOWN.find((k) => k === code);
  if (known) return t(`viewer:error.${known}`);
  if (BOUNDS.includes(code)) return errorText(error, t) ?? t('viewer:error.generic');
  return t('viewer:error.generic');
}
