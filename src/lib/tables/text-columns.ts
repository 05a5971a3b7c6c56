import { rowValues } from './cells.ts';
import type { AttributeType } from './infer.ts';
import { fitsNumber } from './infer.ts';

/**
 * Why a column of numbers was read as text: a few values that are not numbers among many that
 * are (an `N/A` at row 3,000). The upload form names the first of them; it changes nothing, since
 * a value is read as it is written (docs/tables.md, "Missing values": only an empty field is
 * missing; `N/A`, `-` or `null` written as text are text).
 */
export type TextReason = {
  column: string;
  /** The data row of the first value that is not a number (1 is the first row under the header). */
  row: number;
  value: string;
  /** How many values of the column are not numbers. */
  count: number;
  /** The value is one that spreadsheets and other tools write for a missing value. */
  marker: boolean;
};

/** Text that other tools write for a missing value; here they are text (docs/tables.md). */
const NULL_MARKERS = new Set(['n/a', 'na', '#n/a', '-', '—', 'null', 'none', 'nan', 'nil']);

/** At most this many values that are not numbers, for a column to count as numbers gone wrong. */
const FEW = 3;

/** The columns read as text that are numbers but for a few values, with the first of those. */
export function textReasons(
  attributes: readonly string[],
  types: readonly AttributeType[],
  entries: readonly unknown[],
): TextReason[] {
  const rows = entries.map((entry) => rowValues(attributes, entry));
  return attributes.flatMap((column, c) => {
    if (types[c] !== 'string') return [];
    let numbers = 0;
    const others: { row: number; value: string }[] = [];
    rows.forEach((values, r) => {
      const v = values[c];
      if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '')) return;
      if (fitsNumber(v)) numbers++;
      else others.push({ row: r + 1, value: typeof v === 'string' ? v : JSON.stringify(v) });
    });
    const [first] = others;
    if (!first || others.length > FEW || numbers < FEW * others.length) return [];
    const marker = NULL_MARKERS.has(first.value.trim().toLowerCase());
    return [{ column, ...first, count: others.length, marker }];
  });
}
