import { and, arrayContains, count, eq, isNull, sql, sum, type SQL } from 'drizzle-orm';
import {
  PUBLIC_DATASETS_PER_USER,
  type Dataset,
  type DatasetListQuery,
  type DatasetListResponse,
  type DatasetSearchResponse,
  type DatasetStats,
  type MyDatasetsQuery,
  type SearchQuery,
  type UserPublicDatasetsQuery,
} from '../../../contracts/datasets.ts';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import {
  datasetNotFound,
  listed,
  toDataset,
  toSummary,
  toVersion,
  versionRowsOf,
  visibleTo,
  type ViewerId,
} from './rows.ts';
import { boundedRead, searchWork } from './bounds.ts';
import { cachedTotal, keptTotal } from './counts.ts';
import { decodeCursor, positionAfter, readPage, type PageRequest } from './pages.ts';
import { prepared } from './prepared.ts';
import { keptRelevanceTotal, relevancePage } from './search-page.ts';
import { SORT_ORDER, similarMatch, textMatch, type Order } from './search.ts';

/** Where a page starts, as the request says it (see pages.ts). */
type At = { offset: number; limit: number; cursor?: string | undefined };

/** A page, and where in its whole list it starts (0-based; counted for search answers only). */
type Found = { page: DatasetListResponse; start: number };

/** What a page lists: the filters, the search query if any, the order asked for. */
type Asked = {
  viewerId: ViewerId;
  filters: SQL[];
  query: string | undefined;
  order: Order | undefined;
  /** The order without a query nor an order asked for. */
  fallback: Order;
  /** Whether to count where the page starts (search answers show page numbers). */
  numbered: boolean;
};

/**
 * The page of `asked` on `db`: the datasets the search index finds, or, when it finds none,
 * those with similar words (see search.ts). `order` defaults to the match's ranking, else
 * `fallback`.
 */
async function findPage(db: Db, asked: Asked, request: PageRequest): Promise<Found> {
  const { viewerId, filters, query, order, fallback, numbered } = asked;
  const { cursor, offset } = request;
  const listed = async (where: SQL | undefined, by: Order): Promise<Found> => ({
    page: await readPage(db, viewerId, where, by, { ...request, search: Boolean(query) }),
    start: numbered && cursor ? (await positionAfter(db, where, by, cursor)) + offset : offset,
  });
  if (!query) return listed(and(...filters), order ?? fallback);
  const similar = similarMatch(query);
  if (!similar || cursor?.order !== similar.order.name) {
    let found: Found;
    if (order) found = await listed(and(...filters, textMatch(query).where), order);
    else {
      const ranked = await relevancePage(db, viewerId, and(...filters), query, request);
      found = { page: ranked.page, start: numbered ? await ranked.start() : offset };
    }
    if (found.page.total > 0 || !similar) return found;
  }
  const near = await listed(and(...filters, similar.where), order ?? similar.order);
  // Said in the answer, so nobody reads "populaton" as a word these datasets hold.
  return near.page.total > 0 ? { ...near, page: { ...near.page, similar: true } } : near;
}

/**
 * Whether the cache answers the search of `asked`: its ranked window and total are kept and the
 * page lies in the window, and when nothing matched, no near miss was found either (kept too).
 * Pages in an asked order, and near misses found, read their rows fresh.
 */
function answeredFromCache(db: Db, asked: Asked, request: PageRequest): boolean {
  const { filters, query, order } = asked;
  const similar = query ? similarMatch(query) : null;
  if (!query || order || (similar && request.cursor?.order === similar.order.name)) return false;
  const total = keptRelevanceTotal(db, and(...filters), query, request);
  if (total === undefined) return false;
  return total > 0 || !similar || keptTotal(db, and(...filters, similar.where)!) === 0;
}

/**
 * A page of a list or search, every statement of it bounded in time (bounds.ts); a search the
 * cache cannot answer takes its turn through the search gate.
 */
function matchingPage(ctx: Context, asked: Asked, at: At): Promise<Found> {
  const cursor = at.cursor === undefined ? undefined : decodeCursor(at.cursor);
  const request = { offset: at.offset, limit: at.limit, cursor };
  const find = () => boundedRead(ctx, (db) => findPage(db, asked, request));
  if (!asked.query) return find();
  return searchWork(ctx, answeredFromCache(ctx.db, asked, request), find);
}

/**
 * GET /datasets. Public datasets by default. `is_public=false` lists the caller's own private
 * datasets (nothing for a guest, nothing of anyone else). `owner_id` set to the caller's own id
 * lists all of theirs; set to anyone else's, only their public ones. With `query` and no `sort`,
 * results are ranked by relevance; otherwise the sort defaults to `recent`.
 */
export async function listDatasets(
  ctx: Context,
  viewerId: ViewerId,
  input: DatasetListQuery,
): Promise<DatasetListResponse> {
  const filters: SQL[] = [];
  if (input.is_public === false) {
    filters.push(eq(datasets.isPublic, false));
    filters.push(viewerId === null ? sql`false` : eq(datasets.ownerId, viewerId));
  } else if (
    input.is_public === true ||
    input.owner_id === undefined ||
    input.owner_id !== viewerId
  ) {
    filters.push(listed);
  }
  if (input.owner_id !== undefined) filters.push(eq(datasets.ownerId, input.owner_id));
  if (input.tags?.length) filters.push(arrayContains(datasets.tags, input.tags));
  if (input.language) filters.push(eq(datasets.language, input.language));
  if (input.license === 'none') filters.push(isNull(datasets.license));
  else if (input.license) filters.push(eq(datasets.license, input.license));
  const order = input.sort && SORT_ORDER[input.sort];
  const asked = { viewerId, filters, query: input.query, order, fallback: SORT_ORDER.recent };
  return (await matchingPage(ctx, { ...asked, numbered: false }, input)).page;
}

/** GET /datasets/me: the caller's own datasets, private ones included. */
export async function listMyDatasets(
  ctx: Context,
  viewerId: number,
  input: MyDatasetsQuery,
): Promise<DatasetListResponse> {
  const order = SORT_ORDER[input.sort_by];
  const filters = [eq(datasets.ownerId, viewerId)];
  const asked = { viewerId, filters, query: input.query, order, fallback: order, numbered: false };
  return (await matchingPage(ctx, asked, input)).page;
}

/**
 * GET /datasets/user/public: a user's public datasets, newest first. Only the first
 * 100 are ever listed: `total` counts at most 100 and a page never reaches past them.
 */
export async function listUserPublicDatasets(
  ctx: Context,
  viewerId: ViewerId,
  input: UserPublicDatasetsQuery,
): Promise<DatasetListResponse> {
  const limit = Math.max(0, Math.min(input.limit, PUBLIC_DATASETS_PER_USER - input.offset));
  const statements = prepared(ctx.db);
  const [rows, [total]] = await Promise.all([
    limit === 0
      ? []
      : statements.userPublicPage.execute({ owner: input.user_id, offset: input.offset, limit }),
    statements.userPublicTotal.execute({ owner: input.user_id }),
  ]);
  return {
    datasets: rows.map((r) => toSummary(r, viewerId)),
    total: total?.n ?? 0,
    offset: input.offset,
    limit,
    next_cursor: null,
  };
}

/**
 * GET /datasets/search: datasets the caller may see (public ones and their own) ranked by
 * relevance, with page numbers. An empty query lists them newest first. The page numbers count
 * from where the page starts in the whole list, after a `cursor` too.
 */
export async function searchDatasets(
  ctx: Context,
  viewerId: ViewerId,
  input: SearchQuery,
): Promise<DatasetSearchResponse> {
  const filters = [visibleTo(viewerId)];
  const asked = { viewerId, filters, query: input.query, order: undefined, numbered: true };
  const { page, start } = await matchingPage(ctx, { ...asked, fallback: SORT_ORDER.recent }, input);
  const { total, limit, next_cursor } = page;
  return {
    ...page,
    current_page: Math.floor(start / limit) + 1,
    total_pages: Math.ceil(total / limit),
    page_size: limit,
    has_next: next_cursor !== null,
    has_prev: start > 0,
  };
}

/**
 * GET /datasets/stats: how many public datasets there are and how often they were downloaded
 * (cached like list totals, see counts.ts).
 */
export function datasetStats(ctx: Context): Promise<DatasetStats> {
  return cachedTotal(ctx.db, 'stats', async () => {
    const [row] = await ctx.db
      .select({ n: count(), downloads: sum(datasets.downloadCount).mapWith(Number) })
      .from(datasets)
      .where(listed);
    return { total_datasets: row?.n ?? 0, total_downloads: row?.downloads ?? 0 };
  });
}

/** A dataset's versions, newest first. */
export async function versionsOf(db: Db, datasetId: number) {
  const rows = await prepared(db).versions.execute({ id: datasetId });
  return rows.map(toVersion);
}

/** GET /datasets/{id}: the dataset with its versions, or 404 when the caller may not see it. */
export async function getDataset(ctx: Context, id: number, viewerId: ViewerId): Promise<Dataset> {
  const [row] = await prepared(ctx.db).visibleDetail.execute({ id, viewer: viewerId ?? -1 });
  if (!row) throw datasetNotFound();
  return toDataset(row, viewerId, versionRowsOf(row.versions));
}
