/**
 * What a column name must be (docs/tables.md, "The rules"), zod-free so the table header check
 * and the column descriptions' keys share it: trimmed, it shows something (`isBlank`), it has at
 * most MAX_ATTRIBUTE_LENGTH characters and no line break, tab or other control character.
 */
import { COLUMN_DESCRIPTION_MAX, MAX_ATTRIBUTE_LENGTH } from '../../contracts/limits.ts';
import { isBlank } from '../visible-text.ts';

export type ColumnNameProblem = 'empty' | 'too_long' | 'control';

/** Line breaks, tabs and other control characters. */
const hasControl = (s: string) => {
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
};

/** What is wrong with a trimmed column name, or null when it is a sound one. */
export function columnNameProblem(name: string): ColumnNameProblem | null {
  if (isBlank(name)) return 'empty';
  if ([...name].length > MAX_ATTRIBUTE_LENGTH) return 'too_long';
  return hasControl(name) ? 'control' : null;
}

/** Whether `value` is an object from names to text (the shape column descriptions take). */
export const isTextByName = (value: unknown): value is Record<string, string> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((text) => typeof text === 'string');

/**
 * The description of column `name` in a dataset's `column_descriptions`, or undefined. An own
 * entry only: a column named `__proto__` or `toString` has no description unless it was given one.
 */
export const columnDescription = (
  descriptions: Readonly<Record<string, string>>,
  name: string,
): string | undefined => (Object.hasOwn(descriptions, name) ? descriptions[name] : undefined);

/**
 * The server's words for a description longer than COLUMN_DESCRIPTION_MAX (the column
 * descriptions rule says them; the forms, which load no zod, say them in the page's language).
 */
export const descriptionTooLong = (name: string) =>
  `The description of ${JSON.stringify(name)} must be at most ${COLUMN_DESCRIPTION_MAX} characters`;

/**
 * `descriptions` with its entries in the table's column order, then those of columns the table
 * no longer has in the order kept. The database's `jsonb` keeps an object's keys sorted by
 * length (`year` before `城市` before `population`), not as the columns stand.
 */
export function inColumnOrder(
  descriptions: Readonly<Record<string, string>>,
  columns: readonly string[],
): Record<string, string> {
  // A Map, then fromEntries: assigning to `ordered['__proto__']` would set a prototype.
  const ordered = new Map<string, string>();
  for (const name of columns) {
    const text = columnDescription(descriptions, name);
    if (text !== undefined) ordered.set(name, text);
  }
  for (const [name, text] of Object.entries(descriptions)) {
    if (!ordered.has(name)) ordered.set(name, text);
  }
  return Object.fromEntries(ordered);
}
