import { lazy, Suspense, type ReactNode } from 'react';
import { loadAreas, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { ChangeDetails } from '../../components/datasets/ChangeDetails.tsx';
import { DatasetView } from '../../components/datasets/DatasetView.tsx';
import type { VersionChangeLines } from '../../components/datasets/VersionList.tsx';
import type { DownloadFormat } from '../../contracts/limits.ts';
import { changeLine } from '../../lib/change-line.ts';
import { headerDescriptions } from '../../lib/tables/viewer.ts';
import { VIEW_TABS, viewSearch, type ViewTab } from '../../lib/tables/view-address.ts';
import type { PrivatePage } from '../../stores/private-dataset.ts';
import RateControl from '../community/RateControl.tsx';
import OwnerTools from './OwnerTools.tsx';

// The versions tab's change lines and details: not in every page's dictionary chunk.
await loadAreas(['changes']);

// Each tab's island loads when its tab is open, as on the public page.
const DataViewer = lazy(() => import('./viewer/DataViewer.tsx'));
const CompareTab = lazy(() => import('./viewer/CompareTab.tsx'));
/** The owner's SQL console (its DuckDB reads the private file with a read key). */
const SqlConsole = lazy(() => import('./sql/SqlConsole.tsx'));
const PrivateDiscussions = lazy(() => import('./PrivateDiscussions.tsx'));

type Props = {
  page: PrivatePage;
  locale: Locale;
  t: T;
  /** The page's path (the address without its query). */
  path: string;
  onDownload: (version: number, format: DownloadFormat) => void;
};

/** The open tab's island, when it has one (data, compare, SQL, discussions). */
function tabIsland({ page, locale, t }: Props): Partial<Record<ViewTab, ReactNode>> {
  const { dataset, view, dataView } = page;
  const versions = dataset.versions.map((v) => v.version);
  const loading = <p className="text-muted">{t('viewer:loading')}</p>;
  const lazily = (node: ReactNode) => <Suspense fallback={loading}>{node}</Suspense>;
  if (!dataView) {
    return {
      discussions: lazily(
        <PrivateDiscussions
          locale={locale}
          href={(to) => localizePath(to, locale)}
          list={page.discussions}
        />,
      ),
    };
  }
  return {
    data: lazily(
      <DataViewer
        datasetId={dataset.id}
        locale={locale}
        versions={dataset.versions.map((v) => ({ version: v.version, rows: v.entries_count }))}
        latest={dataset.latest_version}
        view={dataView.view}
        initial={dataView.rows}
        stats={dataView.stats}
        descriptions={headerDescriptions(dataset.column_descriptions, dataset.versions)}
      />,
    ),
    compare: lazily(
      <CompareTab
        datasetId={dataset.id}
        locale={locale}
        versions={versions}
        columns={dataView.rows.columns.map((c) => c.name)}
      />,
    ),
    sql: lazily(
      <SqlConsole
        datasetId={dataset.id}
        versions={versions}
        locale={locale}
        sql={view.sql || undefined}
        descriptions={dataset.column_descriptions}
      />,
    ),
    discussions: lazily(
      <PrivateDiscussions
        locale={locale}
        href={(to) => localizePath(to, locale)}
        list={page.discussions}
      />,
    ),
  };
}

/** The versions tab: each later version's change line, and the opened version's summary. */
function versionChanges({ page, locale, t, path }: Props) {
  const { changes, dataset, view } = page;
  if (!changes) return { lines: undefined, opened: null };
  const lines: VersionChangeLines = new Map();
  for (const [version, summary] of changes) {
    // Version 1 has no line, as on the public page: everything in it is new.
    if (version > 1) {
      lines.set(version, {
        line: changeLine(summary, t),
        href: `${path}?tab=versions&v=${version}`,
      });
    }
  }
  const opened = changes.get(view.version ?? dataset.latest_version);
  return {
    lines,
    opened: opened ? <ChangeDetails summary={opened} locale={locale} t={t} /> : null,
  };
}

/**
 * The owner's page of a private dataset: the public page's view (components/datasets/
 * DatasetView.tsx) with its tabs, each its own address, the owner's controls and a note that
 * only they see it.
 */
export function OwnerDatasetView(props: Props) {
  const { page, locale, t, path } = props;
  const { dataset, view } = page;
  const hrefs = Object.fromEntries(
    VIEW_TABS.map((tab) => [tab, `${path}${viewSearch(view, { tab })}`]),
  ) as Record<ViewTab, string>;
  const islands = tabIsland(props);
  const changes = versionChanges(props);
  return (
    <DatasetView
      dataset={dataset}
      locale={locale}
      readmeHtml={page.readmeHtml}
      tabs={{ current: view.tab, hrefs }}
      changeLines={changes.lines}
      changes={changes.opened}
      data={islands.data}
      compare={islands.compare}
      sql={islands.sql}
      discussions={islands.discussions}
      actions={
        <>
          <span className="rounded-full bg-danger-50 px-2.5 py-0.5 text-sm font-semibold text-danger">
            {t('datasets:card.private')}
          </span>
          <OwnerTools
            datasetId={dataset.id}
            ownerId={dataset.owner.id}
            forkOf={dataset.forked_from?.id ?? null}
            latestVersion={dataset.latest_version}
            locale={locale}
          />
        </>
      }
      notice={
        <p role="note" className="rounded-lg bg-brand-50 p-3 text-sm">
          {t('datasets:private.notice')}
        </p>
      }
      aside={
        <RateControl
          datasetId={dataset.id}
          ownerId={dataset.owner_id}
          averageScore={dataset.average_score}
          ratingCount={dataset.rating_count}
          path={localizePath(`/datasets/${dataset.id}`, locale)}
          locale={locale}
        />
      }
      onDownload={props.onDownload}
    />
  );
}
