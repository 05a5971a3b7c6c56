/**
 * A table file's column descriptions, kept beside it as `FILE.columns.json` (a JSON object,
 * column name → description; a `.gz` ending is not part of the name, as for `FILE.types.json`):
 * `sheaf pull` writes the dataset's there when it has any, and `sheaf push FILE` sends those of
 * `--columns FILE`, else of the file beside it when it is there, by PUT /datasets/{id} once the
 * table is in (a streamed upload's query has no room for them; docs/datasets.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { isTextByName } from '../contracts/column-descriptions.ts';
import type { Dataset } from '../contracts/datasets.ts';
import { CliError, EXIT, type Client } from './client.ts';

const COLUMNS_FILE_ENDING = '.columns.json';

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

/**
 * The descriptions of `given` (--columns), else of the columns file beside `file`, or null when
 * neither is there; the API judges the names and lengths.
 */
export async function savedDescriptions(
  file: string,
  given?: string,
): Promise<{ file: string; descriptions: Record<string, string> } | null> {
  const columnsFile = given ?? columnsFileOf(file);
  let text: string;
  try {
    text = await readFile(columnsFile, 'utf8');
  } catch (err) {
    if (given === undefined && (err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new CliError(`Cannot read ${columnsFile}: ${(err as Error).message}`, EXIT.usage);
  }
  let descriptions: unknown;
  try {
    descriptions = JSON.parse(text);
  } catch {
    descriptions = null;
  }
  if (!isTextByName(descriptions)) {
    throw new CliError(
      `${columnsFile} must hold a JSON object of column descriptions, such as {"zip":"Postal code"}`,
      EXIT.usage,
    );
  }
  return { file: columnsFile, descriptions };
}

/** Sets dataset `id`'s descriptions of the named columns (the others keep theirs). */
export const describeColumns = (
  client: Client,
  id: number,
  descriptions: Record<string, string>,
): Promise<Dataset> =>
  client.json<Dataset>('PUT', `/datasets/${id}`, { body: { column_descriptions: descriptions } });

/** The lines `sheaf info` prints for a dataset's descriptions of `columns`. */
export function describedLines(d: Dataset, columns: readonly string[]): string[] {
  const described = columns.filter((name) => Object.hasOwn(d.column_descriptions, name));
  if (described.length === 0) return [];
  return [
    'columns:',
    ...described.map((name) => `  ${name}: ${d.column_descriptions[name]?.replace(/\s+/g, ' ')}`),
  ];
}
