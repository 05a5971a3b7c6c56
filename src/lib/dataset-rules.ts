/**
 * The dataset field rules as the browser checks them before sending a form: the server's limits
 * (src/contracts/datasets.ts, kept equal by tests/unit/dataset-rules.test.ts) without pulling
 * zod into island bundles. Each check answers null or the `datasets:` message key to show.
 */
import type { RuleError } from './account-rules.ts';
import { directionControlIn, isBlank } from './visible-text.ts';
import {
  CHANGELOG_MAX,
  DATASET_DESCRIPTION_MAX,
  DATASET_NAME_MAX,
  DATASET_TAG_MAX,
  DATASET_TAGS_MAX,
  LANGUAGE_PATTERN,
  SEARCH_QUERY_MAX,
  chars,
} from '../contracts/limits.ts';

export type { RuleError };
export { LANGUAGE_PATTERN };

/** The limits of src/contracts/limits.ts, as the forms name them. */
export const DATASET_RULES = {
  nameMax: DATASET_NAME_MAX,
  descriptionMax: DATASET_DESCRIPTION_MAX,
  tagsMax: DATASET_TAGS_MAX,
  tagMax: DATASET_TAG_MAX,
  changelogMax: CHANGELOG_MAX,
  queryMax: SEARCH_QUERY_MAX,
} as const;

/**
 * Search words from an address or a box: trimmed, and cut to what the API takes, counted in
 * characters (code points) as the API counts them, so an emoji is never cut in half.
 */
export const searchWords = (raw: string): string =>
  [...raw.trim()].slice(0, DATASET_RULES.queryMax).join('');

export function checkName(value: string): RuleError | null {
  const v = value.trim();
  if (isBlank(v)) return { key: 'datasets:rules.nameRequired' };
  if (chars(v) > DATASET_RULES.nameMax) {
    return { key: 'datasets:rules.nameLength', vars: { max: DATASET_RULES.nameMax } };
  }
  if (/\p{Cc}/u.test(v)) return { key: 'datasets:rules.nameControl' };
  if (directionControlIn(v)) return { key: 'datasets:rules.nameCharacters' };
  return null;
}

export function checkDescription(value: string): RuleError | null {
  return chars(value.trim()) > DATASET_RULES.descriptionMax
    ? { key: 'datasets:rules.descriptionLength', vars: { max: DATASET_RULES.descriptionMax } }
    : null;
}

export function checkLanguage(value: string): RuleError | null {
  return LANGUAGE_PATTERN.test(value.trim()) ? null : { key: 'datasets:rules.language' };
}

export function checkChangelog(value: string): RuleError | null {
  return chars(value.trim()) > DATASET_RULES.changelogMax
    ? { key: 'datasets:rules.changelogLength', vars: { max: DATASET_RULES.changelogMax } }
    : null;
}

/**
 * Tags typed as text: split on commas (also the full-width ，), made plain (NFKC) as the server
 * stores them, trimmed, lower-cased, unique; empty ones, like ones with nothing visible, are left
 * out.
 */
export function parseTags(value: string): string[] {
  const tags = value
    .split(/[,，]/)
    .map((t) => t.normalize('NFKC').trim().toLowerCase())
    .filter((t) => !isBlank(t));
  return [...new Set(tags)];
}

export function checkTags(value: string): RuleError | null {
  const tags = parseTags(value);
  if (tags.length > DATASET_RULES.tagsMax) {
    return { key: 'datasets:rules.tagsCount', vars: { max: DATASET_RULES.tagsMax } };
  }
  if (tags.some((t) => chars(t) > DATASET_RULES.tagMax)) {
    return { key: 'datasets:rules.tagLength', vars: { max: DATASET_RULES.tagMax } };
  }
  if (tags.some((t) => directionControlIn(t))) return { key: 'datasets:rules.tagCharacters' };
  return null;
}

/** A language tag in its usual case (`ZH-cn` → `zh-CN`). */
export function canonicalLanguage(value: string): string {
  try {
    return Intl.getCanonicalLocales(value.trim())[0] ?? value.trim();
  } catch {
    return value.trim();
  }
}
