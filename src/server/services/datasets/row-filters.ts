import {
  faultMessage,
  filterFault,
  type FilterProblem,
  type RowFilter,
} from '../../../contracts/row-filters.ts';
import { AppError } from '../../errors.ts';
import type { CheckedFilter } from '../../tables/filters.ts';
import type { AttributeType, TableHeader } from '../../tables/index.ts';
import { coerce, INVALID } from '../../../lib/tables/values.ts';

const RANGE_OPS = new Set(['lt', 'le', 'gt', 'ge', 'between']);
const TEXT_OPS = new Set(['contains', 'starts_with']);
const ORDERED_TYPES = new Set<AttributeType>(['integer', 'number', 'date', 'datetime']);

const EXPECTED: Record<AttributeType, string> = {
  integer: 'an integer (past 2^53, its digits as text)',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date, YYYY-MM-DD',
  datetime: 'a datetime, ISO 8601 (YYYY-MM-DDTHH:MM:SS, with Z or an offset for UTC)',
  string: 'text',
};

/** The values a filter carries, in a list (one, two, many or none). */
const valuesOf = (filter: RowFilter) =>
  !('value' in filter) ? [] : Array.isArray(filter.value) ? filter.value : [filter.value];

/** The reason `op` does not apply to a column of `type`, or null when it does. */
function opProblem(op: string, type: AttributeType): string | null {
  if (RANGE_OPS.has(op) && !ORDERED_TYPES.has(type)) {
    return `${op} is for numbers, dates and datetimes, and this column is ${type}`;
  }
  if (TEXT_OPS.has(op) && type !== 'string') {
    return `${op} is for text, and this column is ${type}`;
  }
  return null;
}

/**
 * The filters checked against the version's columns and types, values in their column's
 * canonical form; 400 BAD_FILTER naming the first filter that names no column, applies an op
 * its column's type does not take, or carries a value that is not of the column's type.
 */
export function checkFilters(header: TableHeader, filters: RowFilter[]): CheckedFilter[] {
  return filters.map((filter, index) => {
    const refuse = (problem: FilterProblem, reason: string) => {
      const fault = filterFault(index, filter, problem, reason);
      return new AppError(400, 'BAD_FILTER', faultMessage(fault), fault);
    };
    if (!header.attributes.includes(filter.column)) {
      throw refuse('unknown_column', `"${filter.column}" is not a column of this version`);
    }
    const type = header.attributeTypes[filter.column] ?? 'string';
    const wrongOp = opProblem(filter.op, type);
    if (wrongOp !== null) throw refuse('not_for_type', wrongOp);
    const values = valuesOf(filter).map((value) => {
      const cell = coerce(value, type);
      if (cell === INVALID) {
        throw refuse('wrong_type', `${JSON.stringify(value)} is not ${EXPECTED[type]}`);
      }
      if (cell === null) throw refuse('bad_value', 'an empty value matches nothing; use is_null');
      return cell;
    });
    return { column: filter.column, op: filter.op, values };
  });
}
