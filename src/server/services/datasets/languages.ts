import { asc, count, desc } from 'drizzle-orm';
import type { Context } from '../../context.ts';
import { datasets } from '../../db/schema.ts';
import { cachedTotal } from './counts.ts';
import { listed } from './rows.ts';

/** At most this many languages are offered by the list page's filter (the most used ones). */
const LANGUAGE_FILTER_MAX = 40;

/** A language of public datasets and how many public datasets have it. */
export type LanguageCount = { tag: string; count: number };

/**
 * The languages public datasets are in, most used first (then by tag), for the dataset list's
 * language filter. Kept with the other cached totals until the next dataset write.
 */
export function datasetLanguages(ctx: Context): Promise<LanguageCount[]> {
  return cachedTotal(ctx.db, 'languages', () =>
    ctx.db
      .select({ tag: datasets.language, count: count() })
      .from(datasets)
      .where(listed)
      .groupBy(datasets.language)
      .orderBy(desc(count()), asc(datasets.language))
      .limit(LANGUAGE_FILTER_MAX),
  );
}
