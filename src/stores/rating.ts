/**
 * Rating a dataset as a store: the average and count, the caller's saved score (undefined until
 * known), the score chosen, and the line saying how the last choice went.
 *
 * `choose(score, step)` shows a score at once and saves it at once, or, for a step of the arrow
 * keys, once the keys rest (RATING_STEP_PAUSE_MS); `flush` saves a waiting score now (the caller
 * left the stars, or pressed Enter), and `flush(true)` as the page is left or hidden, with a
 * request that outlives the page. A score equal to the one saved or being saved sends nothing,
 * and only the answer for the latest score sent is shown. The API and the page's own numbers
 * come in as `RatingDeps`, so the flow runs without a browser in its tests.
 */
import { map, type MapStore } from 'nanostores';
import type { T } from '../i18n/index.ts';
import type { Rating } from '../lib/api/community.ts';
import { RATING_STEP_PAUSE_MS } from '../lib/community-rules.ts';
import { failureText } from '../lib/error-text.ts';

export type RatingDeps = {
  get: (datasetId: number) => Promise<Rating>;
  save: (datasetId: number, score: number, leaving: boolean) => Promise<Rating | null>;
  /** The dataset page's own numbers (stats panel) follow a saved rating at once. */
  shown: (rating: Rating) => void;
};

export type RatingState = {
  summary: { average: number; count: number };
  /** The caller's saved score; undefined until it is known. */
  saved: number | null | undefined;
  chosen: number | null;
  message: string;
};

/** Why a score was not saved, in words. */
function notSavedText(error: unknown, t: T): string {
  const detail = failureText(error, t);
  return detail
    ? t('common:common.withDetail', { text: t('community:rating.failed'), detail })
    : t('community:rating.failed');
}

/** The state once the caller's saved score is read (the summary too, unless they chose since). */
function withSaved(state: RatingState, rating: Rating, chosenMeanwhile: boolean): RatingState {
  const saved = state.saved === undefined ? rating.score : state.saved;
  if (chosenMeanwhile) return { ...state, saved };
  const summary = { average: rating.averageScore, count: rating.ratingCount };
  return { ...state, saved, summary, chosen: rating.score };
}

/** The state once a save of `score` is answered, and the line saying so. */
const withAnswer = (state: RatingState, rating: Rating, score: number, t: T): RatingState => ({
  ...state,
  summary: { average: rating.averageScore, count: rating.ratingCount },
  saved: rating.score,
  message: t('community:rating.saved', { score: rating.score ?? score }),
});

export function createRating(
  dataset: { datasetId: number; averageScore: number; ratingCount: number },
  deps: RatingDeps,
  t: T,
) {
  const { datasetId } = dataset;
  const $rating: MapStore<RatingState> = map<RatingState>({
    summary: { average: dataset.averageScore, count: dataset.ratingCount },
    saved: undefined,
    chosen: null,
    message: '',
  });
  /** The score the server holds, as last answered. */
  let held: number | null | undefined;
  /** The score the server will hold once the saves sent are done: the same sends nothing. */
  let sent: number | null | undefined;
  /** A score chosen with the arrow keys, not sent yet, and the timer that will send it. */
  let waiting: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let reading = 0;

  async function start() {
    const read = ++reading;
    try {
      const rating = await deps.get(datasetId);
      if (read !== reading) return;
      if (held === undefined) held = rating.score;
      // A score chosen meanwhile stays chosen, and the answer to its save is newer.
      const chosenMeanwhile = sent !== undefined || waiting !== null;
      if (!chosenMeanwhile) sent = rating.score;
      $rating.set(withSaved($rating.get(), rating, chosenMeanwhile));
    } catch {
      if (read === reading) $rating.setKey('saved', null);
    }
  }

  async function send(score: number, leaving: boolean) {
    sent = score;
    try {
      const rating = await deps.save(datasetId, score, leaving);
      held = rating?.score ?? held;
      // Overtaken by a newer score: that one answers.
      if (!rating || sent !== score) return;
      deps.shown(rating);
      $rating.set(withAnswer($rating.get(), rating, score, t));
    } catch (error) {
      if (sent !== score) return;
      sent = held;
      $rating.set({ ...$rating.get(), chosen: held ?? null, message: notSavedText(error, t) });
    }
  }

  function flush(leaving = false) {
    clearTimeout(timer);
    const score = waiting;
    waiting = null;
    if (score !== null && score !== sent) void send(score, leaving);
  }

  function choose(score: number, step: boolean) {
    $rating.set({ ...$rating.get(), chosen: score, message: '' });
    waiting = score;
    clearTimeout(timer);
    if (step) timer = setTimeout(flush, RATING_STEP_PAUSE_MS);
    else flush();
  }

  return {
    $rating,
    start,
    choose,
    flush,
    /** Drops a read under way and a step not sent (the control leaving the page). */
    cancel: () => {
      reading++;
      clearTimeout(timer);
    },
  };
}
