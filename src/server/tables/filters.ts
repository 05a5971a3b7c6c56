import type { FilterOp } from '../../contracts/limits.ts';
import { isBigInteger } from './big-integer.ts';
import { orderKey, type StoredColumn } from './columns.ts';
import { ident } from './engine.ts';
import type { Cell } from './types.ts';

/**
 * A column filter whose column is one of the version's and whose values are already its
 * column's type, in canonical form (services/datasets/row-filters.ts checks them): one value,
 * two for `between`, the list for `in`, none for `is_null` / `not_null`.
 */
export type CheckedFilter = { column: string; op: FilterOp; values: Exclude<Cell, null>[] };

/** Which rows a read keeps: `q` over the string columns, and every filter. */
export type RowsSelection = { q?: string | undefined; filters?: CheckedFilter[] | undefined };

/** A WHERE condition and its parameters (every value bound as text, cast in SQL). */
export type RowsWhere = { sql: string; params: Record<string, string> };

/**
 * Lower case on both sides of a text match; when the text sought holds a sigma, Greek final
 * sigma (ς) counts as σ, since lower() turns Σ into σ wherever it stands and ΟΔΟΣ must find οδος
 * (without a sigma the replacement could not change a match, so the scan is spared it).
 */
function folder(text: string): (sql: string) => string {
  return /[σςΣ]/.test(text)
    ? (sql) => `replace(lower(${sql}), 'ς', 'σ')`
    : (sql) => `lower(${sql})`;
}

/** Rows where some string column contains `$q`, ignoring case; no string column → no row. */
function searchClause(columns: StoredColumn[], q: string): string {
  const text = columns.filter((c) => c.type === 'string');
  if (text.length === 0) return 'false';
  const fold = folder(q);
  return text.map((c) => `contains(${fold(ident(c.name))}, ${fold('$q')})`).join(' OR ');
}

const textOf = (cell: Exclude<Cell, null>): string =>
  isBigInteger(cell) ? cell.rawJSON : typeof cell === 'string' ? cell : String(cell);

/** SQL of a bound value as the column stores it (a local datetime compared without its `Z`). */
function typed(column: StoredColumn, param: string): string {
  switch (column.storage) {
    case 'BIGINT':
    case 'DOUBLE':
    case 'BOOLEAN':
    case 'DATE':
    case 'TIMESTAMP':
      return `CAST(${param} AS ${column.storage})`;
    case 'TIMESTAMP WITH TIME ZONE':
      return `CAST(${param} AS TIMESTAMPTZ)`;
    default:
      return column.type === 'datetime' ? `rtrim(${param}, 'Z')` : param;
  }
}

const COMPARE: Partial<Record<FilterOp, string>> = {
  eq: '=',
  ne: 'IS DISTINCT FROM',
  lt: '<',
  le: '<=',
  gt: '>',
  ge: '>=',
};

/** One filter's condition; its values are added to `params` under names starting `name`. */
function filterClause(
  column: StoredColumn,
  filter: CheckedFilter,
  name: string,
  params: Record<string, string>,
): string {
  const bound = filter.values.map((cell, k) => {
    const text = textOf(cell);
    params[`${name}_${k}`] = column.storage === 'TIMESTAMP' ? text.replace(/Z$/, '') : text;
    return `$${name}_${k}`;
  });
  const value = (k: number) => typed(column, bound[k] ?? 'NULL');
  const c = orderKey(column, ident(column.name));
  const { op } = filter;
  const comparison = COMPARE[op];
  if (comparison !== undefined) return `${c} ${comparison} ${value(0)}`;
  switch (op) {
    case 'between':
      return `${c} BETWEEN ${value(0)} AND ${value(1)}`;
    case 'in':
      return `${c} IN (${bound.map((_, k) => value(k)).join(', ')})`;
    case 'contains':
    case 'starts_with': {
      const fold = folder(params[`${name}_0`] ?? '');
      return `${op}(${fold(ident(column.name))}, ${fold(bound[0] ?? 'NULL')})`;
    }
    case 'is_null':
      return `${c} IS NULL`;
    default:
      return `${c} IS NOT NULL`;
  }
}

/** The condition keeping the selected rows, or null when every row is kept. */
export function rowsWhere(columns: StoredColumn[], selection: RowsSelection): RowsWhere | null {
  const { q, filters = [] } = selection;
  const parts: string[] = [];
  const params: Record<string, string> = {};
  if (q !== undefined && q !== '') {
    parts.push(`(${searchClause(columns, q)})`);
    params.q = q;
  }
  for (const [i, filter] of filters.entries()) {
    const column = columns.find((c) => c.name === filter.column);
    // Checked before: a filter always names one of the version's columns.
    if (column) parts.push(`(${filterClause(column, filter, `f${i}`, params)})`);
  }
  return parts.length === 0 ? null : { sql: parts.join(' AND '), params };
}
