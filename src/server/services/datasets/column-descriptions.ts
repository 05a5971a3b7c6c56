import type { Context } from '../../context.ts';
import { invalidFields } from '../../errors.ts';

/**
 * A dataset's column descriptions after a change: each given entry is set, one given empty
 * removes its column's, the others stay. They are at most as many as a table may have columns
 * (MAX_COLUMNS, docs/tables.md "Limits"), else 400 VALIDATION_ERROR naming the field.
 */
export function describedColumns(
  ctx: Context,
  current: Record<string, string>,
  given: Record<string, string> = {},
): Record<string, string> {
  const described = new Map(Object.entries(current));
  for (const [name, text] of Object.entries(given)) {
    if (text === '') described.delete(name);
    else described.set(name, text);
  }
  const max = ctx.config.limits.maxColumns;
  if (described.size > max)
    throw invalidFields([
      { field: 'column_descriptions', message: `At most ${max} columns may be described` },
    ]);
  return Object.fromEntries(described);
}
