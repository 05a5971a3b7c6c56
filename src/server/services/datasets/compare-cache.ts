import { LRUCache } from 'lru-cache';

/**
 * Answers of compares — key statistics, counts, pages of compared rows — kept per dataset, pair
 * of table files (content-addressed: a file never changes, a new version is a new file), key,
 * and for a page its kind, offset and limit. An entry is looked up only after the caller was
 * allowed to see both versions, and its key starts with the dataset, so no dataset's answer is
 * served for another (a private dataset shares none with a public one of the same content).
 * Bounded by the size of the kept answers (their JSON text), not only by their number: a page of
 * wide rows is far larger than a count.
 */
const KEPT_BYTES = 32 * 1024 * 1024;
const answers = new LRUCache<string, NonNullable<unknown>>({
  max: 2_000,
  maxSize: KEPT_BYTES,
  maxEntrySize: KEPT_BYTES / 8,
  sizeCalculation: (answer) => Math.max(1, textLength(answer)),
});

/** The length of an answer's JSON text (a large one when it cannot be written as JSON). */
function textLength(answer: unknown): number {
  try {
    return JSON.stringify(answer).length;
  } catch {
    return KEPT_BYTES / 8;
  }
}

/** Compare answers computed rather than taken from the cache, since the process started. */
let computed = 0;
export const compareAnswersComputed = () => computed;

/** The kept answer for `key` (a list of its parts), else `compute`'s, then kept. */
export async function keptCompareAnswer<T extends NonNullable<unknown>>(
  key: readonly unknown[],
  compute: () => Promise<T>,
): Promise<T> {
  const text = JSON.stringify(key);
  const kept = answers.get(text);
  if (kept !== undefined) return kept as T;
  computed += 1;
  const answer = await compute();
  answers.set(text, answer);
  return answer;
}
