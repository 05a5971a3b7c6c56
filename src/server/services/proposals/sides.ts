import { and, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { datasetVersions } from '../../db/schema.ts';
import { storedColumns } from '../../tables/columns.ts';
import type { CompareSide } from '../../tables/compare.ts';
import type { ThreeSides } from '../../tables/three-way.ts';
import type { TableHeader } from '../../tables/types.ts';
import { headerOf, parquetFile } from '../table-files.ts';

/** A table by its blob and its columns: a version's, or a proposal's proposed table. */
export type TableRef = { sha256: string; header: TableHeader };

/** The proposed table of a proposal row. */
export const proposedOf = (row: {
  proposedSha256: string;
  proposedAttributes: string[];
  proposedAttributeTypes: Record<string, string>;
}): TableRef => ({
  sha256: row.proposedSha256,
  header: headerOf({
    attributes: row.proposedAttributes,
    attributeTypes: row.proposedAttributeTypes,
  }),
});

/** Versions of a dataset by number, as tables. */
async function versionTables(
  ctx: Context,
  datasetId: number,
  versions: number[],
): Promise<Map<number, TableRef>> {
  const rows = await ctx.db
    .select({
      version: datasetVersions.version,
      sha256: datasetVersions.sha256,
      attributes: datasetVersions.attributes,
      attributeTypes: datasetVersions.attributeTypes,
    })
    .from(datasetVersions)
    .where(
      and(eq(datasetVersions.datasetId, datasetId), inArray(datasetVersions.version, versions)),
    );
  return new Map(rows.map((r) => [r.version, { sha256: r.sha256, header: headerOf(r) }]));
}

/** The version `version` of a dataset as a table (it exists: versions are never deleted alone). */
export async function versionTable(
  ctx: Context,
  datasetId: number,
  version: number,
): Promise<TableRef> {
  const found = (await versionTables(ctx, datasetId, [version])).get(version);
  if (!found) throw new Error(`dataset ${datasetId} has no version ${version}`);
  return found;
}

/** Tables as the comparisons read them: their Parquet files and stored columns. */
export async function sidesOf<K extends string>(
  ctx: Context,
  tables: Record<K, TableRef>,
): Promise<Record<K, CompareSide>> {
  const entries = Object.entries(tables) as [K, TableRef][];
  const files = await Promise.all(entries.map(([, t]) => parquetFile(ctx, t.sha256)));
  const columns = await ctx.tables.use(async (connection) => {
    const found: CompareSide['columns'][] = [];
    for (const [i, [, t]] of entries.entries())
      found.push(await storedColumns(connection, files[i]!, t.header));
    return found;
  });
  return Object.fromEntries(
    entries.map(([name], i) => [name, { file: files[i]!, columns: columns[i]! }]),
  ) as Record<K, CompareSide>;
}

/** A proposal's base, the dataset's latest version and its proposed table. */
export async function threeSides(
  ctx: Context,
  row: { datasetId: number; baseVersion: number; latestVersion: number } & Parameters<
    typeof proposedOf
  >[0],
): Promise<ThreeSides> {
  const versions = await versionTables(ctx, row.datasetId, [row.baseVersion, row.latestVersion]);
  const base = versions.get(row.baseVersion);
  const latest = versions.get(row.latestVersion);
  if (!base || !latest) throw new Error(`a proposal of dataset ${row.datasetId} lost a version`);
  return sidesOf(ctx, { base, latest, proposed: proposedOf(row) });
}
