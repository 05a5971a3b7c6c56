import { and, eq } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { storedColumns } from '../../tables/columns.ts';
import { firstKeyProblem, keyText } from '../../tables/keys.ts';
import type { TableHeader } from '../../tables/index.ts';
import { headerOf, parquetFile } from '../table-files.ts';
import { checkOwned } from './rows.ts';

/** 400 KEY_COLUMN_UNKNOWN: the key names a column the table lacks. */
const unknownKeyColumn = (column: string) =>
  new AppError(400, 'KEY_COLUMN_UNKNOWN', `Key column "${column}" is not a column of the table`, {
    column,
  });

/** Refuses a key naming a column the table does not have (400 KEY_COLUMN_UNKNOWN). */
function checkKeyColumns(key: readonly string[], header: TableHeader): void {
  const missing = key.find((name) => !header.attributes.includes(name));
  if (missing !== undefined) throw unknownKeyColumn(missing);
}

/**
 * Refuses a stored table whose key is not unique or has an empty value, naming the first row at
 * fault (400 DUPLICATE_KEY with the row it repeats, or EMPTY_KEY). Nothing to check without a key.
 */
export async function checkKeyUnique(
  ctx: Context,
  table: { sha256: string; header: TableHeader },
  key: readonly string[],
): Promise<void> {
  if (key.length === 0) return;
  checkKeyColumns(key, table.header);
  const file = await parquetFile(ctx, table.sha256);
  const problem = await ctx.tables.use(async (connection) =>
    firstKeyProblem(connection, file, await storedColumns(connection, file, table.header), [
      ...key,
    ]),
  );
  if (!problem) return;
  const shown = keyText([...key], problem.values);
  if (problem.kind === 'empty') {
    throw new AppError(400, 'EMPTY_KEY', `Row ${problem.row} has an empty key (${shown})`, {
      row: problem.row,
      key: shown,
    });
  }
  throw new AppError(
    400,
    'DUPLICATE_KEY',
    `Row ${problem.row} repeats the key of row ${problem.first} (${shown}); a key must be unique`,
    { row: problem.row, first_row: problem.first, key: shown },
  );
}

/** The latest version of a dataset the caller owns (404 / 403 as `checkOwned` says). */
export async function latestTable(ctx: Context, datasetId: number, viewerId: number) {
  const dataset = await checkOwned(ctx.db, datasetId, viewerId);
  const [row] = await ctx.db
    .select({
      sha256: datasetVersions.sha256,
      attributes: datasetVersions.attributes,
      attributeTypes: datasetVersions.attributeTypes,
    })
    .from(datasetVersions)
    .where(
      and(
        eq(datasetVersions.datasetId, datasetId),
        eq(datasetVersions.version, dataset.latestVersion),
      ),
    );
  if (!row) throw new Error('a dataset without its latest version');
  return { dataset, sha256: row.sha256, header: headerOf(row) };
}

/** A key the owner declares on an existing dataset holds for its latest version (PUT). */
export async function checkNewKey(
  ctx: Context,
  datasetId: number,
  viewerId: number,
  key: readonly string[] | undefined,
): Promise<void> {
  if (!key?.length) return;
  await checkKeyUnique(ctx, await latestTable(ctx, datasetId, viewerId), key);
}
