import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getRating } from '../../lib/api/community.ts';
import { showRatingCounts } from '../../lib/live-counts.ts';
import { saveRating } from '../../stores/community.ts';
import { createRating } from '../../stores/rating.ts';

export type RatingProps = {
  datasetId: number;
  /** The average and count the page was rendered with. */
  averageScore: number;
  ratingCount: number;
  locale: Locale;
};

/**
 * The rating store (stores/rating.ts) of a rate control, made once per mount: the caller's score
 * is read once they are signed in, and what waits is saved when the page is left or hidden (a
 * closed tab or a phone's app switch may never come back).
 */
export function useRating(props: RatingProps, signedIn: boolean) {
  const { datasetId, locale } = props;
  const [rating] = useState(() =>
    createRating(
      props,
      {
        get: getRating,
        save: saveRating,
        shown: (answer) => showRatingCounts(datasetId, answer, locale),
      },
      getT(locale),
    ),
  );
  const state = useStore(rating.$rating);

  useEffect(() => {
    if (!signedIn) return;
    void rating.start();
    return rating.cancel;
  }, [rating, signedIn]);

  useEffect(() => {
    const leave = () => rating.flush(true);
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
    };
  }, [rating]);

  return { ...state, choose: rating.choose, flush: () => rating.flush() };
}
