import { and, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { DatasetListResponse } from '../../../contracts/datasets.ts';
import { SEARCH_EXACT_TOTAL_MAX } from '../../../contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import { cachedTotal, countUpTo, keptTotal } from './counts.ts';
import { readsAs } from './cursor-values.ts';
import { encodeCursor, invalidCursor, summariesByIds, type Cursor } from './pages.ts';
import { textMatch } from './search.ts';
import { toSummary, type ViewerId } from './rows.ts';
import {
  coldPosition,
  coldRows,
  rankWindow,
  type Cold,
  type Matching,
  type Ranked,
  type Threshold,
} from './search-window.ts';
import { resultRows } from '../../db/result-rows.ts';

/** The order of a relevance-ranked search. */
const RELEVANCE = 'relevance';

type Request = { offset: number; limit: number; cursor?: Cursor | undefined };

/**
 * Where a relevance page starts (docs/search.md, "Cursors"): the window's threshold as the
 * first page found it, and the last row shown — a window row by its relevance keys, or a row
 * past the window by its heat and id.
 */
type Place = { threshold: Threshold } & (
  { in: 'window'; row: Ranked } | { in: 'cold'; row: Cold } | { in: 'start' }
);

/** A cursor's values: `[w|c, threshold heat, threshold id, …the row's keys]`. */
function placeOf(cursor: Cursor): Place {
  const v = cursor.values;
  const [where, tHeat, tId] = v;
  const noThreshold = tHeat === '' && tId === '';
  const fits =
    cursor.order === RELEVANCE &&
    (noThreshold || (readsAs('float8', tHeat ?? '') && readsAs('int', tId ?? ''))) &&
    ((where === 'w' &&
      v.length === 7 &&
      readsAs('boolean', v[3]!) &&
      readsAs('real', v[4]!) &&
      readsAs('float8', v[5]!) &&
      readsAs('int', v[6]!)) ||
      (where === 'c' &&
        !noThreshold &&
        v.length === 5 &&
        readsAs('float8', v[3]!) &&
        readsAs('int', v[4]!)));
  if (!fits) throw invalidCursor();
  const threshold = noThreshold ? null : { heat: tHeat!, id: Number(tId) };
  return where === 'w'
    ? {
        threshold,
        in: 'window',
        row: { exact: v[3] === 'true', rank: v[4]!, heat: v[5]!, id: Number(v[6]) },
      }
    : { threshold, in: 'cold', row: { heat: v[3]!, id: Number(v[4]) } };
}

/** The cursor after `row`: a window row (it has relevance keys) or a row past the window. */
function cursorAt(threshold: Threshold, row: Ranked | Cold): string {
  const t = threshold ? [threshold.heat, String(threshold.id)] : ['', ''];
  const keys =
    'rank' in row
      ? ['w', ...t, String(row.exact), row.rank, row.heat, String(row.id)]
      : ['c', ...t, row.heat, String(row.id)];
  return encodeCursor(RELEVANCE, keys);
}

/** Relevance keys compared as the database orders them (all descending): > 0 when `a` is later. */
const keyOf = (r: Ranked) => [r.exact ? 1 : 0, Number(r.rank), Number(r.heat), r.id];
function later(a: Ranked, b: Ranked): boolean {
  const [x, y] = [keyOf(a), keyOf(b)];
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i]! < y[i]!;
  return false;
}

type Total = { total: number; estimated: boolean };

/** What `explain (format json)` answers, as far as the estimate goes. */
const planSchema = z.tuple([z.object({ Plan: z.object({ 'Plan Rows': z.number() }) })]);

/** The planner's estimate of how many rows `where` matches (PostgreSQL's statistics). */
async function plannedRows(db: Db, where: SQL | undefined): Promise<number> {
  const query = db.select({ id: datasets.id }).from(datasets).where(where);
  const result: unknown = await db.execute(sql`explain (format json) ${query}`);
  const [row] = resultRows(result);
  const plan = planSchema.safeParse(Object.values(row ?? {})[0]);
  return Math.round(plan.data?.[0].Plan['Plan Rows'] ?? 0);
}

/**
 * How many datasets a search matches: counted up to SEARCH_EXACT_TOTAL_MAX, past it the
 * planner's estimate (at least one more than the limit), flagged as such. Counting 400,000
 * matches of 数据 at a million datasets took seconds and, under ten concurrent searches,
 * exhausted the connection pool (docs/search.md, "Totals"). Cached like list totals.
 */
const totalKey = (where: SQL | undefined) => sql`search total ${where}`;

function searchTotal(db: Db, where: SQL | undefined): Promise<Total> {
  return cachedTotal(db, totalKey(where), async () => {
    const [row] = await countUpTo(db, where, SEARCH_EXACT_TOTAL_MAX + 1);
    const counted = row?.n ?? 0;
    if (counted <= SEARCH_EXACT_TOTAL_MAX) return { total: counted, estimated: false };
    const planned = await plannedRows(db, where);
    return { total: Math.max(planned, counted), estimated: true };
  });
}

const thresholdOf = (place: Place) => (place.in === 'start' ? 'first' : place.threshold);
const windowKey = (where: SQL | undefined, place: Place) =>
  sql`ranked window ${where} ${JSON.stringify(thresholdOf(place))}`;
const placeAt = (cursor: Cursor | undefined): Place =>
  cursor ? placeOf(cursor) : { threshold: null, in: 'start' };

/** The window's threshold (a cursor's, else as of now) and its ranking, both kept briefly. */
function windowAt(db: Db, m: Matching, place: Place) {
  const where = and(m.filter, textMatch(m.query).where);
  const load = () => rankWindow(db, m, thresholdOf(place));
  return cachedTotal(db, windowKey(where, place), load);
}

/** The window's rows after the place a page starts from. */
const restOf = (ranked: Ranked[], place: Place) =>
  place.in === 'cold' ? [] : ranked.filter((r) => place.in === 'start' || later(r, place.row));

/**
 * The total of a relevance page when the cache holds its window and total and the page lies
 * within the window (it is then read without ranking or counting anything), else undefined.
 */
export function keptRelevanceTotal(
  db: Db,
  filter: SQL | undefined,
  query: string,
  request: Request,
): number | undefined {
  const place = placeAt(request.cursor);
  const where = and(filter, textMatch(query).where);
  const total = keptTotal<Total>(db, totalKey(where));
  const window = keptTotal<Awaited<ReturnType<typeof rankWindow>>>(db, windowKey(where, place));
  if (!total || !window || place.in === 'cold') return undefined;
  const within = request.offset + request.limit < restOf(window.ranked, place).length;
  return window.threshold === null || within ? total.total : undefined;
}

type Found = { page: DatasetListResponse; start: () => Promise<number> };

/**
 * A page of the datasets matching `query` (and `filter`) in relevance order: the ranked window
 * first, then the remaining matches by heat. Cursors are keyset ones that keep the window's
 * threshold, so datasets published or removed between pages neither repeat nor skip a row. The
 * window's ranking (ids and keys) and the total are kept as briefly as list totals (counts.ts);
 * the rows themselves are always read fresh.
 */
export async function relevancePage(
  db: Db,
  viewerId: ViewerId,
  filter: SQL | undefined,
  query: string,
  request: Request,
): Promise<Found> {
  const { offset, limit } = request;
  const place = placeAt(request.cursor);
  // The total first (usually kept): it tells whether the matches are few enough to read first.
  const { total, estimated } = await searchTotal(db, and(filter, textMatch(query).where));
  const m: Matching = { filter, query, counted: !estimated };
  const { threshold, ranked } = await windowAt(db, m, place);
  const rest = restOf(ranked, place);
  const shown: (Ranked | Cold)[] = rest.slice(offset, offset + limit + 1);
  if (shown.length <= limit && threshold) {
    const from = place.in === 'cold' ? place.row : undefined;
    const skip = Math.max(0, offset - rest.length);
    shown.push(...(await coldRows(db, m, { threshold, from }, skip, limit + 1 - shown.length)));
  }
  const more = shown.length > limit;
  const page = shown.slice(0, limit);
  const last = page.at(-1);
  // The ranking may be a few seconds old: a dataset hidden meanwhile is left out.
  const rows = (
    await summariesByIds(
      db,
      page.map((r) => r.id),
    )
  ).filter((r) => r.listed || (viewerId !== null && r.ownerId === viewerId));
  const start = async () => {
    if (place.in === 'start') return offset;
    if (place.in === 'window') return ranked.filter((r) => !later(r, place.row)).length + offset;
    const cold = await coldPosition(db, m, place.threshold!, place.row);
    return ranked.length + cold + offset;
  };
  return {
    page: {
      datasets: rows.map((r) => toSummary(r, viewerId)),
      total,
      ...(estimated && { total_estimated: true as const }),
      offset,
      limit,
      next_cursor: more && last ? cursorAt(threshold, last) : null,
    },
    start,
  };
}
