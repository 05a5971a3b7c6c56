import { useEffect, useId, useRef, useState } from 'react';
import { RATING_SCORES } from '../../lib/community-rules.ts';
import { getT, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { getRating } from '../../lib/api/community.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { saveRating } from '../../stores/community.ts';
import { failureText } from '../../lib/error-text.ts';
import { guestPlaceholder, useViewer } from './useViewer.ts';
import { SCORE_FORMAT, numberFormat } from '../../lib/intl.ts';
import { showLiveCount } from '../../lib/live-counts.ts';

type Props = {
  datasetId: number;
  ownerId: number | null;
  /** The average and count the page was rendered with. */
  averageScore: number;
  ratingCount: number;
  /** This page's path, to come back to after signing in. */
  path: string;
  locale: Locale;
};

function Summary({
  average,
  count,
  locale,
  t,
}: {
  average: number;
  count: number;
  locale: Locale;
  t: T;
}) {
  const score = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(average);
  return (
    <p data-testid="rating-summary">
      {count > 0
        ? t('community:rating.average', {
            score,
            count: numberFormat(locale).format(count),
          })
        : t('community:rating.none')}
    </p>
  );
}

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
 * The rating as the caller sees it: the average and count, their saved score (undefined until
 * known), the score chosen, and the line saying how the last choice went. `choose` saves a score;
 * only the answer for the latest choice is shown.
 */
function useRating({ datasetId, averageScore, ratingCount, locale }: Props, signedIn: boolean) {
  const t = getT(locale);
  const [summary, setSummary] = useState({ average: averageScore, count: ratingCount });
  /** The caller's saved score; undefined until it is known. */
  const [saved, setSaved] = useState<number | null | undefined>(undefined);
  const [chosen, setChosen] = useState<number | null>(null);
  const [message, setMessage] = useState('');
  /** The last score chosen: answers for earlier choices are not shown. */
  const latest = useRef<number | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    getRating(datasetId)
      .then((rating) => {
        if (!live) return;
        setSummary({ average: rating.averageScore, count: rating.ratingCount });
        setSaved(rating.score);
        setChosen(rating.score);
      })
      .catch(() => {
        if (live) setSaved(null);
      });
    return () => {
      live = false;
    };
  }, [signedIn, datasetId]);

  async function choose(score: number) {
    latest.current = score;
    setChosen(score);
    setMessage('');
    try {
      const rating = await saveRating(datasetId, score);
      // Overtaken by a newer choice: that one answers.
      if (!rating || latest.current !== score) return;
      setSummary({ average: rating.averageScore, count: rating.ratingCount });
      showRating(datasetId, rating, locale);
      setSaved(rating.score);
      setMessage(t('community:rating.saved', { score: rating.score ?? score }));
    } catch (error) {
      if (latest.current !== score) return;
      setChosen(saved ?? null);
      setMessage(notSavedText(error, t));
    }
  }

  return { summary, saved, chosen, message, choose };
}

/** The caller's stars, a radio group (arrow keys choose and save), and their saved score. */
function YourRating({
  groupName,
  saved,
  chosen,
  choose,
  t,
}: {
  groupName: string;
  saved: number | null | undefined;
  chosen: number | null;
  choose: (score: number) => Promise<void>;
  t: T;
}) {
  return (
    <fieldset className="flex flex-col gap-2" aria-busy={saved === undefined}>
      <legend className="mb-1 text-sm font-semibold">{t('community:rating.yours')}</legend>
      <div className="flex gap-1">
        {RATING_SCORES.map((score) => (
          <label
            key={score}
            className="relative cursor-pointer rounded px-1 text-3xl leading-none has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={groupName}
              value={score}
              checked={chosen === score}
              onChange={() => void choose(score)}
              className="sr-only"
            />
            <span
              aria-hidden="true"
              className={chosen !== null && score <= chosen ? 'text-amber-600' : 'text-muted'}
            >
              {chosen !== null && score <= chosen ? '★' : '☆'}
            </span>
            <span className="sr-only">{t('community:rating.star', { count: score })}</span>
          </label>
        ))}
      </div>
      <p className="text-sm text-muted">
        {saved === undefined
          ? t('community:rating.loading')
          : saved === null
            ? t('community:rating.notRated')
            : t('community:rating.current', { score: saved })}
      </p>
    </fieldset>
  );
}

/**
 * Rating a dataset 1–5: a radio group of stars (Tab to it, arrow keys choose and save), with the
 * caller's current score and the average and count. Guests get a sign-in link; the owner sees
 * the average only. Signed out on the server and the first render, then the stored session.
 */
export default function RateControl(props: Props) {
  const { ownerId, path, locale } = props;
  const t = getT(locale);
  const viewer = useViewer();
  const groupName = useId();
  const legendId = useId();
  const { summary, saved, chosen, message, choose } = useRating(props, viewer.signedIn);

  const isOwner = viewer.signedIn && viewer.id !== null && viewer.id === ownerId;
  const canRate = viewer.signedIn && viewer.id !== null && !isOwner;

  return (
    <section className="card flex flex-col gap-3 p-4" aria-labelledby={legendId}>
      <h2 id={legendId} className="font-bold">
        {t('community:rating.heading')}
      </h2>
      <Summary average={summary.average} count={summary.count} locale={locale} t={t} />
      {!viewer.signedIn && (
        <p {...guestPlaceholder(viewer)}>
          <a href={loginUrl(locale, path)}>{t('community:rating.signIn')}</a>
        </p>
      )}
      {isOwner && <p className="text-sm text-muted">{t('community:rating.own')}</p>}
      {canRate && (
        <YourRating groupName={groupName} saved={saved} chosen={chosen} choose={choose} t={t} />
      )}
      <p role="status" className="text-sm" data-testid="rating-status">
        {message}
      </p>
    </section>
  );
}
