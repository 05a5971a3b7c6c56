import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { DuckDBConnection } from '@duckdb/node-api';
import type { DownloadFormat } from '../../contracts/limits.ts';
import {
  canonicalExpr,
  numberedSource,
  orderKey,
  POSITION,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { renderRows } from './download.ts';
import { ident, literal } from './engine.ts';
import type { RowsWhere } from './filters.ts';
import type { Cell, TableHeader } from './types.ts';

/** A view of a version: the rows kept (null: all) in an order (by a column, else stored). */
export type TableView = {
  where: RowsWhere | null;
  /** A column name, already checked to be one of the version's. */
  sort?: string | undefined;
  order: 'asc' | 'desc';
};

/** Row groups of a view's Parquet file, as the version's own file has them. */
const ROW_GROUP_ROWS = 32_768;

/** The view's rows as a SELECT of `select` (the columns, in order). */
function viewQuery(
  file: string,
  columns: StoredColumn[],
  view: TableView,
  select: (column: StoredColumn) => string,
): string {
  const sorted = columns.find((c) => c.name === view.sort);
  const direction = view.order === 'desc' ? 'DESC' : 'ASC';
  const order =
    sorted === undefined
      ? POSITION
      : `${orderKey(sorted, `stored.${ident(sorted.name)}`)} ${direction} NULLS LAST, ${POSITION}`;
  return `SELECT ${columns.map((c) => `${select(c)} AS ${ident(c.name)}`).join(', ')}
    FROM ${numberedSource(file, columns)} AS stored
    ${view.where === null ? '' : `WHERE ${view.where.sql}`} ORDER BY ${order}`;
}

/**
 * Writes a view of a version to `target` in `format`: Parquet as DuckDB copies the typed
 * columns (as the version's own file), text formats rendered as the whole version's downloads
 * are (`renderRows`), from the canonical values, written as fast as the disk takes them.
 */
export async function writeView(
  connection: DuckDBConnection,
  source: { file: string; columns: StoredColumn[]; header: TableHeader },
  view: TableView,
  format: DownloadFormat,
  target: string,
): Promise<void> {
  const { file, columns, header } = source;
  const params = view.where?.params ?? {};
  if (format === 'parquet') {
    const query = viewQuery(file, columns, view, (c) => `stored.${ident(c.name)}`);
    await connection.run(
      `COPY (${query}) TO ${literal(target)}
       (FORMAT parquet, COMPRESSION zstd, ROW_GROUP_SIZE ${ROW_GROUP_ROWS})`,
      params,
    );
    return;
  }
  const query = viewQuery(file, columns, view, (c) => canonicalExpr(c, `stored.${ident(c.name)}`));
  const result = await connection.stream(query, params);
  async function* batches(): AsyncGenerator<Cell[][]> {
    for await (const rows of result.yieldRows()) yield rows.map((row) => row.map(toCell));
  }
  const out = createWriteStream(target);
  const closed = once(out, 'close');
  closed.catch(() => undefined);
  try {
    for await (const text of renderRows(format, header, batches())) {
      if (!out.write(text)) await once(out, 'drain');
    }
    out.end();
    await closed;
  } finally {
    if (!out.closed) out.destroy();
  }
}
