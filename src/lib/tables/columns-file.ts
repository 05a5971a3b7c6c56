import { isTextByName } from './column-names.ts';
import { parseJsonObject } from './json-object.ts';

/**
 * A table file's column descriptions, kept beside it as `FILE.columns.json` (a JSON object,
 * column name → description): `sheaf pull` writes the dataset's there, and both `sheaf push`
 * (src/cli/columns-file.ts) and the create form (chosen with its table file) take them.
 */
export const COLUMNS_FILE_ENDING = '.columns.json';

/** Whether a file's name says it holds column descriptions. */
export const isColumnsFile = (name: string): boolean =>
  name.toLowerCase().endsWith(COLUMNS_FILE_ENDING);

/** The descriptions of a columns file's text, or null when it is not a JSON object of text. */
export function parseColumnsFile(text: string): Record<string, string> | null {
  const descriptions = parseJsonObject(text);
  return isTextByName(descriptions) ? descriptions : null;
}
