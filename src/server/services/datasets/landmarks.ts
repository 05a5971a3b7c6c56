import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datasets } from '../../db/schema.ts';
import { cachedTotal } from './counts.ts';
import { orderSql, type Order } from './search.ts';

/** Every this many rows of a list, its landmark: where a deep `offset` starts reading. */
export const LANDMARK_STRIDE = 1000;

/**
 * The order keys (as text, like a cursor's) of rows LANDMARK_STRIDE, 2·LANDMARK_STRIDE, … of the
 * list, read in one index-only pass and kept as briefly as totals (counts.ts).
 */
function landmarks(db: Db, where: SQL | undefined, order: Order): Promise<string[][]> {
  const key = sql`landmarks ${sql.raw(order.name)} ${where ?? sql`true`}`;
  return cachedTotal(db, key, async () => {
    const inner = Object.fromEntries(order.keys.map((k, i) => [`k${i}`, k.expr.as(`k${i}`)]));
    const rank = sql<number>`row_number() over (order by ${sql.join(orderSql(order.keys), sql`, `)})`;
    const numbered = db
      .select({ ...inner, rn: rank.as('rn') })
      .from(datasets)
      .where(where)
      .as('numbered');
    const text = sql.join(
      order.keys.map((_, i) => sql`${sql.raw(`"numbered"."k${i}"`)}::text`),
      sql`, `,
    );
    const rows = await db
      .select({ key: sql<string[]>`array[${text}]` })
      .from(numbered)
      .where(sql`${numbered.rn} % ${LANDMARK_STRIDE} = 0`)
      .orderBy(numbered.rn);
    return rows.map((r) => r.key);
  });
}

/**
 * Where a page at `offset` starts: after the nearest landmark before it (its keys, to be used
 * as a cursor) and the rows still to skip from there — fewer than LANDMARK_STRIDE. Shallow
 * offsets start at the top.
 */
export async function nearestLandmark(
  db: Db,
  where: SQL | undefined,
  order: Order,
  offset: number,
): Promise<{ after?: string[]; skip: number }> {
  if (offset < LANDMARK_STRIDE) return { skip: offset };
  const marks = await landmarks(db, where, order);
  const i = Math.min(Math.floor(offset / LANDMARK_STRIDE), marks.length);
  const mark = i > 0 ? marks[i - 1] : undefined;
  return mark ? { after: mark, skip: offset - i * LANDMARK_STRIDE } : { skip: offset };
}
