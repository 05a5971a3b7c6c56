import { isBigInteger } from './big-integer.ts';
import { MAX_ERRORS, type TableError } from './types.ts';

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

export const tableError = (
  row: number | null,
  column: string | null,
  code: string,
  message: string,
): TableError => ({ row, column, code, message });

/** Quotes a value for a message, cut to a readable length. */
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

export function show(value: unknown): string {
  if (isBigInteger(value)) return value.rawJSON;
  if (typeof value !== 'string') return String(value);
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

export const where = (row: number, column?: string) =>
  column === undefined ? `Row ${row}` : `Row ${row}, column ${JSON.stringify(column)}`;

/** Keeps the first MAX_ERRORS errors and counts the rest. */
export class ErrorCollector {
  readonly kept: TableError[] = [];
  count = 0;
  add(error: TableError): void {
    this.count += 1;
    if (this.kept.length < MAX_ERRORS) this.kept.push(error);
  }
  get any(): boolean {
    return this.count > 0;
  }
  /** The kept errors, plus a final `TOO_MANY_ERRORS` entry saying how many were left out. */
  list(): TableError[] {
    // Row order reads best; errors of the whole table (row null) come first.
    const sorted = this.kept.toSorted((a, b) => (a.row ?? 0) - (b.row ?? 0));
    const more = this.count - this.kept.length;
    if (more <= 0) return sorted;
    return [
      ...sorted,
      tableError(
        null,
        null,
        'TOO_MANY_ERRORS',
        `${more} more ${more === 1 ? 'error' : 'errors'} not shown`,
      ),
    ];
  }
}
