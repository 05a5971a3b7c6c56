/** A table draft's cells as the upload form reads, shows and writes them back. */

import { isRecord } from '../../contracts/narrowing.ts';

/** A row's values in column order (an object is read by column name). */
export function rowValues(attributes: readonly string[], entry: unknown): unknown[] {
  if (Array.isArray(entry)) return entry;
  if (isRecord(entry)) return attributes.map((a) => entry[a]);
  return [entry];
}

/**
 * A value as the upload form's preview and the data viewer show it: empty for no value, text as
 * it is, a number as written (an exact number read as `JSON.rawJSON` keeps its digits).
 */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  // An exact number: `JSON.rawJSON`, or its copy in an island's props (a plain object).
  const raw = isRecord(value) ? value['rawJSON'] : undefined;
  return typeof raw === 'string' ? raw : JSON.stringify(value);
}

const NEEDS_QUOTES = /[",\r\n]|^[ \t]|[ \t]$/;
const csvField = (value: unknown) => {
  const text = cellText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** Rows as CSV text (header first, "\n" line ends), to be edited and read back. */
export function csvText(attributes: readonly string[], rows: readonly unknown[][]): string {
  // A one-column row without a value is written `""`: an empty line would be read as no row.
  const line = (cells: readonly unknown[]) =>
    cells.length === 1 && cellText(cells[0]) === '' ? '""' : cells.map(csvField).join(',');
  return [attributes, ...rows].map(line).join('\n');
}
