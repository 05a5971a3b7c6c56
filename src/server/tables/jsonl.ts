import { TableValidationError, emptyInput } from './errors.ts';
import { tableError } from '../../lib/tables/table-errors.ts';
import { decodeUtf8, forbiddenInUpload, keepOpen, lineBatches } from './lines.ts';
import { MAX_ROW_CHARS } from '../../lib/tables/rows.ts';
import { findForbiddenText } from '../../lib/text-rules.ts';
import { parseTableJson } from '../../lib/tables/exact-json.ts';
import { keysInOrder, repeatedKeyOf } from '../../lib/tables/repeated-keys.ts';
import { notJsonMessage, repeatedKeyMessage } from '../../lib/tables/row-messages.ts';

/**
 * Reads a JSON Lines upload (UTF-8, one JSON value per line, blank lines skipped). The first line
 * either lists the column names (a JSON array) or is the first row as an object, whose keys then
 * name the columns, in the order the line writes them. Rows are lists in column order or objects keyed by column name, streamed;
 * a line that is not JSON fails the read naming its row. The input is not destroyed when reading
 * stops early.
 */
export async function parseJsonlStream(
  input: AsyncIterable<Uint8Array | string>,
  options: { maxBytes?: number } = {},
): Promise<{ attributes: unknown[]; rows: AsyncGenerator<unknown> }> {
  let firstLine = '';
  const values = jsonLines(input, options.maxBytes, (line) => (firstLine = line));
  const first = await values.next();
  if (first.done) {
    throw emptyInput();
  }
  const head = first.value;
  if (Array.isArray(head)) return { attributes: head, rows: values };
  if (typeof head === 'object' && head !== null) {
    async function* withFirst(): AsyncGenerator<unknown> {
      yield head;
      yield* values;
    }
    return { attributes: keysInOrder(firstLine, head), rows: withFirst() };
  }
  throw new TableValidationError([
    tableError(
      null,
      null,
      'INVALID_JSON',
      'The first line must be a JSON list of column names or a JSON object',
    ),
  ]);
}

/** Parsed non-blank lines; the line numbering for errors counts rows after a header list. */
async function* jsonLines(
  input: AsyncIterable<Uint8Array | string>,
  maxBytes: number | undefined,
  onFirst: (line: string) => void,
): AsyncGenerator<unknown> {
  let index = 0; // non-blank lines seen
  let headerList = false;
  for await (const lines of lineBatches(decodeUtf8(keepOpen(input), maxBytes), MAX_ROW_CHARS)) {
    for (const line of lines) {
      if (line.trim() === '') continue;
      let value: unknown;
      try {
        value = parseTableJson(line);
      } catch {
        const row = headerList ? index : index + 1;
        throw new TableValidationError([
          tableError(
            index === 0 ? null : row,
            null,
            'INVALID_JSON',
            index === 0 ? 'The first line is not valid JSON' : notJsonMessage(row),
          ),
        ]);
      }
      if (index === 0) {
        headerList = Array.isArray(value);
        onFirst(line);
      }
      const repeated = repeatedKeyOf(line, value);
      if (repeated !== null) throw repeatedColumn(repeated, headerList ? index : index + 1);
      // The raw text was checked as it was decoded; a JSON escape (`\u0000`) can still spell one.
      const escaped = line.includes('\\u') ? findForbiddenText(value) : null;
      if (escaped)
        throw forbiddenInUpload(escaped.character, headerList ? index || null : index + 1);
      index += 1;
      yield value;
    }
  }
}

/** A JSON Lines object that gives one key twice: parsing would keep one value and drop the other. */
const repeatedColumn = (key: string, row: number) =>
  new TableValidationError([
    tableError(row, key, 'DUPLICATE_COLUMN', repeatedKeyMessage(row, key)),
  ]);
