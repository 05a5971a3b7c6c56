import type { ChangeSummary } from '../contracts/changes.ts';
import type { T } from '../i18n/index.ts';

/** Names as code: `price`. */
const quoted = (names: readonly string[]) => names.map((n) => `\`${n}\``);

/** Rows added, removed and changed, each only when there are some. */
function rowParts(summary: ChangeSummary, t: T): string[] {
  const { rows_added: added, rows_removed: removed, rows_changed: changed } = summary;
  const parts: string[] = [];
  if (added === 1) parts.push(t('changes:line.addedOne'));
  else if (added > 1) parts.push(t('changes:line.added', { count: added }));
  if (removed === 1) parts.push(t('changes:line.removedOne'));
  else if (removed > 1) parts.push(t('changes:line.removed', { count: removed }));
  if (changed) parts.push(t('changes:line.changed', { count: changed }));
  return parts;
}

/** Columns added, removed and retyped, each only when there are some. */
function columnParts(summary: ChangeSummary, t: T): string[] {
  const parts: string[] = [];
  const added = quoted(summary.columns_added);
  const removed = quoted(summary.columns_removed);
  const retyped = quoted(summary.columns_retyped.map((c) => c.name));
  if (added.length === 1) parts.push(t('changes:line.columnAdded', { names: added }));
  else if (added.length > 1) parts.push(t('changes:line.columnsAdded', { names: added }));
  if (removed.length === 1) parts.push(t('changes:line.columnRemoved', { names: removed }));
  else if (removed.length > 1) parts.push(t('changes:line.columnsRemoved', { names: removed }));
  if (retyped.length === 1) parts.push(t('changes:line.columnRetyped', { names: retyped }));
  else if (retyped.length > 1) parts.push(t('changes:line.columnsRetyped', { names: retyped }));
  return parts;
}

/**
 * A version's change summary in one line, as the version list and the versions feed say it:
 * "v5: +1,204 rows, 37 changed, column `price` retyped" (docs/living-datasets.md).
 */
export function changeLine(summary: ChangeSummary, t: T): string {
  const parts = [...rowParts(summary, t), ...columnParts(summary, t)];
  const said = parts.length > 0 ? parts.join(t('changes:line.separator')) : t('changes:line.none');
  return t('changes:line.version', { version: String(summary.version), parts: said });
}
