/**
 * Shared pieces of the dataset forms: metadata checks into per-field problems, and publishing a
 * table (the server's check, the upload, reading a failed upload's field and table problems).
 */
import type { T } from '../../i18n/index.ts';
import { utf8Bytes } from '../../contracts/datasets.ts';
import { CITATION_MAX, README_MAX_BYTES, type License } from '../../contracts/limits.ts';
import { isApiError } from '../../lib/api/errors.ts';
import type { DatasetMetadata, TableProblem } from '../../lib/api/types.ts';
import {
  canonicalLanguage,
  checkDescription,
  checkLanguage,
  checkName,
  checkTags,
  parseTags,
} from '../../lib/dataset-rules.ts';
import { failureText } from '../../lib/error-text.ts';
import { fieldProblems } from '../../lib/form-errors.ts';
import type { UploadProgress } from '../../lib/api/upload.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import type { AttributeType } from '../../lib/tables/infer.ts';
import type { Problems } from '../../stores/form.ts';
import { toastFailure } from '../../stores/toasts.ts';
import type { TableDraftState } from './useTableDraft.ts';
import type { MetadataField, MetadataValues } from './MetadataFields.tsx';

/** The form's problems with the metadata (empty when all is well). */
export const checkMetadata = (values: MetadataValues): Problems<MetadataField> => ({
  name: checkName(values.name) ?? undefined,
  description: checkDescription(values.description) ?? undefined,
  language: checkLanguage(values.language) ?? undefined,
  tags: checkTags(values.tags) ?? undefined,
  citation:
    [...values.citation.trim()].length > CITATION_MAX
      ? { key: 'datasets:rules.citationTooLong', vars: { max: CITATION_MAX } }
      : undefined,
  readme:
    utf8Bytes(values.readme) > README_MAX_BYTES
      ? { key: 'datasets:rules.readmeTooLong', vars: { max: README_MAX_BYTES } }
      : undefined,
});

/** The metadata as the API takes it. */
export const metadataOf = (values: MetadataValues): DatasetMetadata => ({
  name: values.name.trim(),
  description: values.description.trim(),
  isPublic: values.isPublic,
  language: canonicalLanguage(values.language),
  tags: parseTags(values.tags),
  license: (values.license || null) as License | null,
  citation: values.citation.trim(),
  readme: values.readme,
});

const SERVER_FIELDS: Readonly<Record<string, MetadataField>> = {
  name: 'name',
  description: 'description',
  language: 'language',
  tags: 'tags',
  is_public: 'isPublic',
  license: 'license',
  citation: 'citation',
  readme: 'readme',
};

/** The server's per-field messages, on this form's fields. */
export const metadataProblems = (error: unknown, t: T): Problems<MetadataField> =>
  fieldProblems(error, t, SERVER_FIELDS);

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
 * in the table section and a toast titled `failed`, and is thrown on for the form to explain.
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
      checked
        ? t('datasets:validation.invalid', { count: checked.errors.length })
        : t('datasets:validation.failed'),
    );
  }
  setProgress({ loaded: 0, total: null });
  try {
    return await publish(draft, types);
  } catch (error) {
    setProgress(null);
    const problems = tableProblems(error);
    if (problems) table.showProblems(problems);
    const message = failureText(error, t);
    toastFailure(failed, message);
    throw error;
  }
}

/** A failed publish as the form's problems and message (`failed` when the error says nothing). */
export function explainPublish(error: unknown, t: T, failed: string) {
  if (error instanceof TableRefused) return { problems: {}, failure: error.message };
  return { problems: metadataProblems(error, t), failure: failureText(error, t) ?? failed };
}
