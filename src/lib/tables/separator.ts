/**
 * Whether a CSV or TSV file read as one column was written with another separator (Excel in
 * many European locales saves "CSV" with semicolons). Sheaf reads a `.csv` file as
 * comma-separated and a `.tsv` file as tab-separated (docs/tables.md), and still does: the upload
 * form only names what it sees, so the person can save the file again the right way.
 */

/** The separators a table file is checked for. */
export type Separator = ',' | ';' | '\t';

/** The first rows looked at. */
const LOOKED_AT = 20;

/**
 * The separator that splits the header and most of the first rows (at least one) into the same
 * number of fields, more than one, when the file was read as one column with `used`; else null.
 */
export function otherSeparator(
  attributes: readonly string[],
  rows: readonly (readonly string[])[],
  used: Separator,
): Separator | null {
  const [header] = attributes;
  if (attributes.length !== 1 || header === undefined) return null;
  const firstRows = rows.slice(0, LOOKED_AT).map((row) => row[0] ?? '');
  for (const separator of [';', '\t', ','] as const) {
    if (separator === used) continue;
    const fields = header.split(separator).length;
    if (fields < 2) continue;
    const alike = firstRows.filter((row) => row.split(separator).length === fields).length;
    if (firstRows.length === 0 || alike * 2 > firstRows.length) return separator;
  }
  return null;
}
