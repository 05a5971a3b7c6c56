import type { ReactNode } from 'react';
import type { T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../contracts/datasets.ts';
import { LICENSES, licenseUrl } from '../../contracts/limits.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { originGone } from '../../lib/fork-credit.ts';
import { languageName } from '../../lib/intl.ts';

function When({ at, locale }: { at: string; locale: Locale }) {
  const date = new Date(at);
  return <time dateTime={isoDate(date)}>{formatDate(date, locale)}</time>;
}

function OwnerLink({ owner, locale }: { owner: Dataset['owner']; locale: Locale }) {
  return owner.id === 0 ? (
    <span lang="en" data-testid="unknown-owner">
      {owner.nickname || 'Unknown User'}
    </span>
  ) : (
    <a href={localizePath(`/users/${owner.id}`, locale)} className="font-medium">
      {owner.nickname || owner.username}
    </a>
  );
}

type Part = { dataset: Dataset; locale: Locale; t: T };

/** Owner, language, dates, licence and fork origin; then the tags, each a link to the list. */
function Facts({ dataset, locale, t }: Part) {
  const href = (path: string) => localizePath(path, locale);
  return (
    <>
      {/* wrap-anywhere: an unbroken nickname or origin name wraps, not the page. */}
      <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm wrap-anywhere">
        <div className="flex gap-1">
          <dt className="text-muted">{t('datasets:detail.owner')}</dt>
          <dd>
            <OwnerLink owner={dataset.owner} locale={locale} />
          </dd>
        </div>
        <div className="flex gap-1 max-sm:hidden">
          <dt className="text-muted">{t('datasets:detail.language')}</dt>
          <dd>
            {languageName(dataset.language, locale)}{' '}
            <span className="text-muted">· {dataset.language}</span>
          </dd>
        </div>
        <div className="flex gap-1 max-sm:hidden">
          <dt className="text-muted">{t('datasets:detail.created')}</dt>
          <dd>
            <When at={dataset.created_at} locale={locale} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{t('datasets:detail.updated')}</dt>
          <dd>
            <When at={dataset.updated_at} locale={locale} />
          </dd>
        </div>
        <div className="flex gap-1">
          <dt className="text-muted">{t('datasets:detail.license')}</dt>
          <dd data-testid="dataset-license">
            {dataset.license ? (
              <a href={licenseUrl(dataset.license)} rel="license" title={LICENSES[dataset.license]}>
                {dataset.license}
              </a>
            ) : (
              <span className="text-muted">{t('datasets:license.none')}</span>
            )}
          </dd>
        </div>
        {dataset.is_fork && (
          <div className="flex gap-1">
            <dt className="text-muted">{t('datasets:detail.forkedFrom')}</dt>
            <dd data-testid="fork-origin">
              {dataset.forked_from ? (
                <a href={href(`/datasets/${dataset.forked_from.id}`)}>{dataset.forked_from.name}</a>
              ) : (
                <span className="text-muted">{originGone(dataset.fork_credit, t)}</span>
              )}
            </dd>
          </div>
        )}
      </dl>
      {dataset.tags.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t('datasets:detail.tags')}>
          {dataset.tags.map((tag) => (
            <li key={tag}>
              <a
                href={`${href('/datasets')}?tags=${encodeURIComponent(tag)}`}
                className="inline-block rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800 no-underline hover:underline"
                title={t('datasets:card.tagLink', { tag })}
              >
                #{tag}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

type HeaderProps = Part & { actions?: ReactNode; notice?: ReactNode };

/**
 * The dataset page's title block, kept short so the data starts in the first screen: the name
 * with the controls beside it (favourite, fork, the owner's tools), then the facts in one or two
 * lines (each label before its value; on a phone without the language and creation date) and
 * the tags.
 */
export function DatasetHeader({ dataset, locale, t, actions, notice }: HeaderProps) {
  return (
    <header className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <h1 className="min-w-0 flex-[1_1_12rem] text-xl font-bold break-words sm:text-2xl">
          {dataset.name}
        </h1>
        <div className="dataset-actions flex flex-wrap items-center gap-2">{actions}</div>
      </div>
      {notice}
      <Facts dataset={dataset} locale={locale} t={t} />
    </header>
  );
}
