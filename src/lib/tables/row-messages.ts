/**
 * The server's wording for a row it refuses (src/server/tables/jsonl.ts, csv.ts, lines.ts, rows.ts),
 * shared with the upload form's pass over a large file (later-rows.ts), which names the same
 * rows, with the same messages, before the upload.
 */

/** A key as the messages quote it: JSON text, cut after 40 characters. */
const quoted = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);

/** INVALID_JSON of a line after the first. */
export const notJsonMessage = (row: number) => `Row ${row} is not valid JSON`;

/** ROW_INVALID: a row that is neither a list nor an object (a number, text, null…). */
export const notARowMessage = (row: number) =>
  `Row ${row} must be a list of values or an object keyed by column name`;

/** ROW_LENGTH_MISMATCH: a list row with more or fewer values than the table has columns. */
export const rowLengthMessage = (row: number, values: number, columns: number) =>
  `Row ${row} has ${values} ${values === 1 ? 'value' : 'values'}; the table has ${columns} ${columns === 1 ? 'column' : 'columns'}`;

/** DUPLICATE_COLUMN of an object that gives one key twice (parsing would drop one value). */
export const repeatedKeyMessage = (row: number, key: string) =>
  `Row ${row}: ${JSON.stringify(key)} is given twice, and one of its values would be lost`;

/** UNKNOWN_COLUMN: an object's key that names no column. */
export const notAColumnMessage = (row: number, key: string) =>
  `Row ${row}: ${quoted(key)} is not a column`;

/** ROW_TOO_LARGE of a JSON Lines line past `max` characters (the reader stops there). */
export const lineTooLongMessage = (max: number) => `A line is longer than ${max} characters`;

/** ROW_TOO_LARGE of a CSV record past `max` characters (the reader stops there). */
export const recordTooLongMessage = (max: number) => `A row is longer than ${max} characters`;

/** CSV_UNTERMINATED_QUOTE: a quoted field still open at the end of the file. */
export const openQuoteMessage = (rows: number) =>
  `${rows ? `Row ${rows}` : 'The header'}: a quoted field is never closed`;

/** INVALID_CHARACTERS: a control character (as "U+0000"), raw or written as a JSON escape. */
export const forbiddenCharacterMessage = (character: string) =>
  `The upload contains a character that is not allowed in a table (${character})`;

/** INVALID_ENCODING: bytes that are not UTF-8. */
export const NOT_UTF8_MESSAGE =
  'The file is not UTF-8 text; save it as UTF-8 (for example "CSV UTF-8" in Excel)';
