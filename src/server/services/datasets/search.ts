import { sql, type SQL } from 'drizzle-orm';
import type { DatasetSort } from '../../../contracts/datasets.ts';
import { datasets } from '../../db/schema.ts';

/** `%text%` for LIKE, with the user's own `%`, `_` and `\` matched literally. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export type Match = { where: SQL; rank: SQL[] };

/**
 * Search over `search_text` (name, description and tags, lower-cased) with the pg_trgm GIN
 * index. Trigrams work for Chinese as well as English (the database's character classification
 * treats CJK ideographs as word characters). See docs/datasets.md, "Search".
 *
 * First, substring matches: `search_text LIKE '%q%'` with the query lower-cased the same way as
 * `search_text` (JavaScript's toLowerCase), which is several times cheaper per row than ILIKE on
 * multibyte text. Answered from the trigram index for 3 or more characters; for 1–2 characters
 * (common in Chinese, e.g. 人口) a trigram index cannot narrow the pattern down, so it is a scan
 * of the rows the other filters leave. Ranked with name matches first, then by heat.
 */
export function substringMatch(query: string): Match {
  const pattern = containsPattern(query.toLowerCase());
  return {
    where: sql`${datasets.searchText} like ${pattern}`,
    rank: [sql`(lower(${datasets.name}) like ${pattern}) desc`, ...SORT_ORDER.heat],
  };
}

/**
 * Then, only when nothing contains the query: near misses such as typos (`populaton`), by word
 * similarity (`q <% search_text`, indexed), most similar first. Null under 3 characters.
 * Kept apart from the substring match because an `ILIKE … OR … <%` condition is evaluated row
 * by row on PGlite (seconds on 100,000 datasets) and costs a similarity per matching row.
 */
export function similarMatch(query: string): Match | null {
  const needle = query.toLowerCase();
  if ([...needle].length < 3) return null;
  return {
    where: sql`${needle} <% ${datasets.searchText}`,
    rank: [sql`word_similarity(${needle}, ${datasets.searchText}) desc`, ...SORT_ORDER.heat],
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
