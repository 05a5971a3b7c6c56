import type { DuckDBConnection } from '@duckdb/node-api';
import {
  canonicalExpr,
  numberedSource,
  orderKey,
  parquetSource,
  POSITION,
  toCell,
  type StoredColumn,
} from './columns.ts';
import { ident } from './engine.ts';
import type { RowsWhere } from './filters.ts';
import type { Cell } from './types.ts';

export type RowsRequest = {
  offset: number;
  limit: number;
  /** A column name, already checked to be one of `columns`. */
  sort?: string | undefined;
  order: 'asc' | 'desc';
  /** The rows kept (`rowsWhere`), null for every row. */
  where: RowsWhere | null;
};

/** A page's rows, with each row's number in the stored table (1-based), and the total. */
export type RowsPage = { rows: Cell[][]; numbers: number[]; total: number };

/** Rows read with their position last: the cells, and the 1-based row numbers. */
function numbered(read: unknown[][]): Pick<RowsPage, 'rows' | 'numbers'> {
  return {
    rows: read.map((row) => row.slice(0, -1).map(toCell)),
    numbers: read.map((row) => Number(row.at(-1)) + 1),
  };
}

/** The canonical values of `columns`, in order. */
const selectList = (columns: StoredColumn[]) =>
  columns.map((c) => `${canonicalExpr(c)} AS ${ident(c.name)}`).join(', ');

/** How many rows of the file `where` keeps. */
export async function countRows(
  connection: DuckDBConnection,
  file: string,
  where: RowsWhere,
): Promise<number> {
  const counted = await connection.runAndReadAll(
    `SELECT count(*) FROM ${parquetSource(file)} WHERE ${where.sql}`,
    where.params,
  );
  return Number(counted.getRows()[0]?.[0] ?? 0);
}

/**
 * A page of a version's rows. Unsorted and unfiltered, the page is picked by position
 * (`numberedSource`), which Parquet's row-group statistics narrow to the groups holding it,
 * so the last page costs what the first does. `total` is the count of the rows kept (`countRows`,
 * or the version's rows when every row is kept). Sorting is by the typed value, nulls last, ties
 * in stored order.
 */
export async function queryRows(
  connection: DuckDBConnection,
  file: string,
  columns: StoredColumn[],
  request: RowsRequest,
  total: number,
): Promise<RowsPage> {
  const { offset, limit, sort, order, where } = request;
  const source = numberedSource(file, columns);
  const select = `${selectList(columns)}, ${POSITION}`;
  const filtered = where !== null;
  const params = where?.params ?? {};
  const condition = filtered ? `WHERE ${where.sql}` : '';

  if (!filtered && sort === undefined) {
    const reader = await connection.runAndReadAll(
      `SELECT ${select} FROM ${source}
       WHERE ${POSITION} >= ${offset} AND ${POSITION} < ${offset + limit}
       ORDER BY ${POSITION}`,
    );
    return { ...numbered(reader.getRows()), total };
  }
  // A page past the middle is read from the other end in the reverse order (a short top-N
  // instead of sorting almost everything), then turned round.
  const end = Math.min(offset + limit, total);
  const reversed = offset > 0 && offset + (end - offset) / 2 > total / 2 && end > offset;
  const direction = (flip: boolean) => {
    const desc = (order === 'desc') !== flip;
    return `${desc ? 'DESC' : 'ASC'} NULLS ${flip ? 'FIRST' : 'LAST'}`;
  };
  // `stored.` names the typed column, not the canonical text selected under the same name
  // (`…00.5Z` sorts before `…00Z` as text).
  const sorted = columns.find((c) => c.name === sort);
  const orderBy = (flip: boolean) =>
    sorted === undefined
      ? `${POSITION} ${flip ? 'DESC' : 'ASC'}`
      : `${orderKey(sorted, `stored.${ident(sorted.name)}`)} ${direction(flip)}, ${POSITION} ${flip ? 'DESC' : 'ASC'}`;
  const window = reversed
    ? `LIMIT ${end - offset} OFFSET ${total - end}`
    : `LIMIT ${limit} OFFSET ${offset}`;
  const reader = await connection.runAndReadAll(
    `SELECT ${select} FROM ${source} AS stored ${condition} ORDER BY ${orderBy(reversed)} ${window}`,
    params,
  );
  const read = reader.getRows();
  if (reversed) read.reverse();
  return { ...numbered(read), total };
}
