import { and, asc, eq, gt } from 'drizzle-orm';
import { CHANGE_EXAMPLES, CHANGES_PAGE } from '../../../contracts/limits.ts';
import {
  type ChangeSummary,
  type ChangesResponse,
  type ColumnChange,
} from '../../../contracts/changes.ts';
import type { Cell, ColumnStats } from '../../../contracts/tables.ts';
import { isBigInteger } from '../../../lib/big-integer.ts';
import { asBackgroundJob } from '../../lib/request-owner.ts';
import type { Context } from '../../context.ts';
import { datasets, datasetVersions, proposals, users } from '../../db/schema.ts';
import { storedColumns } from '../../tables/columns.ts';
import { rowChanges, type RowChanges } from '../../tables/changes.ts';
import { compareColumns, type CompareSide } from '../../tables/compare.ts';
import type { TableStats } from '../../tables/stats.ts';
import type { TableHeader } from '../../tables/types.ts';
import { headerOf, parquetFile, tableStats } from '../table-files.ts';
import { findVisible, type VersionRow, type ViewerId } from './rows.ts';

/**
 * What changed in each version from the one before (docs/living-datasets.md, "What changed"):
 * computed after a publish commits and stored in `dataset_versions.change_summary`; a version
 * whose summary is missing (a failure then, or published before summaries) has it computed
 * when first asked for.
 */

/** What a summary reads of a table: a version's row, or a proposal's table as one. */
type SideRow = Pick<
  VersionRow,
  'sha256' | 'attributes' | 'attributeTypes' | 'version' | 'entriesCount'
>;
type Side = { row: SideRow; stats: TableStats };

const mean = (stats: ColumnStats | undefined): number | null => {
  const m = stats?.mean;
  if (m === null || m === undefined) return null;
  return isBigInteger(m) ? Number(m.rawJSON) : m;
};

const nullShare = (stats: ColumnStats | undefined, rows: number) =>
  stats && rows > 0 ? stats.nulls / rows : null;

/** One column before and after, from each version's stored statistics. */
function columnChange(
  before: ColumnStats | undefined,
  after: ColumnStats | undefined,
  rows: { before: number; after: number },
  changedCells: number | null,
): ColumnChange {
  return {
    type: { before: before?.type ?? null, after: after?.type ?? null },
    changed_cells: changedCells,
    null_share: { before: nullShare(before, rows.before), after: nullShare(after, rows.after) },
    distinct: { before: before?.distinct ?? null, after: after?.distinct ?? null },
    min: { before: before?.min ?? null, after: after?.min ?? null },
    max: { before: before?.max ?? null, after: after?.max ?? null },
    mean: { before: mean(before), after: mean(after) },
  };
}

/** Every column of either version (the new one's order, then the removed ones). */
function columnChanges(
  before: TableStats | null,
  after: TableStats,
  cells: Map<string, number>,
  keyed: boolean,
): Record<string, ColumnChange> {
  const old = new Map((before?.columns ?? []).map((c) => [c.name, c]));
  const now = new Map(after.columns.map((c) => [c.name, c]));
  const names = [...now.keys(), ...[...old.keys()].filter((n) => !now.has(n))];
  const rows = { before: before?.rows ?? 0, after: after.rows };
  const entries = names.map((name): [string, ColumnChange] => {
    const both = old.has(name) && now.has(name);
    const counted = keyed && both ? (cells.get(name) ?? 0) : null;
    return [name, columnChange(old.get(name), now.get(name), rows, counted)];
  });
  return Object.fromEntries(entries);
}

/** Version 1 against nothing: every row and column added. */
function firstSummary(side: Side): ChangeSummary {
  return {
    version: side.row.version,
    key: null,
    rows_added: side.row.entriesCount,
    rows_removed: 0,
    rows_changed: null,
    columns_added: side.row.attributes,
    columns_removed: [],
    columns_retyped: [],
    columns: columnChanges(null, side.stats, new Map(), false),
    examples: [],
  };
}

const sideOf = async (ctx: Context, row: SideRow): Promise<Side> => ({
  row,
  stats: await tableStats(ctx, row.sha256, headerOf(row)),
});

/** The summary of `to` against `from`, the version before it, paired by `key` when usable. */
async function summarize(
  ctx: Context,
  from: Side,
  to: Side,
  key: string[],
): Promise<ChangeSummary> {
  const [fromFile, toFile] = [
    await parquetFile(ctx, from.row.sha256),
    await parquetFile(ctx, to.row.sha256),
  ];
  const rows: RowChanges & { columns: ReturnType<typeof compareColumns> } = await ctx.tables.use(
    async (connection) => {
      const a: CompareSide = {
        file: fromFile,
        columns: await storedColumns(connection, fromFile, headerOf(from.row)),
      };
      const b: CompareSide = {
        file: toFile,
        columns: await storedColumns(connection, toFile, headerOf(to.row)),
      };
      const found = await rowChanges(connection, a, b, key, CHANGE_EXAMPLES);
      return { ...found, columns: compareColumns(a, b) };
    },
  );
  return {
    version: to.row.version,
    key: rows.key,
    rows_added: rows.added,
    rows_removed: rows.removed,
    rows_changed: rows.changed,
    columns_added: rows.columns.added.map((c) => c.name),
    columns_removed: rows.columns.removed.map((c) => c.name),
    columns_retyped: rows.columns.changed,
    columns: columnChanges(from.stats, to.stats, rows.cells, rows.key !== null),
    examples: rows.examples,
  };
}

/**
 * The summary of table `to` against table `from` (a proposal's, docs/proposals.md), numbered
 * `version`, paired by `key` when usable.
 */
export async function tableSummary(
  ctx: Context,
  from: { sha256: string; header: TableHeader },
  to: { sha256: string; header: TableHeader },
  key: string[],
  version: number,
): Promise<ChangeSummary> {
  const side = (t: typeof from) =>
    sideOf(ctx, { sha256: t.sha256, ...t.header, version, entriesCount: 0 });
  return summarize(ctx, await side(from), await side(to), key);
}

/** The proposal whose merge made a version, as its summary names it; undefined when none did. */
async function mergedProposal(ctx: Context, datasetId: number, version: number) {
  const [row] = await ctx.db
    .select({
      id: proposals.id,
      title: proposals.title,
      author: { id: users.id, username: users.username, nickname: users.nickname },
    })
    .from(proposals)
    .leftJoin(users, eq(users.id, proposals.authorId))
    .where(and(eq(proposals.datasetId, datasetId), eq(proposals.mergedVersion, version)));
  return row;
}

async function versionRow(ctx: Context, datasetId: number, version: number) {
  const [row] = await ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, datasetId), eq(datasetVersions.version, version)));
  return row;
}

/** Summaries being computed, by dataset and version: concurrent askers share one. */
const computing = new Map<string, Promise<ChangeSummary>>();

/**
 * Computes a version's summary and stores it. A background job (the job gate and its time
 * limit): it goes on when the client that asked leaves, and the next asker finds it stored.
 */
function computeSummary(ctx: Context, datasetId: number, to: VersionRow): Promise<ChangeSummary> {
  const id = `${datasetId} ${to.version}`;
  const running = computing.get(id);
  if (running) return running;
  const work = asBackgroundJob(async () => {
    const [dataset] = await ctx.db
      .select({ key: datasets.keyColumns })
      .from(datasets)
      .where(eq(datasets.id, datasetId));
    const before = await versionRow(ctx, datasetId, to.version - 1);
    const toSide = await sideOf(ctx, to);
    const proposal = await mergedProposal(ctx, datasetId, to.version);
    const summary: ChangeSummary = {
      ...(before
        ? await summarize(ctx, await sideOf(ctx, before), toSide, dataset?.key ?? [])
        : firstSummary(toSide)),
      ...(proposal && { proposal }),
    };
    if (before) {
      await ctx.db
        .update(datasetVersions)
        .set({ changeSummary: summary })
        .where(eq(datasetVersions.id, to.id));
    }
    return summary;
  }).finally(() => computing.delete(id));
  computing.set(id, work);
  return work;
}

/**
 * After a publish commits: the new version's summary, stored. Never fails the publish: a failure
 * is logged and the summary left missing, to be computed when first asked for.
 */
export async function summarizeVersion(
  ctx: Context,
  datasetId: number,
  version: number,
): Promise<void> {
  try {
    const row = await versionRow(ctx, datasetId, version);
    if (row && version > 1) await computeSummary(ctx, datasetId, row);
  } catch (error) {
    console.error(`summarizing version ${version} of dataset ${datasetId} failed:`, error);
  }
}

/** `values` with the version's columns first, in its order (jsonb keeps keys in its own order). */
function inOrder<V>(values: Record<string, V>, attributes: string[]): Record<string, V> {
  const names = Object.keys(values);
  const rest = names.filter((n) => !attributes.includes(n));
  const order = [...attributes.filter((a) => names.includes(a)), ...rest];
  return Object.fromEntries(order.map((n) => [n, values[n]!]));
}

/** A stored summary with its columns and example cells in the version's column order. */
function storedSummary(row: VersionRow): ChangeSummary {
  const stored = row.changeSummary as ChangeSummary;
  const order = (v: Record<string, Cell> | null) => v && inOrder(v, row.attributes);
  return {
    ...stored,
    version: row.version,
    columns: inOrder(stored.columns, row.attributes),
    examples: stored.examples.map((e) => ({
      ...e,
      key: order(e.key),
      before: order(e.before),
      after: order(e.after),
    })),
  };
}

/** A version's summary: stored, else computed now (version 1's from its statistics alone). */
export async function summaryOf(ctx: Context, row: VersionRow): Promise<ChangeSummary> {
  if (row.changeSummary) return storedSummary(row);
  if (row.version === 1) return firstSummary(await sideOf(ctx, row));
  return computeSummary(ctx, row.datasetId, row);
}

/** GET /datasets/{id}/changes?since=N: versions after N, oldest first, at most CHANGES_PAGE. */
export async function versionChanges(
  ctx: Context,
  id: number,
  viewerId: ViewerId,
  since: number,
): Promise<ChangesResponse> {
  const dataset = await findVisible(ctx.db, id, viewerId);
  const rows = await ctx.db
    .select()
    .from(datasetVersions)
    .where(and(eq(datasetVersions.datasetId, dataset.id), gt(datasetVersions.version, since)))
    .orderBy(asc(datasetVersions.version))
    .limit(CHANGES_PAGE);
  const changes: ChangeSummary[] = [];
  for (const row of rows) changes.push(await summaryOf(ctx, row));
  return { changes };
}
