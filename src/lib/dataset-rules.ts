/**
 * The dataset field rules as the browser checks them before sending a form: the server's limits
 * (src/contracts/datasets.ts, kept equal by tests/unit/dataset-rules.test.ts) without pulling
 * zod into island bundles. Each check answers null or the `datasets:` message key to show.
 */
import type { RuleError } from './account-rules.ts';
import { directionControlIn, isBlank } from './visible-text.ts';

export type { RuleError };

export const DATASET_RULES = {
  nameMax: 100,
  descriptionMax: 5000,
  tagsMax: 10,
  tagMax: 30,
  changelogMax: 2000,
  queryMax: 100,
} as const;

/**
 * Search words from an address or a box: trimmed, and cut to what the API takes, counted in
 * characters (code points) as the API counts them, so an emoji is never cut in half.
 */
export const searchWords = (raw: string): string =>
  [...raw.trim()].slice(0, DATASET_RULES.queryMax).join('');

/** Same shapes as the server's LANGUAGE_PATTERN: zh-CN, en, zh-Hans-CN, es-419. */
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i;

const chars = (s: string) => [...s].length;

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
