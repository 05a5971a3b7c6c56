import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, deletedDatasets } from '../../db/schema.ts';

/**
 * Before datasets are deleted (`deleting` picks them): the public ones are remembered, so their
 * page says the dataset was deleted rather than never there. Private ones are not: their page
 * would tell a guest that a private dataset had been at that address.
 */
export async function rememberDeleted(tx: Db, deleting: SQL): Promise<void> {
  await tx.execute(
    sql`insert into ${deletedDatasets} (id) select ${datasets.id} from ${datasets} where ${and(
      deleting,
      eq(datasets.isPublic, true),
    )} on conflict do nothing`,
  );
}

/** Whether the dataset with this id was public when it was deleted. */
export async function wasDeleted(ctx: Context, id: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: deletedDatasets.id })
    .from(deletedDatasets)
    .where(eq(deletedDatasets.id, id));
  return row !== undefined;
}
