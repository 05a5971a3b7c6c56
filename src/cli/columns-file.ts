/**
 * A table file's column descriptions, kept beside it as `FILE.columns.json` (a JSON object,
 * column name → description; a `.gz` ending is not part of the name, as for `FILE.types.json`):
 * `sheaf pull` writes the dataset's there when it has any, and `sheaf push FILE` sends those of
 * `--columns FILE`, else of the file beside it when it is there, by PUT /datasets/{id} once the
 * table is in (a streamed upload's query has no room for them; docs/datasets.md). When that PUT
 * fails, the push says what was published and that `sheaf columns ID FILE` sets them.
 */
import { readFile, writeFile } from 'node:fs/promises';
import type { Dataset } from '../contracts/datasets.ts';
import { COLUMNS_FILE_ENDING, parseColumnsFile } from '../lib/tables/columns-file.ts';
import { CliError, EXIT, type Client } from './client.ts';
import { errorCode, errorMessage } from '../contracts/narrowing.ts';

/** The file holding the column descriptions of a table file. */
const columnsFileOf = (file: string): string =>
  `${file.replace(/\.gz$/i, '')}${COLUMNS_FILE_ENDING}`;

/** Writes the descriptions beside `file`; returns the columns file's name. */
export async function saveDescriptions(
  file: string,
  descriptions: Record<string, string>,
): Promise<string> {
  const columnsFile = columnsFileOf(file);
  await writeFile(columnsFile, `${JSON.stringify(descriptions, null, 2)}\n`);
  return columnsFile;
}

/** The descriptions in `columnsFile`; CliError (its `code` ENOENT when it is not there). */
export async function readDescriptions(columnsFile: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(columnsFile, 'utf8');
  } catch (err) {
    const message = `Cannot read ${columnsFile}: ${errorMessage(err)}`;
    throw new CliError(message, EXIT.usage, errorCode(err));
  }
  const descriptions = parseColumnsFile(text);
  if (!descriptions) {
    throw new CliError(
      `${columnsFile} must hold a JSON object of column descriptions, such as {"zip":"Postal code"}`,
      EXIT.usage,
    );
  }
  return descriptions;
}

/**
 * The descriptions of `given` (--columns), else of the columns file beside `file`, or null when
 * neither is there; the API judges the names and lengths.
 */
export async function savedDescriptions(
  file: string,
  given?: string,
): Promise<{ file: string; descriptions: Record<string, string> } | null> {
  const columnsFile = given ?? columnsFileOf(file);
  try {
    return { file: columnsFile, descriptions: await readDescriptions(columnsFile) };
  } catch (err) {
    if (given === undefined && err instanceof CliError && err.code === 'ENOENT') return null;
    throw err;
  }
}

/** Sets dataset `id`'s descriptions of the named columns (the others keep theirs). */
export const describeColumns = (
  client: Client,
  id: number,
  descriptions: Record<string, string>,
): Promise<Dataset> =>
  client.json<Dataset>('PUT', `/datasets/${id}`, { body: { column_descriptions: descriptions } });

/** `word` as a shell reads it back: as it is when plain, else in single quotes. */
export const shellWord = (word: string): string =>
  /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * The error of a push whose table is in (`done`: what was published) but whose descriptions
 * could not be set (`err`): it says so, and the command that sets them without publishing again.
 */
export function notDescribed(err: unknown, done: string, id: number, columnsFile: string) {
  const why = err instanceof Error ? err.message : String(err);
  return new CliError(
    `${done}, but its column descriptions were not set: ${why}\n` +
      `Set them without publishing again: sheaf columns ${id} ${shellWord(columnsFile)}`,
    err instanceof CliError ? err.exitCode : EXIT.failed,
    err instanceof CliError ? err.code : undefined,
  );
}

/** The lines `sheaf info` prints for a dataset's descriptions of `columns`. */
export function describedLines(d: Dataset, columns: readonly string[]): string[] {
  const described = columns.filter((name) => Object.hasOwn(d.column_descriptions, name));
  if (described.length === 0) return [];
  return [
    'columns:',
    ...described.map((name) => `  ${name}: ${d.column_descriptions[name]?.replace(/\s+/g, ' ')}`),
  ];
}
