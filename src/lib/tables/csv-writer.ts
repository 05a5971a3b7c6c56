import { isBigInteger } from '../big-integer.ts';
import type { Cell } from './values.ts';

/*
 * RFC 4180 CSV as Sheaf writes it: downloads on the server, query results in the browser. TSV
 * is the same with a tab between fields (a field holding a tab is quoted), as a TSV upload reads.
 */

/** Byte order mark at the start of a CSV file, so Excel reads it as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** Records end with CRLF, as RFC 4180 writes them. */
export const CSV_LINE_END = '\r\n';

/** Fields quoted: those holding a quote, the delimiter or a line break, or starting or ending with a space or tab. */
const NEEDS_QUOTES = { ',': /[",\r\n]|^[ \t]|[ \t]$/, '\t': /["\t\r\n]|^ | $/ };

function csvField(cell: Cell, needsQuotes: RegExp): string {
  if (cell === null) return '';
  if (isBigInteger(cell)) return cell.rawJSON;
  if (typeof cell !== 'string') return String(cell);
  return needsQuotes.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/**
 * One record, without its line end. A one-column row without a value is written `""`, since an
 * empty line would be read back as no row at all.
 */
export function csvRecord(cells: readonly Cell[], delimiter: ',' | '\t' = ','): string {
  if (cells.length === 1 && cells[0] === null) return '""';
  const needsQuotes = NEEDS_QUOTES[delimiter];
  let out = '';
  for (let c = 0; c < cells.length; c++)
    out += (c === 0 ? '' : delimiter) + csvField(cells[c] ?? null, needsQuotes);
  return out;
}
