/**
 * Shared pieces of the dataset forms: metadata checks into per-field messages, and reading a
 * failed upload (field messages, table problems).
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
  type RuleError,
} from '../../lib/dataset-rules.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import type { MetadataField, MetadataValues } from './MetadataFields.tsx';

export type FieldErrors = Partial<Record<MetadataField, string | null>>;

/** The form's messages for invalid metadata (empty when all is well). */
export function checkMetadata(values: MetadataValues, t: T): FieldErrors {
  const found: Partial<Record<MetadataField, RuleError | null>> = {
    name: checkName(values.name),
    description: checkDescription(values.description),
    language: checkLanguage(values.language),
    tags: checkTags(values.tags),
    citation:
      [...values.citation.trim()].length > CITATION_MAX
        ? { key: 'datasets:rules.citationTooLong', vars: { max: CITATION_MAX } }
        : null,
    readme:
      utf8Bytes(values.readme) > README_MAX_BYTES
        ? { key: 'datasets:rules.readmeTooLong', vars: { max: README_MAX_BYTES } }
        : null,
  };
  const out: FieldErrors = {};
  for (const [field, error] of Object.entries(found) as [MetadataField, RuleError | null][]) {
    if (error) out[field] = t(error.key, error.vars);
  }
  return out;
}

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

const SERVER_FIELDS: Record<string, MetadataField> = {
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
export function serverFieldErrors(error: unknown, t: T): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, message] of Object.entries(fieldErrors(error, t))) {
    const mine = SERVER_FIELDS[field.split('.')[0] ?? ''];
    if (mine && !out[mine]) out[mine] = message;
  }
  return out;
}

/** The table problems of a rejected upload (400 INVALID_TABLE, 413), if it names any. */
export function tableProblems(error: unknown): TableProblem[] | null {
  if (!isApiError(error) || typeof error.details !== 'object' || error.details === null)
    return null;
  const { errors } = error.details as { errors?: unknown };
  return Array.isArray(errors) ? (errors as TableProblem[]) : null;
}
