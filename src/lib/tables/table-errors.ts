import { isBigInteger } from '../big-integer.ts';
import type { Problem } from './problems.ts';
import type { TableProblemCode } from '../../contracts/error-codes.ts';

/**
 * Collecting a table check's problems, shared by the server's checks (src/server/tables) and the
 * upload form's pass over a large file (later-rows.ts), which name the same rows alike.
 */

/** Errors reported at most; the rest are counted in one final `TOO_MANY_ERRORS` entry. */
export const MAX_ERRORS = 100;

export const tableError = (
  row: number | null,
  column: string | null,
  code: TableProblemCode,
  message: string,
): Problem => ({ row, column, code, message });

/** Quotes a value for a message, cut to a readable length. */
export function show(value: unknown): string {
  if (isBigInteger(value)) return value.rawJSON;
  if (typeof value !== 'string') return String(value);
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

export const where = (row: number, column?: string) =>
  column === undefined ? `Row ${row}` : `Row ${row}, column ${JSON.stringify(column)}`;

/** Keeps the first MAX_ERRORS errors and counts the rest. */
export class ErrorCollector {
  readonly kept: Problem[] = [];
  count = 0;
  add(error: Problem): void {
    this.count += 1;
    if (this.kept.length < MAX_ERRORS) this.kept.push(error);
  }
  get any(): boolean {
    return this.count > 0;
  }
  /** The kept errors, plus a final `TOO_MANY_ERRORS` entry saying how many were left out. */
  list(): Problem[] {
    // Row order reads best; errors of the whole table (row null) come first.
    const sorted = [...this.kept].sort((a, b) => (a.row ?? 0) - (b.row ?? 0));
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
