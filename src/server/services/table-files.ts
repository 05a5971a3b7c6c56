import { createWriteStream } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { LRUCache } from 'lru-cache';
import { asBackgroundJob } from '../lib/request-owner.ts';
import { createWorkGate } from '../lib/work-gate.ts';
import { RENDERED_SUFFIX, writeDerived, type DerivedSuffix } from '../blobs/store.ts';
import type { DownloadFormat } from '../../contracts/datasets.ts';
import type { Context } from '../context.ts';
import { datasetVersions } from '../db/schema.ts';
import { storedColumns } from '../tables/columns.ts';
import { isBigInteger, parseJsonExact } from '../../lib/big-integer.ts';
import { downloadStream } from '../tables/index.ts';
import { writeParquet } from '../tables/parquet.ts';
import { queryRows } from '../tables/query.ts';
import { computeStats, type TableStats } from '../tables/stats.ts';
import type { AttributeType, Cell, TableHeader } from '../tables/index.ts';

/**
 * Each stored table has two derived files beside its blob: its Parquet copy (what the viewer,
 * statistics, compare and the Parquet download read) and its column statistics as JSON. Both
 * are written at publish, built on first use when missing, and built for older blobs at
 * start-up. A build writes a temporary file and renames it, so a crash leaves nothing half made.
 * With BLOB_REDIRECT, the text downloads become derived files too (`storedDownload`).
 */

const building = new Map<string, Promise<unknown>>();

/**
 * One build per file at a time: concurrent callers share it. A build is a background job, not
 * the work of the request that happened to ask first: it goes on when that client leaves (the
 * file serves every later reader) under the job time limit (tables/engine.ts).
 */
function once<T>(key: string, build: () => Promise<T>): Promise<T> {
  const running = building.get(key) as Promise<T> | undefined;
  if (running) return running;
  const started = asBackgroundJob(build).finally(() => building.delete(key));
  building.set(key, started);
  return started;
}

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/** The path of the table's Parquet file, written first if missing. */
export async function parquetFile(ctx: Context, sha256: string): Promise<string> {
  const file = ctx.blobs.derivedPath(sha256, '.parquet');
  if (await ctx.blobs.fetchDerived(sha256, '.parquet')) return file;
  return once(`${sha256}.parquet`, () => writeParquet(ctx.tables, ctx.blobs, sha256));
}

/**
 * Text renderings of tables running at once (each is a table read row by row in this process);
 * more wait, past the queue 503 SERVER_BUSY. Renderings of the same file are shared (`once`).
 */
const renders = createWorkGate({ kind: 'download', concurrency: 2, queue: 64 });

/**
 * The suffix of the derived file that is the table's download in `format`, made sure to be in
 * the store: the Parquet copy, or a text format rendered once (by the download's own streaming
 * code) when first asked for. A pure function of the table, it never goes stale.
 */
export async function storedDownload(
  ctx: Context,
  sha256: string,
  format: DownloadFormat,
): Promise<DerivedSuffix> {
  if (format === 'parquet') {
    if (!(await ctx.blobs.hasDerived(sha256, '.parquet'))) await parquetFile(ctx, sha256);
    return '.parquet';
  }
  const suffix = RENDERED_SUFFIX[format];
  if (await ctx.blobs.hasDerived(sha256, suffix)) return suffix;
  await once(`${sha256}${suffix}`, () =>
    renders.run(() =>
      writeDerived(ctx.blobs, sha256, suffix, (temp) =>
        pipeline(downloadStream(ctx.blobs, sha256, format), createWriteStream(temp)),
      ),
    ),
  );
  return suffix;
}

/**
 * The statistics file's format, bumped whenever what `computeStats` answers changes (2: exact
 * histogram edges and counts; 3: text quoted at most STATS_TEXT_MAX characters, year-0000 dates,
 * datetimes stored as text ordered by time): a file of another format is computed again on its
 * next read.
 */
const STATS_FORMAT = 3;

export const statsFileText = (stats: TableStats) =>
  JSON.stringify({ format: STATS_FORMAT, ...stats });

/** A statistics file's statistics, or null when an earlier build wrote it. */
export function readStatsFile(text: string): TableStats | null {
  const { format, ...stats } = parseJsonExact(text) as TableStats & { format?: unknown };
  return format === STATS_FORMAT ? stats : null;
}

const statsCache = new LRUCache<string, TableStats>({ max: 500 });

/** The table's column statistics, computed once and kept beside the blob. */
export async function tableStats(
  ctx: Context,
  sha256: string,
  header: TableHeader,
): Promise<TableStats> {
  const cached = statsCache.get(sha256);
  if (cached) return cached;
  const file = ctx.blobs.derivedPath(sha256, '.stats.json');
  await ctx.blobs.fetchDerived(sha256, '.stats.json');
  const stored = await readFile(file, 'utf8')
    .then(readStatsFile)
    .catch(() => null);
  const stats =
    stored ??
    (await once(`${sha256}.stats`, async () => {
      const parquet = await parquetFile(ctx, sha256);
      const computed = await ctx.tables.use(async (connection) =>
        computeStats(connection, parquet, await storedColumns(connection, parquet, header)),
      );
      await writeDerived(ctx.blobs, sha256, '.stats.json', (temp) =>
        writeFile(temp, statsFileText(computed)),
      );
      return computed;
    }));
  statsCache.set(sha256, stats);
  return stats;
}

/** At publish: both derived files, before the version is committed. */
export async function prepareTableFiles(
  ctx: Context,
  sha256: string,
  header: TableHeader,
): Promise<void> {
  await parquetFile(ctx, sha256);
  // The file is what lasts: a copy only in memory (its file since removed) is computed again.
  if (!(await exists(ctx.blobs.derivedPath(sha256, '.stats.json')))) statsCache.delete(sha256);
  await tableStats(ctx, sha256, header);
}

type ConvertLog = {
  info: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

export type Conversion = { checked: number; converted: number; failed: number };

/**
 * Builds the derived files of every stored table that lacks them (blobs written before Parquet,
 * or a build a crash interrupted). Idempotent: finished tables are skipped.
 */
export async function convertTables(ctx: Context, log: ConvertLog): Promise<Conversion> {
  const rows = await ctx.db
    .selectDistinctOn([datasetVersions.sha256], {
      sha256: datasetVersions.sha256,
      attributes: datasetVersions.attributes,
      attributeTypes: datasetVersions.attributeTypes,
    })
    .from(datasetVersions);
  const result: Conversion = { checked: 0, converted: 0, failed: 0 };
  for (const row of rows) {
    result.checked++;
    const done =
      (await ctx.blobs.hasDerived(row.sha256, '.parquet')) &&
      (await ctx.blobs.hasDerived(row.sha256, '.stats.json'));
    if (done) continue;
    try {
      await prepareTableFiles(ctx, row.sha256, headerOf(row));
      result.converted++;
    } catch (err) {
      result.failed++;
      log.error({ err, sha256: row.sha256 }, 'table conversion failed');
    }
  }
  log.info(result, 'table files checked');
  return result;
}

/** A version row's columns as a table header. */
export const headerOf = (row: {
  attributes: string[];
  attributeTypes: Record<string, string>;
}): TableHeader => ({
  attributes: row.attributes,
  attributeTypes: row.attributeTypes as Record<string, AttributeType>,
});

/**
 * A version's stored preview rows with the values its blob holds. PostgreSQL's jsonb writes a
 * `number` of 2^53 or more as whole digits (`1e21` as `1000000000000000000000`), which read back
 * as a big integer; in a `number` column it is the number it was.
 */
export function previewCells(preview: unknown[][], header: TableHeader): unknown[][] {
  const numbers = header.attributes.map((a) => header.attributeTypes[a] === 'number');
  if (!numbers.includes(true)) return preview;
  return preview.map((row) =>
    row.map((cell, c) => (numbers[c] && isBigInteger(cell) ? Number(cell.rawJSON) : cell)),
  );
}

/**
 * First pages of tables (what dataset pages show), by blob and page. A blob never changes, so
 * an entry is never stale; forks and versions that share a blob share its entry.
 */
const firstPages = new LRUCache<string, Cell[][]>({ max: 2_000 });
const FIRST_PAGE_ROWS = 100;

/** Rows `offset + 1` … `offset + limit` of a stored table in stored order (from its Parquet file). */
export async function tableRows(
  ctx: Context,
  sha256: string,
  header: TableHeader,
  offset: number,
  limit: number,
): Promise<Cell[][]> {
  const first = offset === 0 && limit <= FIRST_PAGE_ROWS;
  const key = `${sha256} ${limit}`;
  const cached = first ? firstPages.get(key) : undefined;
  if (cached) return cached;
  const file = await parquetFile(ctx, sha256);
  const rows = await ctx.tables.use(async (connection) => {
    const columns = await storedColumns(connection, file, header);
    const page = await queryRows(
      connection,
      file,
      columns,
      { offset, limit, order: 'asc', where: null },
      0,
    );
    return page.rows;
  });
  if (first) firstPages.set(key, rows);
  return rows;
}
