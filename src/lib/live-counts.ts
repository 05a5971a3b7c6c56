/**
 * Numbers the server rendered that a visitor's own action changes (a dataset's favorites,
 * ratings and score; a profile's followers). Each is marked
 * `data-live-count="<name>" data-live-id="<id>" data-live-value="<number>"`; the island that
 * performs the action writes the new value into every such element, so the stats panel, the
 * rating card and the buttons never disagree without a reload.
 */
import { getT } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { SCORE_FORMAT, numberFormat } from './intl.ts';

export type LiveCount = 'favorites' | 'ratings' | 'score' | 'followers';

const elements = (name: LiveCount, id: number) =>
  document.querySelectorAll<HTMLElement>(`[data-live-count="${name}"][data-live-id="${id}"]`);

/** Shows `text` (and keeps `value`) wherever the page shows this number. */
function showLiveCount(name: LiveCount, id: number, value: number, text: string): void {
  for (const element of elements(name, id)) {
    element.dataset['liveValue'] = String(value);
    element.textContent = text;
  }
}

/**
 * Adds `delta` to a count the page shows (never below 0), written in the page's number
 * format; nothing when the page does not show it.
 */
function bumpLiveCount(name: LiveCount, id: number, delta: number, locale: Locale): void {
  const shown = liveCount(name, id);
  if (shown === null) return;
  const value = Math.max(0, shown + delta);
  showLiveCount(name, id, value, numberFormat(locale).format(value));
}

/** The number the page shows now, or null when it shows none. */
function liveCount(name: LiveCount, id: number): number | null {
  const raw = elements(name, id)[0]?.dataset['liveValue'];
  const value = raw === undefined ? NaN : Number(raw);
  return Number.isFinite(value) ? value : null;
}

/** The page's live counts in its number format, as the community stores change them. */
export type LiveCounts = {
  show: (name: LiveCount, id: number, value: number) => void;
  bump: (name: LiveCount, id: number, delta: number) => void;
  /** The number the page shows now, or null when it shows none. */
  read: (name: LiveCount, id: number) => number | null;
};

export const liveCountsIn = (locale: Locale): LiveCounts => ({
  show: (name, id, value) => showLiveCount(name, id, value, numberFormat(locale).format(value)),
  bump: (name, id, delta) => bumpLiveCount(name, id, delta, locale),
  read: liveCount,
});

/** A dataset's rating count and average score wherever the page shows them. */
export function showRatingCounts(
  datasetId: number,
  rating: { averageScore: number; ratingCount: number },
  locale: Locale,
): void {
  const t = getT(locale);
  const count = rating.ratingCount;
  showLiveCount('ratings', datasetId, count, numberFormat(locale).format(count));
  showLiveCount(
    'score',
    datasetId,
    rating.averageScore,
    count > 0
      ? t('datasets:card.scoreValue', {
          score: numberFormat(locale, SCORE_FORMAT).format(rating.averageScore),
        })
      : t('datasets:card.noScore'),
  );
}
