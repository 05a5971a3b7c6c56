import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listMyDatasets } from '../../lib/api/datasets.ts';
import type { DatasetPage } from '../../lib/api/types.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { failureText } from '../../lib/error-text.ts';
import { DATASET_RULES } from '../../lib/dataset-rules.ts';
import { originGone } from '../../lib/fork-credit.ts';
import { $auth } from '../../stores/auth.ts';
import { createMyDatasets, MY_DATASET_SORTS, type MyDatasets } from '../../stores/my-datasets.ts';
import { SelectField } from '../form/Field.tsx';
import { useFlow } from '../useFlow.ts';
import { useHydrated } from '../useHydrated.ts';

type Href = (path: string) => string;

/** The search box and sort of the list; a new search or sort starts again at page 1. */
function ListControls({ store, t }: { store: MyDatasets; t: T }) {
  const view = useStore(store.$view);
  const draft = useStore(store.$draft);
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        void store.search();
      }}
      className="flex flex-wrap items-end gap-3"
    >
      <div className="min-w-48 flex-1">
        <label htmlFor="my-query" className="field-label">
          {t('datasets:my.search')}
        </label>
        <input
          id="my-query"
          type="search"
          className="field-input"
          value={draft}
          maxLength={DATASET_RULES.queryMax}
          onChange={(e) => store.setDraft(e.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-secondary">
        {t('datasets:search.submit')}
      </button>
      <SelectField
        id="my-sort"
        label={t('datasets:my.sort')}
        value={view.sortBy}
        onChange={(e) => void store.sortBy(e.target.value)}
      >
        {MY_DATASET_SORTS.map((sort) => (
          <option key={sort} value={sort}>
            {t(`datasets:sort.${sort}`)}
          </option>
        ))}
      </SelectField>
    </form>
  );
}

/** Loading, why the page did not load (with a retry), or how many datasets match. */
function ListStatus({
  page,
  failed,
  error,
  retry,
  t,
}: {
  page: DatasetPage | null;
  failed: boolean;
  error: unknown;
  retry: () => void;
  t: T;
}) {
  return (
    <div aria-live="polite" aria-busy={!page && !failed}>
      {!page && !failed && <p className="text-muted">{t('datasets:session.loading')}</p>}
      {failed && (
        <div role="alert" className="rounded-lg bg-danger-50 p-3 text-danger">
          <p>
            {t('datasets:my.loadFailed')} {failureText(error, t) ?? ''}
          </p>
          <button type="button" className="btn btn-secondary mt-2" onClick={retry}>
            {t('datasets:my.retry')}
          </button>
        </div>
      )}
      {page && <p className="font-medium">{t('datasets:my.total', { count: page.total })}</p>}
    </div>
  );
}

type Dataset = DatasetPage['datasets'][number];

/** Where a fork came from: a link to its origin, or what the credit says of one that is gone. */
function ForkBadge({ dataset: d, href, t }: { dataset: Dataset; href: Href; t: T }) {
  return (
    <span className="mr-2" data-testid="fork-badge">
      {t('datasets:detail.forkedFrom')}{' '}
      {d.forkedFrom ? (
        <a href={href(`/datasets/${d.forkedFrom.id}`)}>{d.forkedFrom.name}</a>
      ) : (
        originGone(d.forkCredit, t)
      )}{' '}
      ·
    </span>
  );
}

/** One of the user's datasets: its name, visibility, origin, version and date, and its actions. */
function DatasetItem({ dataset: d, locale, t }: { dataset: Dataset; locale: Locale; t: T }) {
  const href: Href = (path) => localizePath(path, locale);
  return (
    <li className="card flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
      {/* At least 14rem for the name: on a phone the buttons move under it. */}
      <div className="min-w-0 flex-[1_1_14rem]">
        <h2 className="font-bold wrap-anywhere">
          <a href={href(`/datasets/${d.id}`)}>{d.name}</a>
        </h2>
        <p className="text-sm text-muted">
          <span
            className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
              d.isPublic ? 'bg-brand-50 text-brand-800' : 'bg-danger-50 text-danger'
            }`}
          >
            {d.isPublic ? t('datasets:card.public') : t('datasets:card.private')}
          </span>
          {d.isFork && <ForkBadge dataset={d} href={href} t={t} />}
          {t('datasets:my.latestVersion', { version: String(d.latestVersion) })} ·{' '}
          <time dateTime={isoDate(new Date(d.updatedAt))}>
            {t('datasets:card.updated', {
              date: formatDate(new Date(d.updatedAt), locale),
            })}
          </time>
        </p>
      </div>
      <ul
        className="flex flex-wrap gap-2"
        aria-label={t('datasets:my.actionsFor', { name: d.name })}
      >
        <li>
          <a className="btn btn-secondary px-3 py-1" href={href(`/datasets/edit?id=${d.id}`)}>
            {t('datasets:my.edit')}
          </a>
        </li>
        <li>
          <a
            className="btn btn-secondary px-3 py-1"
            href={href(`/datasets/version/create?id=${d.id}`)}
          >
            {t('datasets:my.newVersion')}
          </a>
        </li>
      </ul>
    </li>
  );
}

/** Previous and next page, with where the list is; only when there is more than one page. */
function Pager({ store, t }: { store: MyDatasets; t: T }) {
  const pages = useStore(store.$pages);
  if (!pages || pages.totalPages <= 1) return null;
  const { currentPage } = pages;
  return (
    <nav
      aria-label={t('common:common.pagination')}
      className="flex flex-wrap items-center justify-center gap-3"
    >
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!pages.hasPrev}
        onClick={() => void store.goToPage(currentPage - 1)}
      >
        {t('common:common.previous')}
      </button>
      <span className="text-sm text-muted">
        {t('datasets:pagination.status', { page: currentPage, pages: pages.totalPages })}
      </span>
      <button
        type="button"
        className="btn btn-secondary"
        disabled={!pages.hasNext}
        onClick={() => void store.goToPage(currentPage + 1)}
      >
        {t('common:common.next')}
      </button>
    </nav>
  );
}

function List({ locale, t }: { locale: Locale; t: T }) {
  const store = useFlow(() =>
    createMyDatasets(window.location.search, {
      list: listMyDatasets,
      navigate: (search) =>
        window.history.replaceState(
          null,
          '',
          `${window.location.pathname}${search && `?${search}`}`,
        ),
    }),
  );
  const { status, error } = useStore(store.$list);
  const { query } = useStore(store.$view);
  const page = useStore(store.$page);

  return (
    <div className="flex flex-col gap-4">
      <ListControls store={store} t={t} />
      <ListStatus
        page={page}
        failed={status === 'failed'}
        error={error}
        retry={() => void store.retry()}
        t={t}
      />
      {page && page.datasets.length === 0 && (
        <p className="card p-6">{query ? t('datasets:my.emptyQuery') : t('datasets:my.empty')}</p>
      )}
      {page && page.datasets.length > 0 && (
        <ul className="flex flex-col gap-3">
          {page.datasets.map((d) => (
            <DatasetItem key={d.id} dataset={d} locale={locale} t={t} />
          ))}
        </ul>
      )}
      <Pager store={store} t={t} />
    </div>
  );
}

/**
 * The signed-in user's datasets (GET /datasets/me): search, sort, 20 a page, each with links to
 * its page, its edit page and a new version. Signed out it shows a loading line (the guard
 * sends the visitor to sign in).
 */
export default function MyDatasets({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { isAuthenticated, user } = useStore($auth);
  if (!hydrated || !isAuthenticated) {
    return (
      <p role="status" className="text-muted">
        {t('datasets:session.loading')}
      </p>
    );
  }
  return <List key={user?.id ?? 0} locale={locale} t={t} />;
}
