import { z } from 'zod';
import { type BigInteger, isBigInteger, parseJsonExact } from '../lib/big-integer.ts';
import { FILTER_IN_MAX, FILTER_OPS, FILTERS_MAX, type FilterOp } from './limits.ts';
import { isRecord } from './narrowing.ts';

/**
 * Column filters on a version's rows (`filters` in the query of rows, facets and downloads):
 * JSON text of a list of `{"column", "op", "value"}`, all of which apply. The shape is checked
 * here; each column and value is checked against the version's columns by the server
 * (docs/tables.md, "Filters"). Every problem is 400 BAD_FILTER naming the filter.
 */

/**
 * A filter's value: text, a number, a boolean, or an integer past 2^53 (exact).
 * @public for the data studio's filter store, which builds the same JSON.
 */
export type FilterValue = string | number | boolean | BigInteger;

type ValueOp = Exclude<FilterOp, 'between' | 'in' | 'is_null' | 'not_null'>;

export type RowFilter =
  | { column: string; op: ValueOp; value: FilterValue }
  | { column: string; op: 'between'; value: [FilterValue, FilterValue] }
  | { column: string; op: 'in'; value: FilterValue[] }
  | { column: string; op: 'is_null' | 'not_null' };

/** What is wrong with a filter, as `details.problem` of BAD_FILTER names it. */
export type FilterProblem =
  | 'malformed'
  | 'too_many'
  | 'unknown_op'
  | 'bad_value'
  | 'unknown_column'
  | 'wrong_type'
  | 'not_for_type';

/** BAD_FILTER's details: the filter (0-based `index`, 1-based `position`) and why. */
export type FilterFault = {
  index: number | null;
  position: number | null;
  column: string | null;
  op: string | null;
  problem: FilterProblem;
  reason: string;
};

const isValue = (v: unknown): v is FilterValue =>
  typeof v === 'string' ||
  typeof v === 'boolean' ||
  (typeof v === 'number' && Number.isFinite(v)) ||
  isBigInteger(v);

const OPS: readonly string[] = FILTER_OPS;

/** The problem with the value of an `op` filter, or null when its shape is right. */
function valueProblem(op: FilterOp, has: boolean, value: unknown): string | null {
  if (op === 'is_null' || op === 'not_null') {
    return has && value !== null ? `${op} takes no value` : null;
  }
  if (op === 'between') {
    return Array.isArray(value) && value.length === 2 && value.every(isValue)
      ? null
      : 'between takes a value [lo, hi] of two values';
  }
  if (op === 'in') {
    if (!Array.isArray(value) || value.length === 0 || !value.every(isValue)) {
      return 'in takes a non-empty list of values';
    }
    return value.length > FILTER_IN_MAX ? `in takes at most ${FILTER_IN_MAX} values` : null;
  }
  return isValue(value) ? null : `${op} takes one value: text, a number or a boolean`;
}

/** A fault of the filter at `index` (or of the whole list when null). */
export function filterFault(
  index: number | null,
  filter: { column?: unknown; op?: unknown } | null,
  problem: FilterProblem,
  reason: string,
): FilterFault {
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  return {
    index,
    position: index === null ? null : index + 1,
    column: text(filter?.column),
    op: text(filter?.op),
    problem,
    reason,
  };
}

/** BAD_FILTER's message: the filter by its position and column, and why. */
export const faultMessage = (fault: FilterFault) =>
  fault.position === null
    ? `Bad filters: ${fault.reason}`
    : `Bad filter ${fault.position}${fault.column === null ? '' : ` on "${fault.column}"`}: ${fault.reason}`;

/** The filters in `text`, or the first fault found. */
function readFilters(text: string): RowFilter[] | FilterFault {
  let parsed: unknown;
  try {
    parsed = parseJsonExact(text);
  } catch {
    return filterFault(null, null, 'malformed', 'filters is not JSON');
  }
  if (!Array.isArray(parsed)) {
    return filterFault(null, null, 'malformed', 'filters is a JSON list of filters');
  }
  if (parsed.length > FILTERS_MAX) {
    return filterFault(null, null, 'too_many', `at most ${FILTERS_MAX} filters`);
  }
  const filters: RowFilter[] = [];
  for (const [index, item] of parsed.entries()) {
    if (!isRecord(item)) {
      return filterFault(index, null, 'malformed', 'a filter is an object {column, op, value}');
    }
    const { column, op, value } = item;
    const fault = (problem: FilterProblem, reason: string) =>
      filterFault(index, { column, op }, problem, reason);
    if (typeof column !== 'string' || column.trim() === '') {
      return fault('malformed', 'column must be a column name');
    }
    if (typeof op !== 'string' || !OPS.includes(op)) {
      return fault('unknown_op', `op must be one of ${FILTER_OPS.join(', ')}`);
    }
    const problem = valueProblem(op as FilterOp, 'value' in item, value);
    if (problem !== null) return fault('bad_value', problem);
    filters.push(
      (op === 'is_null' || op === 'not_null' ? { column, op } : { column, op, value }) as RowFilter,
    );
  }
  return filters;
}

const FILTERS_DESCRIPTION = `JSON text of a list of at most ${FILTERS_MAX} filters, all of which apply, each \`{"column": name, "op": op, "value": value}\`. Ops: \`eq\`, \`ne\` (missing values count as different), \`lt\`, \`le\`, \`gt\`, \`ge\` and \`between\` (value \`[lo, hi]\`, inclusive) for numbers, dates and datetimes; \`in\` (a list of at most ${FILTER_IN_MAX} values) for any column; \`contains\` and \`starts_with\` for text, ignoring case; \`is_null\` and \`not_null\` (no value). Values are checked against the column's type: integers past 2^53 as text of their digits, dates \`YYYY-MM-DD\`, datetimes ISO 8601. Any problem is 400 BAD_FILTER, whose \`details\` name the filter (\`index\`, \`column\`, \`op\`, \`problem\`, \`reason\`). Example: \`[{"column":"loans","op":"gt","value":1000}]\``;

/** `filters` in a query string: JSON text, read into the list of filters. */
export const filtersQuerySchema = z
  .string()
  .transform((text, ctx): RowFilter[] => {
    const read = readFilters(text);
    if (Array.isArray(read)) return read;
    ctx.issues.push({
      code: 'custom',
      input: text,
      message: faultMessage(read),
      params: { code: 'BAD_FILTER', details: read },
    });
    return z.NEVER;
  })
  .meta({ type: 'string', description: FILTERS_DESCRIPTION });
