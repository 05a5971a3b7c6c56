import { show, tableError, where, type ErrorCollector } from './table-errors.ts';
import { INVALID, coerce, isScalar, type Cell } from './values.ts';
import type { AttributeType } from './infer.ts';
import type { TableProblemCode } from '../../contracts/error-codes.ts';
import { notAColumnMessage, notARowMessage, rowLengthMessage } from './row-messages.ts';
import { isRecord } from '../../contracts/narrowing.ts';

/** Longest row (or CSV record) accepted from an upload, in characters. */
export const MAX_ROW_CHARS = 16 * 1024 * 1024;

const EXPECTED: Record<AttributeType, string> = {
  integer: 'an integer',
  number: 'a number',
  boolean: 'true or false',
  date: 'a date (YYYY-MM-DD)',
  datetime: 'a date and time (ISO 8601)',
  string: 'text',
};

/** The problem of a cell that does not read as its column's type. */
const INVALID_CELL: Record<AttributeType, TableProblemCode> = {
  integer: 'INVALID_INTEGER',
  number: 'INVALID_NUMBER',
  boolean: 'INVALID_BOOLEAN',
  date: 'INVALID_DATE',
  datetime: 'INVALID_DATETIME',
  string: 'INVALID_STRING',
};

/**
 * Turns an entry into its values in column order. An entry is either a list in column order (of
 * exactly one value per column) or an object keyed by column name (unknown keys are errors, missing
 * keys are empty). Each value must be text, a finite number, a boolean or null.
 */
export class RowShaper {
  private readonly attributes: string[];
  private readonly index: Map<string, number>;

  constructor(attributes: string[]) {
    this.attributes = attributes;
    this.index = new Map(attributes.map((a, i) => [a, i]));
  }

  /**
   * The values in column order, or null when the entry has no usable shape. Unknown keys and values
   * that are not scalars are reported and left out (as null) so the rest of the row is still checked.
   */
  shape(entry: unknown, row: number, errors: ErrorCollector): unknown[] | null {
    const n = this.attributes.length;
    let values: unknown[];
    let shared = false; // values is the caller's list: copy before changing it
    if (Array.isArray(entry)) {
      if (entry.length !== n) {
        errors.add(
          tableError(row, null, 'ROW_LENGTH_MISMATCH', rowLengthMessage(row, entry.length, n)),
        );
        return null;
      }
      values = entry;
      shared = true;
    } else if (isRecord(entry)) {
      values = this.byName(entry, row, errors);
    } else {
      errors.add(tableError(row, null, 'ROW_INVALID', notARowMessage(row)));
      return null;
    }
    for (let c = 0; c < n; c++) {
      if (isScalar(values[c])) continue;
      const column = this.attributes[c] ?? '';
      errors.add(
        tableError(
          row,
          column,
          'INVALID_VALUE',
          `${where(row, column)}: a value must be text, a number, true/false or empty`,
        ),
      );
      if (shared) {
        values = values.slice();
        shared = false;
      }
      values[c] = null;
    }
    return values;
  }

  /**
   * The values of an object row in column order. A key names a column as given, else once
   * trimmed; two keys naming one column (`"a"` and `" a"`) are an error rather than one value
   * silently replacing the other.
   */
  private byName(entry: Record<string, unknown>, row: number, errors: ErrorCollector): unknown[] {
    const values = new Array<unknown>(this.attributes.length).fill(null);
    const keys: (string | undefined)[] = [];
    for (const [key, value] of Object.entries(entry)) {
      const c = this.index.get(key) ?? this.index.get(key.trim());
      const earlier = c === undefined ? undefined : keys[c];
      if (c === undefined) {
        errors.add(tableError(row, key, 'UNKNOWN_COLUMN', notAColumnMessage(row, key)));
      } else if (earlier !== undefined) {
        const column = this.attributes[c] ?? '';
        errors.add(
          tableError(
            row,
            column,
            'DUPLICATE_COLUMN',
            `${where(row)}: ${show(key)} and ${show(earlier)} both name column ${show(column)}`,
          ),
        );
      } else {
        keys[c] = key;
        values[c] = value;
      }
    }
    return values;
  }
}

/** The values coerced to their column types, or null after adding this row's errors. */
export function coerceRow(
  values: readonly unknown[],
  types: readonly AttributeType[],
  attributes: readonly string[],
  row: number,
  errors: ErrorCollector,
): Cell[] | null {
  const cells = new Array<Cell>(types.length);
  let ok = true;
  for (let c = 0; c < types.length; c++) {
    const type = types[c] ?? 'string';
    const cell = coerce(values[c], type);
    if (cell === INVALID) {
      ok = false;
      const column = attributes[c] ?? '';
      errors.add(
        tableError(
          row,
          column,
          INVALID_CELL[type],
          `${where(row, column)}: ${show(values[c])} is not ${EXPECTED[type]}`,
        ),
      );
    } else cells[c] = cell;
  }
  return ok ? cells : null;
}
