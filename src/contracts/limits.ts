/**
 * Limits and fixed vocabularies the server, the browser and the tests share. No zod here: a
 * browser island that needs a limit imports this file, not a contract with its schemas.
 */

/** Longest token name, in characters. */
export const TOKEN_NAME_MAX = 64;
/** Longest lifetime a token may be given, in days (none: it never expires). */
export const TOKEN_DAYS_MAX = 3650;
/** Every secret starts with this, so scanners and people can recognize a Sheaf token. */
export const TOKEN_PREFIX = 'shf_';
/** Days a token stays after it expired or was revoked (listed as expired meanwhile); then it is deleted. */
export const ENDED_TOKEN_KEPT_DAYS = 30;
export const TOKEN_SCOPES = ['read', 'write'] as const;
/**
 * At most this many tokens of one user are in force at once (neither revoked nor expired): one
 * more is refused (409 TOKEN_LIMIT_REACHED) until one is revoked or expires.
 */
export const LIVE_TOKENS_MAX = 50;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** At most this many webhooks per user: one more is 409 WEBHOOK_LIMIT_REACHED. */
export const WEBHOOKS_MAX = 20;
/** Longest webhook URL, in characters. */
export const WEBHOOK_URL_MAX = 2000;
/** What a webhook may be sent (docs/webhooks.md); a hook lists those it wants. */
export const WEBHOOK_EVENTS = [
  'version.published',
  'proposal.opened',
  'proposal.merged',
  'comment.created',
] as const;

/** `q` (the text filter over string columns) is at most this many characters. */
export const ROWS_FILTER_MAX = 200;
/**
 * Operators of a column filter on a version's rows (`filters`, docs/tables.md "Filters"):
 * `between` takes `[lo, hi]`, `in` a list, `is_null` / `not_null` no value, the others one value.
 */
export const FILTER_OPS = [
  'eq',
  'ne',
  'lt',
  'le',
  'gt',
  'ge',
  'between',
  'in',
  'contains',
  'starts_with',
  'is_null',
  'not_null',
] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** At most this many filters at once (they all apply). */
export const FILTERS_MAX = 20;
/** At most this many values in one `in` filter. */
export const FILTER_IN_MAX = 100;
/** A facet lists this many most frequent values. */
export const FACET_VALUES = 20;
/** A facet's histogram has at most this many bins. */
export const FACET_BINS_MAX = 50;
/** A histogram has at most this many bins. */
export const HISTOGRAM_BINS = 20;
/** The most frequent values listed for a string or boolean column. */
export const TOP_VALUES = 10;
/**
 * Longest text a column's statistics quote (its minimum, maximum and most frequent values), in
 * characters; longer text is cut and ends in …. One 15 MB cell would otherwise be quoted three
 * times in the statistics and again in every dataset page.
 */
export const STATS_TEXT_MAX = 200;
/**
 * Longest text the data viewer shows in a cell, in characters; the rest is cut (ending in …)
 * and stays in the downloads and the rows API.
 */
export const CELL_TEXT_MAX = 1_000;

export const SORT_ORDERS = ['asc', 'desc'] as const;
export const COMPARE_KINDS = ['added', 'removed', 'changed'] as const;
/**
 * Most row pairs a keyed compare may make. A key value found `a` times in one version and `b`
 * times in the other pairs `a × b` rows, so a repeated key (a city, a year) multiplies the work:
 * past this the compare is refused before it runs (400 COMPARE_TOO_LARGE), naming the key and
 * the count.
 */
export const MAX_COMPARE_PAIRS = 10_000_000;
export type CompareKind = (typeof COMPARE_KINDS)[number];

/** A dataset's key names at most this many columns (docs/living-datasets.md "Keys"). */
export const KEY_COLUMNS_MAX = 5;
/**
 * How a new version is made: `replace` sends the whole table; the others send a change to the
 * latest version (docs/living-datasets.md "Patch versions").
 */
export const VERSION_MODES = ['replace', 'append', 'upsert', 'delete'] as const;
export type VersionMode = (typeof VERSION_MODES)[number];

/**
 * Licences a dataset may state, as SPDX identifiers (https://spdx.org/licenses/), with their
 * official names. None stated: `license` is null ("no licence stated").
 */
export const LICENSES = {
  'CC-BY-4.0': 'Creative Commons Attribution 4.0 International',
  'CC-BY-SA-4.0': 'Creative Commons Attribution Share Alike 4.0 International',
  'CC-BY-NC-4.0': 'Creative Commons Attribution Non Commercial 4.0 International',
  'CC-BY-NC-SA-4.0': 'Creative Commons Attribution Non Commercial Share Alike 4.0 International',
  'CC-BY-ND-4.0': 'Creative Commons Attribution No Derivatives 4.0 International',
  'CC0-1.0': 'Creative Commons Zero v1.0 Universal',
  'ODbL-1.0': 'Open Data Commons Open Database License v1.0',
  'ODC-By-1.0': 'Open Data Commons Attribution License v1.0',
  'PDDL-1.0': 'Open Data Commons Public Domain Dedication & License 1.0',
  'CDLA-Permissive-2.0': 'Community Data License Agreement Permissive 2.0',
  'CDLA-Sharing-1.0': 'Community Data License Agreement Sharing 1.0',
  MIT: 'MIT License',
  'Apache-2.0': 'Apache License 2.0',
  'GPL-3.0-or-later': 'GNU General Public License v3.0 or later',
  'OGL-UK-3.0': 'Open Government Licence v3.0',
} as const;
export type License = keyof typeof LICENSES;
export const LICENSE_IDS = Object.keys(LICENSES) as [License, ...License[]];
/** The canonical page of an SPDX licence. */
export const licenseUrl = (id: string) => `https://spdx.org/licenses/${id}.html`;

/** Largest dataset card (`readme`, Markdown), in bytes of UTF-8. */
export const README_MAX_BYTES = 64 * 1024;
/** Length in characters (code points), so an emoji counts once: every text limit counts so. */
export const chars = (s: string) => [...s].length;

/**
 * A BCP 47 language tag of the common shapes: language (2–3 letters), optional script
 * (4 letters) and optional region (2 letters or 3 digits): `zh-CN`, `en`, `zh-Hans-CN`, `es-419`.
 * Any case (the API normalises `ZH-cn` → `zh-CN`).
 */
export const LANGUAGE_PATTERN = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i;

/** Dataset text limits, in characters; the API's schemas and the browser's forms both read them. */
export const DATASET_NAME_MAX = 100;
export const DATASET_DESCRIPTION_MAX = 5000;
export const DATASET_TAGS_MAX = 10;
export const DATASET_TAG_MAX = 30;
export const CHANGELOG_MAX = 2000;
export const SEARCH_QUERY_MAX = 100;

/** Bytes of `text` in UTF-8 (works in the browser too). */
export const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;

/** Longest citation text (BibTeX of a dataset fits well within it), in characters. */
export const CITATION_MAX = 4_000;

/** Longest column name, in characters (docs/tables.md, "The rules"). */
export const MAX_ATTRIBUTE_LENGTH = 128;
/** Longest description of one column (`column_descriptions`), in characters. */
export const COLUMN_DESCRIPTION_MAX = 1_000;

/** Formats written from the table's rows as they stream (and described in Croissant). */
export const TEXT_DOWNLOAD_FORMATS = ['csv', 'tsv', 'json', 'jsonl'] as const;
export type TextDownloadFormat = (typeof TEXT_DOWNLOAD_FORMATS)[number];
/** Every download format: the text ones and the version's Parquet file (typed, range requests). */
export const DOWNLOAD_FORMATS = [...TEXT_DOWNLOAD_FORMATS, 'parquet'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];

/** Language of a new dataset unless chosen otherwise. */
export const DEFAULT_DATASET_LANGUAGE = 'zh-CN';
/** Search answers 12 per page unless asked otherwise. */
export const SEARCH_PAGE_SIZE = 12;
/**
 * A search matching more datasets than this answers the database's estimate of how many, marked
 * `total_estimated` (docs/search.md, "Totals"): counting them all took seconds at a million.
 */
export const SEARCH_EXACT_TOTAL_MAX = 10_000;
/** At most this many public datasets of one user are listed (profile pages). */
export const PUBLIC_DATASETS_PER_USER = 100;
/** A profile page shows them this many at a time (`?page=`). */
export const PROFILE_DATASETS_PER_PAGE = 20;

/**
 * A publish's request header: sent again by the same user within IDEMPOTENCY_KEY_HOURS, the
 * request answers what the first one made (docs/reliability.md "Publishing twice").
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_HOURS = 24;
/** The answer header of a publish answered from an earlier request with the same key. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

/** Longest title of a saved query, in characters. */
export const SAVED_QUERY_TITLE_MAX = 100;
/** Longest SQL text of a saved query, in characters. */
export const SAVED_QUERY_SQL_MAX = 10_000;
/** Most queries saved on one dataset: one more is refused (409 SAVED_QUERY_LIMIT_REACHED). */
export const SAVED_QUERIES_MAX = 200;

/** Days a notification is kept in its owner's inbox, read or not; then the hourly sweep deletes it. */
export const NOTIFICATION_DAYS = 90;
/** Longest discussion title, in characters (docs/discussions.md). */
export const DISCUSSION_TITLE_MAX = 200;
/** Longest body of a thread or a comment, in characters. */
export const COMMENT_BODY_MAX = 20_000;

/** A proposal's states (docs/proposals.md). */
export const PROPOSAL_STATES = ['open', 'merged', 'closed'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];

/** How a proposal was made: a patch of the latest version, a whole table, or a fork's version. */
export const PROPOSAL_MODES = ['append', 'upsert', 'delete', 'replace', 'fork'] as const;
export type ProposalMode = (typeof PROPOSAL_MODES)[number];

/** Most contributors a dataset's detail lists. */
export const CONTRIBUTORS_MAX = 20;
/** Longest reason given with a report of a comment, in characters. */
export const REPORT_REASON_MAX = 1_000;
/** At most this many users are told of their mention in one text; further @names stay text. */
export const MENTIONS_MAX = 20;

/** Most summaries one `GET /datasets/{id}/changes` answers: page on with `since`. */
export const CHANGES_PAGE = 100;
/** Most example rows a change summary keeps. */
export const CHANGE_EXAMPLES = 10;
