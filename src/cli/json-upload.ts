/**
 * A JSON table file (what `sheaf pull --format json` writes: a list of objects; or
 * `{attributes, entries[, attribute_types]}`, as the upload form also reads) sent by
 * `sheaf push` as JSON Lines: a first line listing the columns, then one line per row. The API
 * streams CSV, TSV and JSON Lines uploads; a JSON body is capped at `MAX_JSON_BODY_MB`. The file
 * is read whole (JSON cannot be read a row at a time), by the form's rule (`readJsonTable`), so
 * its columns and numbers are the ones the form would send.
 */
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { DraftError } from '../lib/tables/draft-error.ts';
import { readJsonTable, type JsonTable } from '../lib/tables/json-table.ts';
import { CliError, EXIT } from './client.ts';

/** Why a JSON file is not a table, naming the file. */
function notATable(file: string, error: DraftError): CliError {
  const where =
    error.key === 'jsonSyntaxAt'
      ? `${file} is not valid JSON near line ${error.row}`
      : error.key === 'jsonSyntax'
        ? `${file} is not valid JSON`
        : `${file} must hold a list of objects, or an object with attributes and entries` +
          (error.row === null ? '' : ` (item ${error.row} is not an object)`);
  return new CliError(where, EXIT.usage);
}

/** The table in a JSON file (`.json`, or `.json.gz`). */
async function tableOf(file: string, gzipped: boolean): Promise<JsonTable> {
  const bytes = await readFile(file);
  const text = (gzipped ? gunzipSync(bytes) : bytes).toString('utf8');
  try {
    return readJsonTable(text);
  } catch (error) {
    if (error instanceof DraftError) throw notATable(file, error);
    throw error;
  }
}

/** The table's rows as JSON Lines text, a line at a time (numbers written as they were read). */
function* linesOf(table: JsonTable): Generator<string> {
  yield `${JSON.stringify(table.attributes)}\n`;
  for (const entry of table.entries) yield `${JSON.stringify(entry)}\n`;
}

/**
 * A JSON table file as a JSON Lines stream and its size in bytes, with the types the file
 * declares (`attribute_types`) as JSON text, or null when it declares none. `typed`: the columns
 * its types file names, for a table without rows.
 */
export async function jsonAsLines(
  file: string,
  gzipped: boolean,
  typed: readonly string[] = [],
): Promise<{ body: Readable; bytes: number; declared: string | null }> {
  const read = await tableOf(file, gzipped);
  // A table without rows written as a list (`[]`, a JSON pull of it) names no column: the
  // columns are those its types file names.
  const empty = read.attributes.length === 0 && read.entries.length === 0;
  const table = empty ? { ...read, attributes: [...typed] } : read;
  let bytes = 0;
  for (const line of linesOf(table)) bytes += Buffer.byteLength(line);
  const declared = Object.keys(table.declared).length > 0 ? JSON.stringify(table.declared) : null;
  return { body: Readable.from(linesOf(table)), bytes, declared };
}
