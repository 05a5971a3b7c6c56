/**
 * Column descriptions as the dataset forms hold them: one box per column, its field `c0`, `c1`, …
 * in the columns' order, the same limit as the server's (COLUMN_DESCRIPTION_MAX), and the
 * server's refusals of a description shown under its column's box in the page's language.
 */
import { COLUMN_DESCRIPTION_MAX } from '../../contracts/limits.ts';
import type { T } from '../../i18n/index.ts';
import { fieldProblems } from '../../lib/form-errors.ts';
import { columnDescription, descriptionTooLong } from '../../lib/tables/column-names.ts';
import { isBlank } from '../../lib/visible-text.ts';
import type { Problem, Problems } from '../../stores/form.ts';

/** Descriptions by field. */
export type DescriptionValues = Record<string, string>;

/** The field of the column at `index`. */
export const describedField = (index: number) => `c${index}`;

const TOO_LONG: Problem = {
  key: 'datasets:rules.columnDescriptionTooLong',
  vars: { max: COLUMN_DESCRIPTION_MAX },
};

/** The boxes whose descriptions are too long. */
export const checkDescriptions = (values: DescriptionValues): Problems<string> =>
  Object.fromEntries(
    Object.entries(values).flatMap(([field, text]) =>
      [...text.trim()].length > COLUMN_DESCRIPTION_MAX ? [[field, TOO_LONG]] : [],
    ),
  );

/** The boxes as the API takes them (`column_descriptions`): column name → trimmed text. */
export const describedColumns = (
  names: readonly string[],
  values: DescriptionValues,
): Record<string, string> =>
  Object.fromEntries(names.map((name, i) => [name, (values[describedField(i)] ?? '').trim()]));

/** The boxes of columns `names` for descriptions written by column name. */
const boxValues = (
  names: readonly string[],
  byName: Readonly<Record<string, string>>,
): DescriptionValues =>
  Object.fromEntries(
    names.map((name, i) => [describedField(i), columnDescription(byName, name) ?? '']),
  );

/** The boxes of columns `names` whose descriptions written by column name are too long. */
export const checkWritten = (names: readonly string[], byName: Readonly<Record<string, string>>) =>
  checkDescriptions(boxValues(names, byName));

/** The descriptions a new dataset is published with: columns `names`' written ones, trimmed. */
export const writtenDescriptions = (
  names: readonly string[],
  byName: Readonly<Record<string, string>>,
): Record<string, string> =>
  Object.fromEntries(
    Object.entries(describedColumns(names, boxValues(names, byName))).filter(([, text]) => text),
  );

/**
 * The server's refusals of descriptions (details `column_descriptions.<name>`; a `/` in a name
 * comes as `.`, as in every detail's field) on the boxes of columns `names`; a too long one is
 * said in the page's language, as the form's own check says it.
 */
export function descriptionProblems(
  error: unknown,
  t: T,
  names: readonly string[],
): Problems<string> {
  const fields = Object.fromEntries(
    names.map((name, i) => [`column_descriptions.${name.replaceAll('/', '.')}`, describedField(i)]),
  );
  return fieldProblems(error, t, fields, (field, message) => {
    const name = names[Number(field.slice(1))];
    return name !== undefined && message === descriptionTooLong(name) ? TOO_LONG : null;
  });
}

/**
 * What a columns file (`FILE.columns.json`, column name → text) gives the boxes of columns
 * `names`: the descriptions written by column name (names trimmed, as the server reads them;
 * blank texts left out), the columns filled, those the table does not have (left out) and those
 * whose text is longer than COLUMN_DESCRIPTION_MAX (filled in, for the owner to shorten).
 * Blank means showing nothing (`isBlank`), as for the server.
 */
export function descriptionsFromFile(names: readonly string[], byName: Record<string, string>) {
  const columns = new Set(names);
  const written = new Map<string, string>();
  const unknown: string[] = [];
  for (const [key, text] of Object.entries(byName)) {
    const name = key.trim();
    if (!columns.has(name)) unknown.push(key);
    else if (!isBlank(text)) written.set(name, text);
  }
  const filled = [...written.keys()];
  const tooLong = filled.filter(
    (name) => [...(written.get(name) ?? '').trim()].length > COLUMN_DESCRIPTION_MAX,
  );
  return { written: Object.fromEntries(written), filled, unknown, tooLong };
}
