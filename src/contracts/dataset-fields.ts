/**
 * Dataset field rules, limits and query-parameter pieces. Re-exported by datasets.ts, so code
 * imports them from there like every other dataset contract.
 */
import { z } from 'zod';
import { emptyWhenBlank, isBlank } from '../lib/visible-text.ts';
import { isTextByName } from '../lib/tables/column-names.ts';
import { refuseDirectionControls } from './direction-controls.ts';
import {
  CHANGELOG_MAX,
  CITATION_MAX,
  DATASET_DESCRIPTION_MAX,
  DATASET_NAME_MAX,
  DATASET_TAG_MAX,
  DATASET_TAGS_MAX,
  LANGUAGE_PATTERN,
  LICENSE_IDS,
  MAX_ATTRIBUTE_LENGTH,
  README_MAX_BYTES,
  SEARCH_QUERY_MAX,
  chars,
  utf8Bytes,
} from './limits.ts';
import {
  COLUMN_NAME_PATTERN,
  CURSOR_PATTERN,
  LANGUAGE_TEXT_PATTERN,
  NAME_PATTERN,
  TAG_PATTERN,
  TAGS_TEXT_PATTERN,
} from './text-patterns.ts';

/** Field rules and constants for datasets; the server validates with these, the client may reuse them. */
export {
  CHANGELOG_MAX,
  DATASET_DESCRIPTION_MAX,
  DATASET_NAME_MAX,
  DATASET_TAG_MAX,
  DATASET_TAGS_MAX,
  LANGUAGE_PATTERN,
  SEARCH_QUERY_MAX,
} from './limits.ts';
/** A list cursor is an opaque string of at most this many characters. */
const CURSOR_MAX = 1000;
export { DEFAULT_DATASET_LANGUAGE, PUBLIC_DATASETS_PER_USER, SEARCH_PAGE_SIZE } from './limits.ts';
export const CONTENT_LIMIT_DEFAULT = 100;
export const CONTENT_LIMIT_MAX = 1000;
/** A downloader counts once per version within this many minutes. */
export const DOWNLOAD_COUNT_WINDOW_MINUTES = 5;
export const DATASET_SORTS = ['recent', 'heat', 'downloads', 'score', 'name'] as const;
export type DatasetSort = (typeof DATASET_SORTS)[number];
export {
  DOWNLOAD_FORMATS,
  TEXT_DOWNLOAD_FORMATS,
  type DownloadFormat,
  type TextDownloadFormat,
} from './limits.ts';

/** A language tag (LANGUAGE_PATTERN), its case normalised (`ZH-cn` → `zh-CN`). */
export const languageSchema = z
  .string()
  .trim()
  .regex(LANGUAGE_PATTERN, 'Language must be a BCP 47 tag such as zh-CN or en-US')
  .transform((s) => Intl.getCanonicalLocales(s)[0] ?? s)
  .meta({ type: 'string', pattern: LANGUAGE_TEXT_PATTERN });

/** A name shows something (not only spaces and invisible characters) and reads as written. */
export const datasetNameSchema = z
  .string()
  .trim()
  .refine((s) => !isBlank(s), 'Name must not be empty')
  .refine(
    (s) => chars(s) <= DATASET_NAME_MAX,
    `Name must be at most ${DATASET_NAME_MAX} characters`,
  )
  .refine((s) => !/\p{Cc}/u.test(s), 'Name must not contain control characters')
  .superRefine(refuseDirectionControls('Name'))
  .meta({
    maxLength: DATASET_NAME_MAX,
    pattern: NAME_PATTERN,
    description: 'Trimmed; must show something; no control or direction characters',
  });

/**
 * A description is optional: one showing nothing (only spaces and invisible characters) is stored
 * empty, so pages say there is none. Direction controls beside text stay (right-to-left Markdown).
 */
export const datasetDescriptionSchema = z
  .string()
  .trim()
  .overwrite(emptyWhenBlank)
  .refine(
    (s) => chars(s) <= DATASET_DESCRIPTION_MAX,
    `Description must be at most ${DATASET_DESCRIPTION_MAX} characters`,
  )
  .meta({ maxLength: DATASET_DESCRIPTION_MAX });

/** An SPDX identifier from the list, or null for "no licence stated". */
export const licenseIdSchema = z.enum(LICENSE_IDS, {
  error: `License must be one of: ${LICENSE_IDS.join(', ')}`,
});
export const licenseSchema = licenseIdSchema
  .nullable()
  .describe('SPDX identifier of the licence; null when none is stated');

/** Like a description: a citation showing nothing is stored empty, so pages show none. */
export const citationSchema = z
  .string()
  .trim()
  .overwrite(emptyWhenBlank)
  .refine((s) => chars(s) <= CITATION_MAX, `Citation must be at most ${CITATION_MAX} characters`)
  .meta({ maxLength: CITATION_MAX })
  .describe('How to cite the dataset (free text, e.g. BibTeX)');

export const readmeSchema = z
  .string()
  .refine(
    (s) => utf8Bytes(s) <= README_MAX_BYTES,
    `Readme must be at most ${README_MAX_BYTES / 1024} KB (${README_MAX_BYTES} bytes of UTF-8)`,
  )
  .describe(
    `The dataset card: Markdown, shown on the dataset page; at most ${README_MAX_BYTES} bytes of UTF-8`,
  );

/**
 * What separates tags typed as text: a comma, or the full-width ， of Chinese input, in the API's
 * `tags` parameter as in the site's fields and links (src/lib/dataset-rules.ts). Neither may
 * stand inside a tag, so a tag's link always finds its dataset.
 */
const TAG_SEPARATOR = /[,，]/;

/**
 * A tag: full-width and other compatibility forms made plain (ＡＩ → ai), trimmed, lower-cased;
 * one with nothing visible counts as empty, one with a direction control is refused.
 */
const tagSchema = z
  .string()
  .normalize('NFKC')
  .trim()
  .toLowerCase()
  .refine(
    (s) => !isBlank(s) && chars(s) <= DATASET_TAG_MAX,
    `Each tag must be 1–${DATASET_TAG_MAX} characters`,
  )
  .refine(
    (s) => !/[\p{Cc}]/u.test(s) && !TAG_SEPARATOR.test(s),
    'Tags must not contain commas or control characters',
  )
  .superRefine(refuseDirectionControls('Tag'))
  .meta({
    minLength: 1,
    maxLength: DATASET_TAG_MAX,
    pattern: TAG_PATTERN,
    description: `Made plain (NFKC), trimmed and lower-cased, then 1–${DATASET_TAG_MAX} characters; no comma, control or direction character`,
  });

/** Tags are made plain, trimmed, lower-cased and deduplicated, then at most 10 remain allowed. */
export const datasetTagsSchema = z
  .array(tagSchema)
  .transform((tags) => [...new Set(tags)])
  .refine((tags) => tags.length <= DATASET_TAGS_MAX, `At most ${DATASET_TAGS_MAX} tags`)
  .meta({
    maxItems: DATASET_TAGS_MAX,
    description: `At most ${DATASET_TAGS_MAX} once duplicates are dropped`,
  });

/** Like a description: a changelog showing nothing is stored empty ("No changelog."). */
export const changelogSchema = z
  .string()
  .trim()
  .overwrite(emptyWhenBlank)
  .refine((s) => chars(s) <= CHANGELOG_MAX, `Changelog must be at most ${CHANGELOG_MAX} characters`)
  .meta({ maxLength: CHANGELOG_MAX });

/**
 * Column name → type. Any text is a column name, `__proto__` included: z.record would copy the
 * object and leave that key out, so the object is checked and passed on as it is.
 */
export const attributeTypesSchema = z
  .unknown()
  .refine(isTextByName, { error: 'Invalid input: expected an object from column name to type' })
  .meta({
    type: 'object',
    propertyNames: { type: 'string' },
    additionalProperties: { type: 'string' },
  });

/**
 * Declared column types in a query string or form field (a streamed upload): the same object as
 * the JSON body's `attribute_types`, written as JSON text (`{"zip":"string"}`).
 */
const queryAttributeTypes = z
  .string()
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch {
      ctx.issues.push({
        code: 'custom',
        input: text,
        message: 'Invalid input: expected a JSON object from column name to type',
      });
      return z.NEVER;
    }
  })
  .pipe(attributeTypesSchema)
  .meta({ type: 'string', description: 'JSON text, e.g. {"zip":"string"}' });

/** The column names of a table sent as JSON (checked with its rows: docs/tables.md, "The rules"). */
export const columnNamesSchema = z
  .array(
    z.string().meta({
      maxLength: MAX_ATTRIBUTE_LENGTH,
      pattern: COLUMN_NAME_PATTERN,
      description: 'Trimmed; must show something; no control characters; unique ignoring case',
    }),
  )
  .meta({ minItems: 1 });

/** Declared column types of a streamed upload, as JSON text (the body's two names). */
export const uploadTypeFields = {
  attribute_types: queryAttributeTypes
    .optional()
    .describe('Declared column types as JSON text, e.g. {"zip":"string"}; the others are inferred'),
  attributes_type: queryAttributeTypes
    .optional()
    .describe('The same as `attribute_types` (that one wins)'),
};

/** `true` / `false` in a query string (any other value is a 400). */
export const queryBoolean = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

/**
 * Tags in a query: comma-separated (`tags=a,b`) or repeated (`tags=a&tags=b`); empty ones, like
 * ones with nothing visible, are left out.
 */
const queryTag = z.string().meta({ pattern: TAGS_TEXT_PATTERN });
export const queryTags = z
  .union([queryTag, z.array(queryTag)])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(TAG_SEPARATOR))
      .map((s) => s.trim())
      .filter((s) => !isBlank(s)),
  )
  .pipe(datasetTagsSchema)
  .meta({
    description: `Comma-separated (, or ，) or repeated; each tag 1–${DATASET_TAG_MAX} characters once made plain, trimmed and lower-cased; at most ${DATASET_TAGS_MAX}`,
  });

/** Where a page starts: right after the row a previous answer's `next_cursor` names. */
export const cursorQuery = z
  .string()
  .max(CURSOR_MAX, `cursor must be at most ${CURSOR_MAX} characters`)
  .meta({ pattern: CURSOR_PATTERN })
  .optional()
  .describe(
    'The `next_cursor` of the previous page, as given (base64url, made for the same order): continues right after it, as cheap however far (`offset` then skips further); any other value is 400',
  );

export const searchQuery = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX, `query must be at most ${SEARCH_QUERY_MAX} characters`);

/* ---------- responses ---------- */
