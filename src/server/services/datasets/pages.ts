import { and, count, not, or, sql, type SQL } from 'drizzle-orm';
import type { DatasetListResponse } from '../../../contracts/datasets.ts';
import { SEARCH_EXACT_TOTAL_MAX } from '../../../contracts/limits.ts';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import { cachedTotal } from './counts.ts';
import { readsAs } from './cursor-values.ts';
import { nearestLandmark } from './landmarks.ts';
import { prepared } from './prepared.ts';
import { toSummary, type SummaryRow, type ViewerId } from './rows.ts';
import { idsFirst, orderSql, type Order, type OrderKey } from './search.ts';

/**
 * Pages of dataset lists, equally cheap however deep (docs/datasets.md, "Deep pages"):
 *
 * 1. the page's ids, with the values of its order's keys, from the rows matching the filter —
 *    for the public sorts an index-only walk of `datasets_public_*_idx`, touching no other column;
 * 2. the summaries of only those ids (owner and origin joined), by one prepared statement;
 * 3. the total from the brief per-filter cache (counts.ts).
 *
 * `offset` skips rows as before; a `cursor` (the `next_cursor` of the previous page) starts
 * right after the row it names, so its cost does not grow with depth.
 */

/**
 * Where a page starts: after the cursor's row (when given), then `offset` rows further.
 * `search`: the filter is a search's match, whose ids are read first when it counted few
 * (SEARCH_EXACT_TOTAL_MAX or fewer; docs/search.md, "Few matches are read first").
 */
export type PageRequest = {
  offset: number;
  limit: number;
  cursor?: Cursor | undefined;
  search?: boolean;
};

/** A decoded cursor: the order it was made for and its last row's key values, as text. */
export type Cursor = { order: string; values: string[] };

export function encodeCursor(order: string, values: string[]): string {
  return Buffer.from(JSON.stringify([order, ...values])).toString('base64url');
}

export const invalidCursor = () =>
  badRequest('cursor is invalid', [{ field: 'cursor', message: 'cursor is invalid' }]);

/** 400 unless `cursor` was made for `order`: its name, one value per key, each of its type. */
function checkCursor(cursor: Cursor, order: Order): void {
  const fits =
    cursor.order === order.name &&
    cursor.values.length === order.keys.length &&
    order.keys.every((key, i) => readsAs(key.type, cursor.values[i]!));
  if (!fits) throw invalidCursor();
}

/** The cursor of a request; 400 when it is not one that `encodeCursor` made. */
export function decodeCursor(text: string): Cursor {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || !parsed.every((v) => typeof v === 'string')) {
    throw invalidCursor();
  }
  const [order, ...values] = parsed;
  return { order: order!, values };
}

/**
 * Rows after the cursor's row in `keys` order: for keys k1…kn and values v1…vn, k1 past v1, or
 * k1 = v1 and k2 past v2, and so on. The first key's bound is repeated on its own so that an
 * index on it starts the scan at the cursor.
 */
function after(keys: OrderKey[], values: string[]): SQL {
  const value = (i: number) => sql`cast(${values[i]} as ${sql.raw(keys[i]!.type)})`;
  const past = (i: number) =>
    keys[i]!.desc ? sql`${keys[i]!.expr} < ${value(i)}` : sql`${keys[i]!.expr} > ${value(i)}`;
  const branches = keys.map((_, i) =>
    and(...keys.slice(0, i).map((k, j) => sql`${k.expr} = ${value(j)}`), past(i)),
  );
  const first = keys[0]!;
  const bound = first.desc ? sql`${first.expr} <= ${value(0)}` : sql`${first.expr} >= ${value(0)}`;
  return and(bound, or(...branches)) as SQL;
}

/**
 * How many rows of `where` come up to and including the cursor's row in `order`: the position
 * of the row the page after it starts with (0-based). A count of the rows before it, so it
 * costs what a total does; only search answers, which report page numbers, ask for it.
 */
export async function positionAfter(
  db: Db,
  where: SQL | undefined,
  order: Order,
  cursor: Cursor,
): Promise<number> {
  checkCursor(cursor, order);
  const through = not(after(order.keys, cursor.values));
  const [row] = await db.select({ n: count() }).from(datasets).where(and(where, through));
  return row?.n ?? 0;
}

/** The summaries of `ids`, in that order (one prepared statement, reused by every list). */
export async function summariesByIds(db: Db, ids: number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return [];
  const rows = await prepared(db).summariesByIds.execute({ ids });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The total of datasets matching `where`, from the brief cache (counts.ts). */
const totalOf = (db: Db, where: SQL | undefined) =>
  cachedTotal(db, where ?? 'all', async () => {
    const [row] = await db.select({ n: count() }).from(datasets).where(where);
    return row?.n ?? 0;
  });

/**
 * The ids of a page with the text of their order keys (for the next cursor). The keys are cast
 * to text outside the page's subquery, so rows skipped by `offset` cost an index entry each.
 */
async function pageIds(
  db: Db,
  where: SQL | undefined,
  keys: OrderKey[],
  offset: number,
  limit: number,
) {
  const inner = Object.fromEntries(keys.map((k, i) => [`k${i}`, k.expr.as(`k${i}`)]));
  const page = db
    .select({ id: datasets.id, ...inner })
    .from(datasets)
    .where(where)
    .orderBy(...orderSql(keys))
    .offset(offset)
    .limit(limit)
    .as('page');
  const column = (i: number) => sql.raw(`"page"."k${i}"`);
  const keyText = sql.join(
    keys.map((_, i) => sql`${column(i)}::text`),
    sql`, `,
  );
  return db
    .select({ id: page.id, key: sql<string[]>`array[${keyText}]` })
    .from(page)
    .orderBy(...keys.map((k, i) => (k.desc ? sql`${column(i)} desc` : sql`${column(i)} asc`)));
}

/** One page of datasets matching `where` in `order`, with the total and the next cursor. */
export async function readPage(
  db: Db,
  viewerId: ViewerId,
  where: SQL | undefined,
  order: Order,
  { offset, limit, cursor, search }: PageRequest,
): Promise<DatasetListResponse> {
  if (cursor) checkCursor(cursor, order);
  // The total first (usually kept): a filter that matches nothing reads no page, and a search
  // that matches few reads their ids first, however the planner would have walked an order's
  // index looking for them.
  const total = await totalOf(db, where);
  let ids: Awaited<ReturnType<typeof pageIds>> = [];
  if (total > 0) {
    const matches = search && total <= SEARCH_EXACT_TOTAL_MAX ? idsFirst(where) : where;
    const start = cursor
      ? { after: cursor.values, skip: offset }
      : await nearestLandmark(db, matches, order, offset);
    const from = and(matches, start.after && after(order.keys, start.after));
    ids = await pageIds(db, from, order.keys, start.skip, limit + 1);
  }
  const more = ids.length > limit;
  const shown = more ? ids.slice(0, limit) : ids;
  const rows = await summariesByIds(
    db,
    shown.map((r) => r.id),
  );
  const last = shown.at(-1);
  return {
    datasets: rows.map((r) => toSummary(r, viewerId)),
    total,
    offset,
    limit,
    next_cursor: more && last ? encodeCursor(order.name, last.key) : null,
  };
}
