import { sql, type SQL } from 'drizzle-orm';
import type { DatasetSort } from '../../../contracts/datasets.ts';
import { datasets } from '../../db/schema.ts';

/** `%text%` for LIKE, with the user's own `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Full-text-ish search over `search_text` (lower-cased name, description and tags) with the
 * pg_trgm GIN index. Trigrams work for Chinese as well as English (the database's character
 * classification treats CJK ideographs as word characters).
 *
 * - 3 or more characters: substring match (`ILIKE '%q%'`, answered from the trigram index) or
 *   word similarity (`q <% search_text`, also indexed) for near misses such as typos.
 * - 1–2 characters (common in Chinese, e.g. 人口): a trigram index cannot narrow these down, so
 *   the match is a plain `ILIKE '%q%'` over the rows the other filters leave.
 *
 * Ranking: name matches first, then similarity (a substring match counts as 1, so the costly
 * `word_similarity` is only computed for near misses), then heat.
 */
export function searchMatch(query: string): { where: SQL; rank: SQL[] } {
  const needle = query.toLowerCase();
  const pattern = containsPattern(needle);
  const contains = sql`${datasets.searchText} ilike ${pattern}`;
  const where =
    [...needle].length >= 3 ? sql`(${contains} or ${needle} <% ${datasets.searchText})` : contains;
  return {
    where,
    rank: [
      sql`(${datasets.name} ilike ${pattern}) desc`,
      sql`(case when ${contains} then 1 else word_similarity(${needle}, ${datasets.searchText}) end) desc`,
      ...SORT_ORDER.heat,
    ],
  };
}

/**
 * Orders of the list sorts. `desc nulls last` matches the declared `.desc()` indexes
 * (`datasets_public_*_idx`), so the first page is read straight from an index.
 */
export const SORT_ORDER: Record<DatasetSort, SQL[]> = {
  recent: [sql`${datasets.createdAt} desc nulls last`, sql`${datasets.id} desc nulls last`],
  heat: [sql`${datasets.heat} desc nulls last`, sql`${datasets.id} desc nulls last`],
  downloads: [sql`${datasets.downloadCount} desc nulls last`, sql`${datasets.id} desc nulls last`],
  score: [sql`${datasets.averageScore} desc nulls last`, sql`${datasets.id} desc nulls last`],
  name: [sql`${datasets.name} asc`, sql`${datasets.id} asc`],
};
