/**
 * A table file's column types, kept beside it: `sheaf pull` writes the version's types to
 * `FILE.types.json` (`data.csv` → `data.csv.types.json`; a `.gz` ending is not part of the name,
 * so `data.csv.gz` reads `data.csv.types.json` too), and `sheaf push FILE` declares them when the
 * file is there and `--types` is not given. CSV, TSV and JSON Lines cannot say that a column of
 * `00123` is text, so without them it would come back typed by its values (docs/tables.md).
 */
import { readFile, writeFile } from 'node:fs/promises';
import { TYPES_FILE_ENDING, parseTypesFile } from '../lib/tables/types-file.ts';
import { CliError, EXIT } from './client.ts';
import { errorCode } from '../contracts/narrowing.ts';

/** The file holding the column types of a table file. */
const typesFileOf = (file: string): string => `${file.replace(/\.gz$/i, '')}${TYPES_FILE_ENDING}`;

/** Writes `{column: type}` beside `file`, in column order; returns the types file's name. */
export async function saveTypes(file: string, types: Record<string, string>): Promise<string> {
  const typesFile = typesFileOf(file);
  await writeFile(typesFile, `${JSON.stringify(types, null, 2)}\n`);
  return typesFile;
}

/** The types saved beside `file` as JSON text for `attribute_types`, or null when none are. */
export async function savedTypes(file: string): Promise<{ file: string; text: string } | null> {
  const typesFile = typesFileOf(file);
  let text: string;
  try {
    text = await readFile(typesFile, 'utf8');
  } catch (err) {
    if (errorCode(err) === 'ENOENT') return null;
    throw err;
  }
  const types = parseTypesFile(text);
  if (!types) {
    throw new CliError(
      `${typesFile} must hold a JSON object of column types, such as {"zip":"string"}`,
      EXIT.usage,
    );
  }
  return { file: typesFile, text: JSON.stringify(types) };
}
