/**
 * Publishing a table from the dataset forms: the server's check, the upload, reading a failed
 * upload's field and table problems (the metadata's own checks: metadata.ts).
 */
import type { T } from '../../i18n/index.ts';
import { isApiError } from '../../lib/api/errors.ts';
import type { TableProblem } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import type { UploadProgress } from '../../lib/api/upload.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import type { AttributeType } from '../../lib/tables/infer.ts';
import { PublishedUnfinished } from '../../stores/datasets.ts';
import { toastFailure } from '../../stores/toasts.ts';
import type { TableDraftState } from './useTableDraft.ts';
import { descriptionProblems } from './column-descriptions.ts';
import { metadataProblems } from './metadata.ts';
import { problemsFound } from './ValidationReport.tsx';

/** The table problems of a rejected upload (400 INVALID_TABLE, 413), if it names any. */
function tableProblems(error: unknown): TableProblem[] | null {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null)
    return null;
  const { errors } = error.details as { errors?: unknown };
  return Array.isArray(errors) ? (errors as TableProblem[]) : null;
}

/** The server's check found problems in the table: nothing was sent; `message` says how many. */
class TableRefused extends Error {}

/**
 * Publishes a table for a form's `send`: the server's check first (a table with problems is not
 * sent: TableRefused), then `publish` with its progress. A failed upload shows its table problems
 * in the table section and a toast titled `failed`, and is thrown on for the form to explain (a
 * dataset published but not finished is not a failed upload: the form alone says what it is).
 */
export async function publishTable<R>(
  table: TableDraftState,
  t: T,
  failed: string,
  setProgress: (progress: UploadProgress | null) => void,
  publish: (draft: TableDraft, types: AttributeType[]) => Promise<R>,
): Promise<R> {
  const { draft, types } = table;
  const checked = await table.ensureChecked();
  if (!draft || !checked || !checked.isValid) {
    throw new TableRefused(
      checked ? problemsFound(t, checked.errors) : t('datasets:validation.failed'),
    );
  }
  setProgress({ loaded: 0, total: null });
  try {
    return await publish(draft, types);
  } catch (error) {
    setProgress(null);
    if (error instanceof PublishedUnfinished) throw error;
    const problems = tableProblems(error);
    if (problems) table.showProblems(problems);
    const message = failureText(error, t);
    toastFailure(failed, message);
    throw error;
  }
}

/**
 * A failed publish as the form's problems and message (`failed` when the error says nothing);
 * with the table's column `names`, a refused description goes under its box. A dataset
 * published whose card and descriptions were not saved (PublishedUnfinished) is named in the
 * message, with what to do.
 */
export function explainPublish(error: unknown, t: T, failed: string, names: string[] = []) {
  if (error instanceof TableRefused) return { problems: {}, failure: error.message };
  const unfinished = error instanceof PublishedUnfinished ? error : null;
  const cause = unfinished ? unfinished.reason : error;
  const problems = { ...descriptionProblems(cause, t, names), ...metadataProblems(cause, t) };
  const reason = failureText(cause, t);
  if (!unfinished) return { problems, failure: reason ?? failed };
  const { name } = unfinished.dataset;
  return { problems, failure: t('datasets:create.unfinished', { name, reason: reason ?? '' }) };
}
