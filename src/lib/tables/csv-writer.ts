import { isBigInteger } from '../big-integer.ts';
import type { Cell } from './values.ts';

/* RFC 4180 CSV as Sheaf writes it: downloads on the server, query results in the browser. */

/** Byte order mark at the start of a CSV file, so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Records end with CRLF, as RFC 4180 writes them. */
export const CSV_LINE_END = '\r\n';

const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;

/** One field: quoted only when it holds a quote, comma or line break, or starts or ends with a space or tab. */
function csvField(cell: Cell): string {
  if (cell === null) return '';
  if (isBigInteger(cell)) return cell.rawJSON;
  if (typeof cell !== 'string') return String(cell);
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * One record, without its line end. A one-column row without a value is written `""`, since an
 * empty line would be read back as no row at all.
 */
export function csvRecord(cells: readonly Cell[]): string {
  if (cells.length === 1 && cells[0] === null) return '""';
  let out = '';
  for (let c = 0; c < cells.length; c++) out += (c === 0 ? '' : ',') + csvField(cells[c] ?? null);
  return out;
}
