import { useEffect, useRef, useState } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getRating } from '../../lib/api/community.ts';
import { RATING_STEP_PAUSE_MS } from '../../lib/community-rules.ts';
import { failureText } from '../../lib/error-text.ts';
import { SCORE_FORMAT, numberFormat } from '../../lib/intl.ts';
import { showLiveCount } from '../../lib/live-counts.ts';
import { saveRating } from '../../stores/community.ts';

export type RatingProps = {
  datasetId: number;
  /** The average and count the page was rendered with. */
  averageScore: number;
  ratingCount: number;
  locale: Locale;
};

/** The dataset page's own numbers (stats panel) follow a saved rating at once. */
function showRating(
  datasetId: number,
  rating: { averageScore: number; ratingCount: number },
  locale: Locale,
) {
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

/** Why a score was not saved, in words. */
function notSavedText(error: unknown, t: T): string {
  const detail = failureText(error, t);
  return detail
    ? t('common:common.withDetail', { text: t('community:rating.failed'), detail })
    : t('community:rating.failed');
}

/**
 * Calls `leave` when the page is left or hidden (a closed tab or a phone's app switch may never
 * come back): the moment to send what waits, with a request that outlives the page.
 */
function useLeavingPage(leave: () => void) {
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  });
}

/**
 * The rating as the caller sees it: the average and count, their saved score (undefined until
 * known), the score chosen, and the line saying how the last choice went.
 *
 * `choose(score, step)` shows a score at once and saves it at once, or, for a step of the arrow
 * keys, once the keys rest (RATING_STEP_PAUSE_MS); `flush` saves a waiting score now (the caller
 * left the stars, or pressed Enter), as does leaving or hiding the page. A score equal to the one saved or being saved sends nothing,
 * and only the answer for the latest score sent is shown.
 */
export function useRating(
  { datasetId, averageScore, ratingCount, locale }: RatingProps,
  signedIn: boolean,
) {
  const t = getT(locale);
  const [summary, setSummary] = useState({ average: averageScore, count: ratingCount });
  /** The caller's saved score; undefined until it is known. */
  const [saved, setSaved] = useState<number | null | undefined>(undefined);
  const [chosen, setChosen] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  /** The score the server holds, as last answered. */
  const held = useRef<number | null | undefined>(undefined);
  /** The score the server will hold once the saves sent are done: the same sends nothing. */
  const sent = useRef<number | null | undefined>(undefined);
  /** A score chosen with the arrow keys, not sent yet, and the timer that will send it. */
  const waiting = useRef<number | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    getRating(datasetId)
      .then((rating) => {
        if (!live) return;
        if (held.current === undefined) held.current = rating.score;
        setSaved((known) => (known === undefined ? rating.score : known));
        // A score chosen meanwhile stays chosen, and the answer to its save is newer.
        if (sent.current !== undefined || waiting.current !== null) return;
        sent.current = rating.score;
        setSummary({ average: rating.averageScore, count: rating.ratingCount });
        setChosen(rating.score);
      })
      .catch(() => {
        if (live) setSaved(null);
      });
    return () => {
      live = false;
    };
  }, [signedIn, datasetId]);

  useEffect(() => () => clearTimeout(timer.current), []);
  useLeavingPage(() => flush(true));

  async function send(score: number, leaving = false) {
    sent.current = score;
    try {
      const rating = await saveRating(datasetId, score, leaving);
      held.current = rating?.score ?? held.current;
      // Overtaken by a newer score: that one answers.
      if (!rating || sent.current !== score) return;
      setSummary({ average: rating.averageScore, count: rating.ratingCount });
      showRating(datasetId, rating, locale);
      setSaved(rating.score);
      setMessage(t('community:rating.saved', { score: rating.score ?? score }));
    } catch (error) {
      if (sent.current !== score) return;
      sent.current = held.current;
      setChosen(held.current ?? null);
      setMessage(notSavedText(error, t));
    }
  }

  function flush(leaving = false) {
    clearTimeout(timer.current);
    const score = waiting.current;
    waiting.current = null;
    if (score !== null && score !== sent.current) void send(score, leaving);
  }

  function choose(score: number, step: boolean) {
    setChosen(score);
    setMessage('');
    waiting.current = score;
    clearTimeout(timer.current);
    if (step) timer.current = setTimeout(flush, RATING_STEP_PAUSE_MS);
    else flush();
  }

  return { summary, saved, chosen, message, choose, flush: () => flush() };
}
