import type { ReactNode } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { Dataset, DownloadFormat } from '../../contracts/datasets.ts';
import { numberFormat, SCORE_FORMAT } from '../../lib/intl.ts';
import type { ViewTab } from '../../lib/tables/view-address.ts';
import { ColumnsSection } from './ColumnsSection.tsx';
import { Contributors } from './Contributors.tsx';
import { DatasetHeader } from './DatasetHeader.tsx';
import { DatasetTabs } from './DatasetTabs.tsx';
import { VersionList, type VersionChangeLines } from './VersionList.tsx';
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
  /** The data tab's viewer; without it the tab says there are no rows. */
  data?: ReactNode;
  /** The end of the side column (rating). */
  aside?: ReactNode;
  /** The tabs and the open one; without them, the data tab alone (no links to the others). */
  tabs?: Tabs | undefined;
  /** The compare tab: two versions compared. */
  compare?: ReactNode;
  /** The SQL tab: the SQL console. */
  sql?: ReactNode;
  /** The discussions tab: the threads and the form for a new one. */
  discussions?: ReactNode;
  /** The proposals tab: the proposed changes, by state. */
  proposals?: ReactNode;
  /** The card tab's place for how to use the dataset (after the columns). */
  use?: ReactNode;
  /** The versions tab: what changed in the version the address names, above the list. */
  changes?: ReactNode;
  /** The versions tab: each version's change line. */
  changeLines?: VersionChangeLines;
  /**
   * Saves a version's file in place of its plain download link (a private dataset's link is 404
   * without the owner's token).
   */
  onDownload?: (version: number, format: DownloadFormat) => void;
};

type Part = { dataset: Dataset; locale: Locale; t: T };

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
    { label: t('datasets:detail.discussions'), value: number.format(dataset.discussion_count) },
    { label: t('datasets:detail.proposals'), value: number.format(dataset.proposal_count) },
    { label: t('datasets:detail.latestVersion'), value: String(dataset.latest_version) },
    // The key, when declared: the columns that name a row (docs/living-datasets.md).
    ...(dataset.key_columns.length > 0
      ? [{ label: t('datasets:detail.key'), value: dataset.key_columns.join(', ') }]
      : []),
  ];
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

type Tabs = {
  current: ViewTab;
  /** Each tab's address (the page's own query kept, `tab` changed). */
  hrefs: Record<ViewTab, string>;
};

/** The versions with their downloads. */
function Versions({
  dataset,
  locale,
  t,
  onDownload,
  changeLines,
}: Part & Pick<Props, 'onDownload' | 'changeLines'>) {
  return (
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
        changes={changeLines}
      />
    </section>
  );
}

/** What follows the data on its tab: the texts, the columns, the versions, the numbers. */
function AfterData(props: Props & { t: T }) {
  const { dataset, locale, t } = props;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <Texts dataset={dataset} t={t} readmeHtml={props.readmeHtml} />
        <ColumnsSection dataset={dataset} t={t} />
        <Versions dataset={dataset} locale={locale} t={t} onDownload={props.onDownload} />
      </div>
      <aside className="flex flex-col gap-4" aria-label={t('datasets:detail.facts')}>
        <Numbers dataset={dataset} locale={locale} t={t} />
        {props.aside}
      </aside>
    </div>
  );
}

/** The open tab's content (the data tab without `tabs`). */
function TabContent(props: Props & { t: T }) {
  const { dataset, locale, t } = props;
  switch (props.tabs?.current ?? 'data') {
    case 'card':
      return (
        <>
          <Texts dataset={dataset} t={t} readmeHtml={props.readmeHtml} />
          <ColumnsSection dataset={dataset} t={t} />
          <Contributors dataset={dataset} locale={locale} t={t} />
          {props.use}
        </>
      );
    case 'versions':
      return (
        <>
          {props.changes}
          <Versions
            dataset={dataset}
            locale={locale}
            t={t}
            onDownload={props.onDownload}
            changeLines={props.changeLines}
          />
        </>
      );
    case 'compare':
      return props.compare;
    case 'sql':
      return props.sql;
    case 'discussions':
      return props.discussions;
    case 'proposals':
      return props.proposals;
    default:
      return (
        <>
          <section className="flex min-w-0 flex-col gap-3" aria-labelledby="dataset-data">
            <h2 id="dataset-data" className="sr-only">
              {t('viewer:heading')}
            </h2>
            {props.data ?? <p className="text-muted">{t('datasets:preview.empty')}</p>}
          </section>
          <AfterData {...props} />
        </>
      );
  }
}

/**
 * A dataset as its page shows it: a short title block, the tabs (Data · Card · Versions ·
 * Compare · SQL, each its own address), and the open tab — the data at the page's full width,
 * then the description, card, citation, columns, versions and numbers. Written once for the
 * server-rendered public page (views/DatasetPage.astro, which ships no JavaScript for it) and
 * the owner's page of a private dataset (islands/datasets/OwnerDatasetView.tsx, read in the
 * browser with the owner's token).
 * Markup only: the interactive parts come in as `actions`, `data`, `compare`, `sql` and `aside`
 * (islands on the public page).
 */
export function DatasetView(props: Props) {
  const { dataset, locale, actions, notice, tabs } = props;
  const t = getT(locale);
  return (
    <article className="flex flex-col gap-4" data-dataset-id={dataset.id}>
      <DatasetHeader dataset={dataset} locale={locale} t={t} actions={actions} notice={notice} />
      {tabs && (
        <DatasetTabs
          t={t}
          current={tabs.current}
          hrefs={tabs.hrefs}
          counts={{
            discussions: numberFormat(locale).format(dataset.discussion_count),
            proposals: numberFormat(locale).format(dataset.proposal_count),
          }}
        />
      )}
      <TabContent {...props} t={t} />
    </article>
  );
}
