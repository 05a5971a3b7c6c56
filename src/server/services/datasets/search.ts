import { sql, type SQL } from 'drizzle-orm';
import type { DatasetSort } from '../../../contracts/datasets.ts';
import { datasets } from '../../db/schema.ts';

/**
 * One key of an order: an expression, its direction and its SQL type (a cursor carries the
 * key's value as text and casts it back with this type).
 */
export type OrderKey = {
  expr: SQL;
  desc: boolean;
  type: 'timestamptz' | 'float8' | 'real' | 'int' | 'text' | 'boolean';
};

/** An order of datasets; `name` tells cursors of different orders apart. */
export type Order = { name: string; keys: OrderKey[] };

/** Ids as an array the statement reads once: the planner cannot walk another index for them. */
export const idIn = (ids: SQL) => sql`${datasets.id} = any(array(${ids}))`;

/**
 * The datasets of `where`, their ids read first (from the index that answers `where`) so that
 * the rows are then read by primary key. For a search matching few datasets (docs/search.md,
 * "Few matches are read first"): ordered by an index of its own, the planner may walk that
 * index down the whole table looking for matches it expects to be common.
 */
export const idsFirst = (where: SQL | undefined) =>
  idIn(sql`select ${datasets.id} from ${datasets} where ${where ?? sql`true`}`);

/** ts_rank's weights of D, C (description), B (tags), A (name). */
const RANK_WEIGHTS = sql.raw(`'{0.01, 0.05, 0.2, 1}'::real[]`);

/** ORDER BY terms of keys; descending ones `nulls last`, as the indexes are declared. */
export const orderSql = (keys: OrderKey[]) =>
  keys.map((k) => (k.desc ? sql`${k.expr} desc nulls last` : sql`${k.expr} asc`));

export type Match = { where: SQL; order: Order };

/**
 * Whether a dataset's name is the query itself, folded as search folds text (case, accents,
 * full-width forms; `search_fold`, docs/search.md), answered by `datasets_name_fold_idx`.
 */
export const exactName = (query: string): SQL =>
  sql`search_fold(${datasets.name}) = search_fold(${query})`;

const id: OrderKey = { expr: sql`${datasets.id}`, desc: true, type: 'int' };
const descending = (expr: SQL, type: OrderKey['type']): OrderKey => ({ expr, desc: true, type });

/**
 * Orders of the list sorts, all ending on id. Descending keys sort `desc nulls last`, matching
 * the declared `.desc()` indexes (`datasets_public_*_idx`), so a page is read from an index.
 */
export const SORT_ORDER: Record<DatasetSort, Order> = {
  recent: { name: 'recent', keys: [descending(sql`${datasets.createdAt}`, 'timestamptz'), id] },
  heat: { name: 'heat', keys: [descending(sql`${datasets.heat}`, 'float8'), id] },
  downloads: {
    name: 'downloads',
    keys: [descending(sql`${datasets.downloadCount}`, 'int'), id],
  },
  score: { name: 'score', keys: [descending(sql`${datasets.averageScore}`, 'real'), id] },
  name: {
    name: 'name',
    keys: [
      // Case and accents aside first, Chinese by pinyin (migration 0015, docs/datasets.md).
      { expr: sql`${datasets.name} collate dataset_name`, desc: false, type: 'text' },
      { ...id, desc: false },
    ],
  },
};

/**
 * The search index (docs/search.md): `search_vector @@ search_query_of(q)`, answered by the GIN
 * index on `search_vector` for terms of any length, Chinese or not. The database function
 * `search_query_of` tokenizes the query exactly as the stored vector was tokenized: a CJK run
 * becomes its bigrams joined by `<->` (a single character its unigram), a word a prefix
 * (`word:*`), a symbol such as `%` or `_` itself. Every term must match.
 *
 * Ranked: the exact name first, then by text rank, which weighs a match in the name (weight A)
 * far over one in the tags (B), and that over one in the description (C), then by heat.
 */
export function textMatch(query: string): Match {
  const q = sql`search_query_of(${query})`;
  const v = sql`${datasets.searchVector}`;
  return {
    where: sql`${v} @@ ${q}`,
    order: {
      name: 'relevance',
      keys: [
        descending(sql`(${exactName(query)})`, 'boolean'),
        descending(sql`ts_rank(${RANK_WEIGHTS}, ${v}, ${q})`, 'real'),
        ...SORT_ORDER.heat.keys,
      ],
    },
  };
}

/** A CJK character (Han, kana, Hangul), by the ranges `search_tokens` cuts runs with. */
const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]/u;

/** Three ASCII letters or digits in a row: a word pg_trgm cuts trigrams from in any locale. */
const LETTERS_WORD = /[a-z0-9]{3}/;

/**
 * Only when the index finds nothing: near misses such as typos (`populaton`), by trigram word
 * similarity over `search_text` (`q <% search_text`, indexed), most similar first. Null — no
 * near misses are looked for — unless the query holds a word of 3 or more ASCII letters or
 * digits and no CJK character. A query without such a word may have no trigrams at all
 * (`show_trgm('上海 空气质量')` is empty where the database's `LC_CTYPE` is `C`, as on the
 * embedded server), and the trigram index cannot answer it: the statement would read every
 * row (docs/search.md, "Near misses").
 */
export function similarMatch(query: string): Match | null {
  const needle = query.toLowerCase();
  if (CJK.test(needle) || !LETTERS_WORD.test(needle)) return null;
  return {
    where: sql`${needle} <% ${datasets.searchText}`,
    order: {
      name: 'similarity',
      keys: [
        descending(sql`word_similarity(${needle}, ${datasets.searchText})`, 'real'),
        ...SORT_ORDER.heat.keys,
      ],
    },
  };
}
