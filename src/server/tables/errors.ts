import { tableError } from '../../lib/tables/table-errors.ts';
import type { TableError } from './types.ts';

/** Errors that mean "too big" rather than "malformed": the API answers them with 413. */
const LIMIT_ERROR_CODES: readonly string[] = [
  'TOO_MANY_COLUMNS',
  'TOO_MANY_ROWS',
  'UPLOAD_TOO_LARGE',
];

export const isLimitError = (errors: readonly TableError[]): boolean =>
  errors.some((e) => LIMIT_ERROR_CODES.includes(e.code));

/** Thrown by the streaming functions (parsers, writers) when the content is invalid. */
export class TableValidationError extends Error {
  override name = 'TableValidationError';
  readonly errors: TableError[];
  constructor(errors: TableError[]) {
    super(errors[0]?.message ?? 'Invalid table');
    this.errors = errors;
  }
  /** True when the table broke a size limit (413) rather than a rule (400). */
  get isLimit(): boolean {
    return isLimitError(this.errors);
  }
}

/** A file with nothing in it, not even the line naming the columns. */
export const emptyInput = () =>
  new TableValidationError([
    tableError(
      null,
      null,
      'EMPTY_INPUT',
      'The file is empty: its first line must name the columns',
    ),
  ]);
