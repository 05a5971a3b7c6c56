import { and, count, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import { exactName, idIn, idsFirst, orderSql, SORT_ORDER, textMatch } from './search.ts';

/**
 * How many of the hottest matches a search ranks by relevance (docs/search.md, "Ranking").
 * Ranking reads every row it ranks; a common term (数据, "data") matches half of all datasets,
 * so ranking all of them would cost a scan per search.
 */
export const RANK_WINDOW = 200;

/**
 * Where the ranked window ends: the heat and id of the RANK_WINDOW-th hottest match when the
 * first page was read, or null when fewer matched (then every match is ranked). Cursors carry
 * it, so the window's members stay the same from page to page (docs/search.md, "Cursors").
 */
export type Threshold = { heat: string; id: number } | null;

/** A row of the ranked window with its relevance keys, as text where they are floats. */
export type Ranked = { id: number; exact: boolean; rank: string; heat: string };

/** A match past the window, in heat order. */
export type Cold = { id: number; heat: string };

const heatOrder = orderSql(SORT_ORDER.heat.keys);

/**
 * What a search matches: the datasets of `filter` that `query` finds. `counted`: the search
 * counted them (at most SEARCH_EXACT_TOTAL_MAX, docs/search.md "Totals").
 */
export type Matching = { filter: SQL | undefined; query: string; counted: boolean };

/**
 * The condition of `m`'s matches. Counted ones are few: their ids are read from the search
 * index first, and the heat order sorts only them. Left to itself, the planner may instead walk
 * the heat index down the whole table for a term it expects to be common and which matches
 * few datasets or none (a rare term took 325 ms at 100,000 datasets).
 */
function matchingWhere(m: Matching): SQL | undefined {
  const where = and(m.filter, textMatch(m.query).where);
  return m.counted ? idsFirst(where) : where;
}

/** `(heat, id)` at or past `at` in heat order (descending), the heat bound on its own. */
const heatFrom = (at: { heat: string; id: number }, inclusive: boolean) => {
  const heat = sql`cast(${at.heat} as float8)`;
  const id = inclusive ? sql`${datasets.id} >= ${at.id}` : sql`${datasets.id} > ${at.id}`;
  return sql`${datasets.heat} >= ${heat} and (${datasets.heat} > ${heat} or ${id})`;
};

/** `(heat, id)` after `at` in heat order (descending). */
const heatAfter = (at: { heat: string; id: number }) => {
  const heat = sql`cast(${at.heat} as float8)`;
  return sql`${datasets.heat} <= ${heat} and (${datasets.heat} < ${heat} or ${datasets.id} < ${at.id})`;
};

/** The coldest of `rows` in heat order (heat, then id, descending). */
const coldest = (rows: Ranked[]): Ranked | undefined =>
  rows.reduce<Ranked | undefined>((c, r) => {
    const colder = !c || Number(r.heat) < Number(c.heat);
    return colder || (Number(r.heat) === Number(c.heat) && r.id < c.id) ? r : c;
  }, undefined);

/**
 * The ranked window, ranked by exact name, text rank, heat and id: for a first page (`first`)
 * the RANK_WINDOW hottest matches (walked down the heat index, so a common term stops early)
 * and every exact name match, with the threshold they set; for a cursor's page the matches at
 * or above its threshold in heat (all of them without one) and every exact name match.
 */
export async function rankWindow(
  db: Db,
  m: Matching,
  at: Threshold | 'first',
): Promise<{ threshold: Threshold; ranked: Ranked[] }> {
  const { filter, query } = m;
  const match = textMatch(query);
  const [exact, rank] = match.order.keys;
  const matching = db.select({ id: datasets.id }).from(datasets);
  const hot = db.$with('hot').as(
    at === 'first'
      ? matching
          .where(matchingWhere(m))
          .orderBy(...heatOrder)
          .limit(RANK_WINDOW)
      : matching.where(and(matchingWhere(m), at ? heatFrom(at, true) : undefined)),
  );
  const named = db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(filter, exactName(query)));
  const rows = await db
    .with(hot)
    .select({
      id: datasets.id,
      exact: sql<boolean>`${exact!.expr}`,
      rank: sql<string>`${rank!.expr}::text`,
      heat: sql<string>`${datasets.heat}::text`,
      hot: sql<boolean>`${datasets.id} in (select "id" from "hot")`,
    })
    .from(datasets)
    .where(idIn(sql`select "id" from "hot" union ${named}`))
    .orderBy(...match.order.keys.map((k) => sql`${k.expr} desc`));
  const ranked = rows.map(({ hot: _hot, ...r }) => r);
  if (at !== 'first') return { threshold: at, ranked };
  const hottest = rows.filter((r) => r.hot);
  const edge = hottest.length === RANK_WINDOW ? coldest(hottest) : undefined;
  return { threshold: edge ? { heat: edge.heat, id: edge.id } : null, ranked };
}

/** The matches past the window that are not exact names, after `from` when given. */
function coldWhere(m: Matching, threshold: Exclude<Threshold, null>, from: Cold | undefined) {
  return and(
    matchingWhere(m),
    heatAfter(threshold),
    from ? heatAfter(from) : undefined,
    sql`not (${exactName(m.query)})`,
  );
}

/** Matches past the window in heat order, after `from` (a cursor's row) when given. */
export async function coldRows(
  db: Db,
  m: Matching,
  at: { threshold: Exclude<Threshold, null>; from?: Cold | undefined },
  offset: number,
  limit: number,
): Promise<Cold[]> {
  return db
    .select({ id: datasets.id, heat: sql<string>`${datasets.heat}::text` })
    .from(datasets)
    .where(coldWhere(m, at.threshold, at.from))
    .orderBy(...heatOrder)
    .offset(offset)
    .limit(limit);
}

/** How many matches past the window come up to and including `row` (for page numbers). */
export async function coldPosition(
  db: Db,
  m: Matching,
  threshold: Exclude<Threshold, null>,
  row: Cold,
): Promise<number> {
  const [found] = await db
    .select({ n: count() })
    .from(datasets)
    .where(and(coldWhere(m, threshold, undefined), heatFrom(row, true)));
  return found?.n ?? 0;
}
