/**
 * A dataset's metadata as the create and edit forms hold it: the form's values, a new form's
 * defaults, an existing dataset's values, the checks, and the values as the API takes them.
 * A new field is added here and in MetadataFields.tsx (docs/architecture.md "Adding a dataset
 * field, end to end").
 */
import {
  CITATION_MAX,
  DEFAULT_DATASET_LANGUAGE,
  KEY_COLUMNS_MAX,
  README_MAX_BYTES,
  type License,
  utf8Bytes,
} from '../../contracts/limits.ts';
import type { T } from '../../i18n/index.ts';
import type { Dataset, DatasetMetadata } from '../../lib/api/types.ts';
import { toSnakeKey } from '../../lib/case.ts';
import {
  DATASET_RULES,
  canonicalLanguage,
  checkDescription,
  checkLanguage,
  checkName,
  checkTags,
  parseTags,
} from '../../lib/dataset-rules.ts';
import { fieldProblems } from '../../lib/form-errors.ts';
import type { Problems } from '../../stores/form.ts';

export type MetadataValues = {
  name: string;
  description: string;
  isPublic: boolean;
  language: string;
  tags: string;
  /** An SPDX identifier, '' for none stated. */
  license: string;
  citation: string;
  /** The dataset card (Markdown). */
  readme: string;
  /** The key's columns, separated by commas ('' for none). */
  keyColumns: string;
};
export type MetadataField = keyof MetadataValues;

/** A new dataset's form (the create form starts the language at the page's locale). */
export const EMPTY_METADATA: MetadataValues = {
  name: '',
  description: '',
  isPublic: true,
  language: DEFAULT_DATASET_LANGUAGE,
  tags: '',
  license: '',
  citation: '',
  readme: '',
  keyColumns: '',
};

/** An existing dataset's form. */
export const metadataValuesOf = (d: Dataset): MetadataValues => ({
  name: d.name,
  description: d.description,
  isPublic: d.isPublic,
  language: d.language,
  tags: d.tags.join(', '),
  license: d.license ?? '',
  citation: d.citation,
  readme: d.readme,
  keyColumns: d.keyColumns.join(', '),
});

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
  keyColumns:
    keyColumnsOf(values.keyColumns).length > KEY_COLUMNS_MAX
      ? { key: 'patches:key.tooMany', vars: { max: KEY_COLUMNS_MAX } }
      : undefined,
});

/** The key's columns as typed: names separated by commas (either width). */
const keyColumnsOf = (text: string) =>
  text
    .split(/[,，]/)
    .map((s) => s.trim())
    .filter(Boolean);

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
  keyColumns: keyColumnsOf(values.keyColumns),
});

/** The server's field names (`is_public`) → the form's (`isPublic`). */
const SERVER_FIELDS: Readonly<Record<string, MetadataField>> = Object.fromEntries(
  (Object.keys(EMPTY_METADATA) as MetadataField[]).map((field) => [toSnakeKey(field), field]),
);

/** The server's per-field messages, on this form's fields. */
export const metadataProblems = (error: unknown, t: T): Problems<MetadataField> =>
  fieldProblems(error, t, SERVER_FIELDS);

/** Endings a table file's name may have, cut when its name is offered as the dataset's. */
const TABLE_FILE_ENDING = /(\.(csv|tsv|tab|json|jsonl|ndjson))?(\.gz)?$/i;

/**
 * The name offered for a new dataset when a file is chosen while the name is still empty: the
 * file's name without its ending, underscores read as spaces, at most as many characters as a name may have.
 */
export function nameFromFile(fileName: string): string {
  const base = fileName.replace(TABLE_FILE_ENDING, '').replaceAll('_', ' ');
  const words = base.replace(/\s+/g, ' ').trim();
  return [...words].slice(0, DATASET_RULES.nameMax).join('').trim();
}
