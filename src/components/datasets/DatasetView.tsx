import type { ReactNode } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset, DownloadFormat } from '../../contracts/datasets.ts';
import { LICENSES, licenseUrl } from '../../contracts/limits.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { originGone } from '../../lib/fork-credit.ts';
import { languageName, numberFormat, SCORE_FORMAT } from '../../lib/intl.ts';
import { ColumnsSection } from './ColumnsSection.tsx';
import { VersionList } from './VersionList.tsx';
import '../../styles/prose.css';

type Props = {
  dataset: Dataset;
  locale: Locale;
  /** The dataset card, rendered and sanitised by the server ('' when there is none). */
  readmeHtml: string;
  /** Controls beside the name: favourite, fork, the owner's tools. */
  actions?: ReactNode;
  /** Under the name, before the facts: a note for the reader. */
  notice?: ReactNode;
  /** The data section's viewer and SQL console; without them it says there are no rows. */
  data?: ReactNode;
  /** The end of the side column (rating). */
  aside?: ReactNode;
  /**
   * Saves a version's file in place of its plain download link (a private dataset's link is 404
   * without the owner's token).
   */
  onDownload?: (version: number, format: DownloadFormat) => void;
};

type Fact = { label: string; value: string; live?: { name: string; value: number } };

/** The side column's numbers; `live`: one an island updates after the reader's own action. */
function numbersOf(dataset: Dataset, locale: Locale, t: T): Fact[] {
  const number = numberFormat(locale);
  return [
    {
      label: t('datasets:detail.score'),
      value:
        dataset.rating_count > 0
          ? t('datasets:card.scoreValue', {
              score: numberFormat(locale, SCORE_FORMAT).format(dataset.average_score),
            })
          : t('datasets:card.noScore'),
      live: { name: 'score', value: dataset.average_score },
    },
    {
      label: t('datasets:detail.ratings'),
      value: number.format(dataset.rating_count),
      live: { name: 'ratings', value: dataset.rating_count },
    },
    { label: t('datasets:detail.downloads'), value: number.format(dataset.download_count) },
    {
      label: t('datasets:detail.favorites'),
      value: number.format(dataset.favorite_count),
      live: { name: 'favorites', value: dataset.favorite_count },
    },
    { label: t('datasets:detail.forks'), value: number.format(dataset.fork_count) },
    { label: t('datasets:detail.latestVersion'), value: String(dataset.latest_version) },
  ];
}

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
      <dl className="grid gap-x-6 gap-y-2 text-sm wrap-anywhere sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted">{t('datasets:detail.owner')}</dt>
          <dd>
            <OwnerLink owner={dataset.owner} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.language')}</dt>
          <dd>
            {languageName(dataset.language, locale)}{' '}
            <span className="text-muted">· {dataset.language}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.created')}</dt>
          <dd>
            <When at={dataset.created_at} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.updated')}</dt>
          <dd>
            <When at={dataset.updated_at} locale={locale} />
          </dd>
        </div>
        <div>
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
          <div className="sm:col-span-2">
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
        <ul className="flex flex-wrap gap-1.5" aria-label={t('datasets:detail.tags')}>
          {dataset.tags.map((tag) => (
            <li key={tag}>
              <a
                href={`${href('/datasets')}?tags=${encodeURIComponent(tag)}`}
                className="inline-block rounded-full bg-brand-50 px-2.5 py-0.5 text-sm text-brand-800 no-underline hover:underline"
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

/** The description, the dataset card (when there is one) and how to cite it (when stated). */
function Texts({ dataset, t, readmeHtml }: Omit<Part, 'locale'> & { readmeHtml: string }) {
  return (
    <>
      <section className="card p-6" aria-labelledby="dataset-description">
        <h2 id="dataset-description" className="mb-2 text-xl font-bold">
          {t('datasets:detail.description')}
        </h2>
        <p className="whitespace-pre-line break-words">
          {dataset.description || (
            <span className="text-muted">{t('datasets:card.noDescription')}</span>
          )}
        </p>
      </section>
      {readmeHtml && (
        <section className="card p-6" aria-labelledby="dataset-readme">
          <h2 id="dataset-readme" className="mb-2 text-xl font-bold">
            {t('datasets:detail.readme')}
          </h2>
          <div className="break-words" data-testid="dataset-readme">
            <div className="prose" dangerouslySetInnerHTML={{ __html: readmeHtml }} />
          </div>
        </section>
      )}
      {dataset.citation && (
        <section className="card p-6" aria-labelledby="dataset-citation">
          <h2 id="dataset-citation" className="mb-2 text-xl font-bold">
            {t('datasets:detail.citation')}
          </h2>
          <pre
            className="overflow-x-auto whitespace-pre-wrap break-words rounded bg-canvas p-3 text-sm"
            data-testid="dataset-citation"
          >
            {dataset.citation}
          </pre>
        </section>
      )}
    </>
  );
}

/** The side column's numbers. */
function Numbers({ dataset, locale, t }: Part) {
  return (
    <section className="card p-4" aria-labelledby="dataset-stats">
      <h2 id="dataset-stats" className="mb-3 font-bold">
        {t('datasets:detail.stats')}
      </h2>
      <dl className="grid grid-cols-2 gap-3">
        {numbersOf(dataset, locale, t).map((n) => (
          <div key={n.label}>
            <dt className="text-xs text-muted">{n.label}</dt>
            <dd
              className="text-lg font-bold"
              data-live-count={n.live?.name}
              data-live-id={n.live ? dataset.id : undefined}
              data-live-value={n.live?.value}
            >
              {n.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/**
 * A dataset as its page shows it — name, facts, tags, description, card, citation, data, versions
 * and numbers — written once for the server-rendered public page (views/DatasetPage.astro, which
 * ships no JavaScript for it) and the owner's view of a private dataset (islands/datasets/
 * PrivateDataset.tsx). Markup only: the interactive parts come in as `actions`, `data` and
 * `aside` (islands on the public page).
 */
export function DatasetView(props: Props) {
  const { dataset, locale, readmeHtml, actions, notice, data, aside, onDownload } = props;
  const t = getT(locale);
  return (
    <article className="flex flex-col gap-6" data-dataset-id={dataset.id}>
      <header className="card flex flex-col gap-4 p-6">
        <div className="flex flex-wrap items-start gap-3">
          <h1 className="min-w-0 flex-[1_1_16rem] text-2xl font-bold break-words sm:text-3xl">
            {dataset.name}
          </h1>
          <div className="flex flex-wrap items-center gap-2">{actions}</div>
        </div>
        {notice}
        <Facts dataset={dataset} locale={locale} t={t} />
      </header>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="flex min-w-0 flex-col gap-6">
          <Texts dataset={dataset} t={t} readmeHtml={readmeHtml} />
          <ColumnsSection dataset={dataset} t={t} />
          <section className="card flex flex-col gap-3 p-4 sm:p-6" aria-labelledby="dataset-data">
            <h2 id="dataset-data" className="text-xl font-bold">
              {t('viewer:heading')}
            </h2>
            {data ?? <p className="text-muted">{t('datasets:preview.empty')}</p>}
          </section>
          <section aria-labelledby="dataset-versions">
            <h2 id="dataset-versions" className="mb-3 text-xl font-bold">
              {t('datasets:versions.heading')}
            </h2>
            <VersionList
              datasetId={dataset.id}
              versions={dataset.versions}
              latest={dataset.latest_version}
              locale={locale}
              t={t}
              onDownload={onDownload}
            />
          </section>
        </div>

        <aside className="flex flex-col gap-4" aria-label={t('datasets:detail.facts')}>
          <Numbers dataset={dataset} locale={locale} t={t} />
          {aside}
        </aside>
      </div>
    </article>
  );
}
