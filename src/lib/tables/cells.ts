/** A table draft's cells as the upload form reads, shows and writes them back. */

/** A row's values in column order (an object is read by column name). */
export function rowValues(attributes: readonly string[], entry: unknown): unknown[] {
  if (Array.isArray(entry)) return entry as unknown[];
  if (typeof entry === 'object' && entry !== null) {
    const record = entry as Record<string, unknown>;
    return attributes.map((a) => record[a]);
  }
  return [entry];
}

/** A value as the preview shows it. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
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
