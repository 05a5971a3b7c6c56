/**
 * The data dictionary of a dataset (`column_descriptions`): column name → what the column means,
 * plain text. The dataset contracts (datasets.ts) use these rules for create, PUT and the detail.
 */
import { z } from 'zod';
import {
  columnNameProblem,
  descriptionTooLong,
  isTextByName,
  type ColumnNameProblem,
} from '../lib/tables/column-names.ts';
import { emptyWhenBlank } from '../lib/visible-text.ts';
import { COLUMN_DESCRIPTION_MAX, MAX_ATTRIBUTE_LENGTH } from './limits.ts';
import { COLUMN_NAME_PATTERN } from './text-patterns.ts';

const NAME_PROBLEMS: Record<ColumnNameProblem, string> = {
  empty: 'has no name',
  too_long: `is longer than ${MAX_ATTRIBUTE_LENGTH} characters`,
  control: 'contains a line break or control character',
};

const OBJECT_META = {
  type: 'object',
  propertyNames: { type: 'string' },
  additionalProperties: { type: 'string' },
} as const;

/**
 * Column descriptions as given: names are column names as the table rules allow them (trimmed,
 * two naming one column refused), descriptions are trimmed and at most COLUMN_DESCRIPTION_MAX
 * characters; one showing nothing (`isBlank`) is kept as '' and removes its column's entry.
 * `__proto__` is a column name like any other: the object is read entry by entry.
 */
export const columnDescriptionsSchema = z
  .unknown()
  .transform((value, ctx) => {
    if (!isTextByName(value)) {
      ctx.issues.push({
        code: 'custom',
        input: value,
        message: 'Column descriptions must be an object from column name to text',
      });
      return z.NEVER;
    }
    const given = new Map<string, string>();
    for (const [key, raw] of Object.entries(value)) {
      const name = key.trim();
      const text = emptyWhenBlank(raw.trim());
      const problem = columnNameProblem(name);
      const message = problem
        ? `The column name ${JSON.stringify(key)} ${NAME_PROBLEMS[problem]}`
        : given.has(name)
          ? `Two descriptions are given for the column ${JSON.stringify(name)}`
          : [...text].length > COLUMN_DESCRIPTION_MAX
            ? descriptionTooLong(name)
            : null;
      if (message) ctx.issues.push({ code: 'custom', input: raw, path: [key], message });
      else given.set(name, text);
    }
    return Object.fromEntries(given);
  })
  .meta({
    type: 'object',
    propertyNames: {
      type: 'string',
      maxLength: MAX_ATTRIBUTE_LENGTH,
      pattern: COLUMN_NAME_PATTERN,
    },
    additionalProperties: { type: 'string', maxLength: COLUMN_DESCRIPTION_MAX },
  })
  .describe(
    `Column name → what the column means (plain text, at most ${COLUMN_DESCRIPTION_MAX} characters, trimmed). An empty description (or one showing nothing) removes that column's; on PUT, columns not named keep theirs`,
  );

/** The dataset's column descriptions as answered (the detail only, not lists). */
export const columnDescriptionsAnswer = z
  .custom<Record<string, string>>(isTextByName)
  .meta(OBJECT_META)
  .describe(
    'The data dictionary: column name → its description, for every version that has the column; {} when there is none. Not in lists',
  );
