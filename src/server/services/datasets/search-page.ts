import { and, sql, type SQL } from 'drizzle-orm';
import type { DatasetListResponse } from '../../../contracts/datasets.ts';
import { SEARCH_EXACT_TOTAL_MAX } from '../../../contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import { cachedTotal, countUpTo } from './counts.ts';
import { encodeCursor, invalidCursor, summariesByIds, type Cursor } from './pages.ts';
import { exactName, orderSql, SORT_ORDER, textMatch } from './search.ts';
import { toSummary, type ViewerId } from './rows.ts';

/**
 * How many of the hottest matches a search ranks by relevance (docs/search.md, "Ranking").
 * Ranking reads every row it ranks; a common term (数据, "data") matches half of all datasets,
 * so ranking all of them would cost a scan per search.
 */
export const RANK_WINDOW = 200;

/** The order of a relevance-ranked search; its cursors carry a position. */
const RELEVANCE = 'relevance';

type Request = { offset: number; limit: number; cursor?: Cursor | undefined };
type Ranked = { id: number; hot: boolean; heat: string };

const heatOrder = orderSql(SORT_ORDER.heat.keys);

/**
 * The ranked window: the RANK_WINDOW hottest matches (walked down the heat index, so a common
 * term stops early) and every exact name match, ranked by exact name, text rank, heat and id.
 */
async function rankWindow(db: Db, filter: SQL | undefined, query: string): Promise<Ranked[]> {
  const match = textMatch(query);
  const hot = db.$with('hot').as(
    db
      .select({ id: datasets.id })
      .from(datasets)
      .where(and(filter, match.where))
      .orderBy(...heatOrder)
      .limit(RANK_WINDOW),
  );
  const exact = db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(filter, exactName(query)));
  const rows = await db
    .with(hot)
    .select({
      id: datasets.id,
      hot: sql<boolean>`${datasets.id} in (select "id" from "hot")`,
      heat: sql<string>`${datasets.heat}::text`,
    })
    .from(datasets)
    .where(sql`${datasets.id} in (select "id" from "hot" union ${exact})`)
    .orderBy(...match.order.keys.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`)));
  return rows;
}

/**
 * Whether `a` comes after `b` in heat order (heat, then id, descending). The window is in
 * relevance order, so its coldest hot row is not its last one.
 */
const colder = (a: Ranked, b: Ranked) =>
  Number(a.heat) < Number(b.heat) || (Number(a.heat) === Number(b.heat) && a.id < b.id);

/**
 * Matches after the window: those colder than its coldest hot row (exact name matches are all
 * in the window), in heat order.
 */
async function pastWindow(
  db: Db,
  filter: SQL | undefined,
  query: string,
  coldest: Ranked,
  offset: number,
  limit: number,
): Promise<number[]> {
  const heat = sql`cast(${coldest.heat} as float8)`;
  const colder = sql`(${datasets.heat} < ${heat} or (${datasets.heat} = ${heat} and ${datasets.id} < ${coldest.id}))`;
  const rows = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(
      and(
        filter,
        textMatch(query).where,
        sql`${datasets.heat} <= ${heat}`,
        colder,
        sql`not (${exactName(query)})`,
      ),
    )
    .orderBy(...heatOrder)
    .offset(offset)
    .limit(limit);
  return rows.map((r) => r.id);
}

type Total = { total: number; estimated: boolean };

/** The planner's estimate of how many rows `where` matches (PostgreSQL's statistics). */
async function plannedRows(db: Db, where: SQL | undefined): Promise<number> {
  const query = db.select({ id: datasets.id }).from(datasets).where(where);
  const result: unknown = await db.execute(sql`explain (format json) ${query}`);
  const [row] = (result as { rows: Record<string, unknown>[] }).rows;
  const plan = Object.values(row ?? {})[0] as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * How many datasets a search matches: counted up to SEARCH_EXACT_TOTAL_MAX, past it the
 * planner's estimate (at least one more than the limit), flagged as such. Counting 400,000
 * matches of 数据 at a million datasets took seconds and, under ten concurrent searches,
 * exhausted the connection pool (docs/search.md, "Totals"). Cached like list totals.
 */
function searchTotal(db: Db, where: SQL | undefined): Promise<Total> {
  return cachedTotal(db, sql`search total ${where}`, async () => {
    const [row] = await countUpTo(db, where, SEARCH_EXACT_TOTAL_MAX + 1);
    const counted = row?.n ?? 0;
    if (counted <= SEARCH_EXACT_TOTAL_MAX) return { total: counted, estimated: false };
    const planned = await plannedRows(db, where);
    return { total: Math.max(planned, counted), estimated: true };
  });
}

/** Where a relevance page starts: its cursor's position plus `offset`. */
export function startOf({ offset, cursor }: Request): number {
  if (!cursor) return offset;
  const fits = cursor.order === RELEVANCE && cursor.values.length === 1;
  if (!fits || !/^\d{1,15}$/.test(cursor.values[0]!)) throw invalidCursor();
  return Number(cursor.values[0]) + offset;
}

/**
 * A page of the datasets matching `query` (and `filter`) in relevance order: the ranked window
 * first, then the remaining matches by heat. The window's ranking (ids only) and the total are
 * kept as briefly as list totals (counts.ts): later pages and repeated searches within seconds
 * rank nothing again, while the rows themselves are always read fresh.
 */
export async function relevancePage(
  db: Db,
  viewerId: ViewerId,
  filter: SQL | undefined,
  query: string,
  request: Request,
): Promise<DatasetListResponse> {
  const start = startOf(request);
  const { limit } = request;
  const where = and(filter, textMatch(query).where);
  const [ranked, { total, estimated }] = await Promise.all([
    cachedTotal(db, sql`ranked window ${where}`, () => rankWindow(db, filter, query)),
    searchTotal(db, where),
  ]);
  let ids = ranked.slice(start, start + limit).map((r) => r.id);
  const hot = ranked.filter((r) => r.hot);
  const coldest = hot.reduce<Ranked | undefined>((c, r) => (c && !colder(r, c) ? c : r), undefined);
  if (ids.length < limit && hot.length === RANK_WINDOW && coldest) {
    const from = Math.max(0, start - ranked.length);
    ids = [...ids, ...(await pastWindow(db, filter, query, coldest, from, limit - ids.length))];
  }
  // The ranking may be a few seconds old: a dataset hidden meanwhile is left out.
  const rows = (await summariesByIds(db, ids)).filter(
    (r) => r.listed || (viewerId !== null && r.ownerId === viewerId),
  );
  const next = start + limit;
  return {
    datasets: rows.map((r) => toSummary(r, viewerId)),
    total,
    ...(estimated && { total_estimated: true as const }),
    offset: request.offset,
    limit,
    next_cursor: next < total ? encodeCursor(RELEVANCE, [String(next)]) : null,
  };
}
