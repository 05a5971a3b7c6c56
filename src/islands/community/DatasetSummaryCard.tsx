import type { ReactNode } from 'react';
import type { T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Favorite } from '../../lib/api/community.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { numberFormat } from '../../lib/intl.ts';
import { excerpt } from '../../contracts/cut-text.ts';

type Summary = Favorite['dataset'];

/**
 * A dataset in an island's list, as src/components/datasets/DatasetCard.astro shows it on
 * server-rendered pages (name link, excerpt, tags, owner, score, downloads, last update), with
 * room for the island's own controls (`children`).
 */
export function DatasetSummaryCard({
  dataset,
  locale,
  t,
  children,
}: {
  dataset: Summary;
  locale: Locale;
  t: T;
  children?: ReactNode;
}) {
  const href = (path: string) => localizePath(path, locale);
  const updated = new Date(dataset.updatedAt);
  const number = numberFormat(locale);
  const score = numberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  const gone = dataset.owner.id === 0;
  return (
    // min-w-0, wrap-anywhere: a long unbroken name or link wraps in the card, not the page.
    <article
      className="card flex min-w-0 flex-col gap-3 p-5 wrap-anywhere"
      data-testid="dataset-card"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="min-w-0 text-lg font-bold">
          <a href={href(`/datasets/${dataset.id}`)}>{dataset.name}</a>
        </h3>
        <time dateTime={isoDate(updated)} className="text-sm text-muted">
          {t('datasets:card.updated', { date: formatDate(updated, locale) })}
        </time>
      </div>
      <p className="line-clamp-3 text-muted">
        {excerpt(dataset.description) || t('datasets:card.noDescription')}
      </p>
      {dataset.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('datasets:card.tags')}>
          {dataset.tags.map((tag) => (
            <li key={tag}>
              <a
                href={`${href('/datasets')}?tags=${encodeURIComponent(tag)}`}
                className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800 no-underline hover:underline"
              >
                #{tag}
              </a>
            </li>
          ))}
        </ul>
      )}
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        <div className="flex gap-1">
          <dt className="shrink-0 text-muted">{t('datasets:card.owner')}</dt>
          <dd>
            {gone ? (
              <span lang="en">{dataset.owner.nickname || 'Unknown User'}</span>
            ) : (
              <a href={href(`/users/${dataset.owner.id}`)} className="font-medium">
                {dataset.owner.nickname || dataset.owner.username}
              </a>
            )}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="shrink-0 text-muted">{t('datasets:card.score')}</dt>
          <dd>
            {dataset.ratingCount > 0
              ? t('datasets:card.scoreValue', { score: score.format(dataset.averageScore) })
              : t('datasets:card.noScore')}
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="shrink-0 text-muted">{t('datasets:card.downloads')}</dt>
          <dd>{number.format(dataset.downloadCount)}</dd>
        </div>
      </dl>
      {children}
    </article>
  );
}
