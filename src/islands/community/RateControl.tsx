import { useId, useRef } from 'react';
import { RATING_SCORES } from '../../lib/community-rules.ts';
import { getT, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { guestPlaceholder, useViewer } from './useViewer.ts';
import { numberFormat } from '../../lib/intl.ts';
import { useRating, type RatingProps } from './useRating.ts';

type Props = RatingProps & {
  ownerId: number | null;
  /** This page's path, to come back to after signing in. */
  path: string;
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
            count,
          })
        : t('community:rating.none')}
    </p>
  );
}

/**
 * The caller's stars, a radio group, and their saved score. A click or Space saves at once; the
 * arrow keys move the checked star and save the one they rest on, or the one checked when Enter
 * is pressed or the focus leaves the stars.
 */
function YourRating({
  groupName,
  saved,
  chosen,
  choose,
  flush,
  t,
}: {
  groupName: string;
  saved: number | null | undefined;
  chosen: number | null;
  choose: (score: number, step: boolean) => void;
  flush: () => void;
  t: T;
}) {
  /** Whether the next change of the checked star is an arrow key's step. */
  const stepping = useRef(false);
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-busy={saved === undefined}
      onKeyDown={(event) => {
        stepping.current = event.key.startsWith('Arrow');
        if (event.key === 'Enter') flush();
      }}
      onPointerDown={() => {
        stepping.current = false;
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) flush();
      }}
    >
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
              onChange={() => {
                choose(score, stepping.current);
                stepping.current = false;
              }}
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
 * Rating a dataset 1–5: a radio group of stars (Tab to it, arrow keys choose, one save for the
 * star they rest on), with the
 * caller's current score and the average and count. Guests get a sign-in link; the owner sees
 * the average only. Signed out on the server and the first render, then the stored session.
 */
export default function RateControl(props: Props) {
  const { ownerId, path, locale } = props;
  const t = getT(locale);
  const viewer = useViewer();
  const groupName = useId();
  const legendId = useId();
  const { summary, saved, chosen, message, choose, flush } = useRating(props, viewer.signedIn);

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
        <YourRating
          groupName={groupName}
          saved={saved}
          chosen={chosen}
          choose={choose}
          flush={flush}
          t={t}
        />
      )}
      <p role="status" className="text-sm" data-testid="rating-status">
        {message}
      </p>
    </section>
  );
}
