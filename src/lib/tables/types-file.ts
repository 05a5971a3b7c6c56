import { isColumnsFile, parseColumnsFile } from './columns-file.ts';
import { DraftError } from './draft-error.ts';
import { parseJsonObject } from './json-object.ts';
import { readTableFile, type TableDraft } from './draft.ts';
import { isAttributeType, type AttributeType } from './infer.ts';

/**
 * A table file's column types, kept beside it as `FILE.types.json` (`{"zip":"string"}`, the
 * version's `attribute_types`): `sheaf pull` writes it beside a text download, and both
 * `sheaf push` (src/cli/types-file.ts) and the upload form (chosen with its table file) declare
 * the types it gives.
 */
export const TYPES_FILE_ENDING = '.types.json';

/** Whether a file's name says it holds column types. */
const isTypesFile = (name: string): boolean => name.toLowerCase().endsWith(TYPES_FILE_ENDING);

/** The object of a types file's text, or null when the text is not a JSON object. */
export const parseTypesFile = parseJsonObject;

/**
 * The draft with the types a types file (`name`, its `text`) gives its columns declared: they
 * replace the proposed ones, and a large file's upload declares them (`declared`). A name that is
 * not a column, or a type Sheaf does not have, is left out. Throws DraftError (`typesFile`) when
 * the text is not a JSON object.
 */
export function applyTypesFile(draft: TableDraft, name: string, text: string): TableDraft {
  const types = parseTypesFile(text);
  if (!types) throw new DraftError('typesFile', null, name);
  const declared: Record<string, AttributeType> = {};
  for (const column of draft.attributes) {
    const type = Object.hasOwn(types, column) ? types[column] : undefined;
    if (isAttributeType(type)) declared[column] = type;
  }
  return {
    ...draft,
    types: draft.attributes.map((a, c) => declared[a] ?? draft.types[c] ?? 'string'),
    declared,
    typesFile: name,
  };
}

/** A columns file's descriptions; DraftError (`columnsFile`) when it holds none. */
async function readColumnsFile(file: File): Promise<TableDraft['columnsFile']> {
  const descriptions = parseColumnsFile(await file.text());
  if (!descriptions) throw new DraftError('columnsFile', null, file.name);
  return { name: file.name, descriptions };
}

/**
 * A table from files chosen together in the upload form: the table file, with the types of a
 * types file among them applied and the descriptions of a columns file kept. Throws DraftError
 * (`typesOnly`, `columnsOnly`) when only such files were chosen.
 */
export async function readChosenFiles(files: readonly File[]): Promise<TableDraft> {
  const types = files.find((f) => isTypesFile(f.name));
  const columns = files.find((f) => isColumnsFile(f.name));
  const table = files.find((f) => !isTypesFile(f.name) && !isColumnsFile(f.name));
  if (!table) throw new DraftError(types ? 'typesOnly' : 'columnsOnly');
  const draft = await readTableFile(table);
  const typed = types ? applyTypesFile(draft, types.name, await types.text()) : draft;
  return columns ? { ...typed, columnsFile: await readColumnsFile(columns) } : typed;
}
