import { originGone } from '../../lib/fork-credit.ts';
import { useEffect, useState, type SubmitEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { listMyDatasets } from '../../lib/api/datasets.ts';
import type { DatasetPage, DatasetSort } from '../../lib/api/types.ts';
import { DEFAULT_PAGE_SIZE } from '../../lib/constants.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';
import { failureText } from '../../lib/error-text.ts';
import { searchPagination } from '../../lib/pagination.ts';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';

const SORTS: DatasetSort[] = ['recent', 'heat', 'downloads', 'score', 'name'];

type View = { query: string; sortBy: DatasetSort; page: number };

/** The list's state from the address (?query=&sort_by=&page=), so links and Back keep it. */
function readView(search: string): View {
  const params = new URLSearchParams(search);
  const sort = params.get('sort_by') ?? '';
  const page = Number(params.get('page') ?? '1');
  return {
    query: (params.get('query') ?? '').trim(),
    sortBy: (SORTS as string[]).includes(sort) ? (sort as DatasetSort) : 'recent',
    page: Number.isSafeInteger(page) && page >= 1 ? page : 1,
  };
}

function writeView(view: View): void {
  const params = new URLSearchParams();
  if (view.query) params.set('query', view.query);
  if (view.sortBy !== 'recent') params.set('sort_by', view.sortBy);
  if (view.page > 1) params.set('page', String(view.page));
  const search = params.toString();
  window.history.replaceState(null, '', `${window.location.pathname}${search ? `?${search}` : ''}`);
}

type Load =
  { kind: 'loading' } | { kind: 'done'; page: DatasetPage } | { kind: 'failed'; message: string };

function List({ locale, t }: { locale: Locale; t: T }) {
  const [view, setView] = useState<View>(() => readView(window.location.search));
  const [draftQuery, setDraftQuery] = useState(view.query);
  const [attempt, setAttempt] = useState(0);
  /** Each answer is kept with the view it answers, so a newer view shows "loading" until its own. */
  const [answer, setAnswer] = useState<{ key: string; load: Load } | null>(null);
  const key = JSON.stringify([view, attempt]);
  const load: Load = answer?.key === key ? answer.load : { kind: 'loading' };
  const href = (path: string) => localizePath(path, locale);

  useEffect(() => {
    let current = true;
    writeView(view);
    listMyDatasets({
      ...(view.query && { query: view.query }),
      sortBy: view.sortBy,
      offset: (view.page - 1) * DEFAULT_PAGE_SIZE,
      limit: DEFAULT_PAGE_SIZE,
    }).then(
      (page) => {
        if (current) setAnswer({ key, load: { kind: 'done', page } });
      },
      (error: unknown) => {
        if (!current) return;
        const message = failureText(error, t) ?? '';
        setAnswer({ key, load: { kind: 'failed', message } });
      },
    );
    return () => {
      current = false;
    };
  }, [view, key, t]);

  function search(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setView((v) => ({ ...v, query: draftQuery.trim(), page: 1 }));
  }

  const pages = load.kind === 'done' ? searchPagination(load.page) : null;
  return (
    <div className="flex flex-col gap-4">
      <form role="search" onSubmit={search} className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1">
          <label htmlFor="my-query" className="field-label">
            {t('datasets:my.search')}
          </label>
          <input
            id="my-query"
            type="search"
            className="field-input"
            value={draftQuery}
            maxLength={100}
            onChange={(e) => setDraftQuery(e.target.value)}
          />
        </div>
        <button type="submit" className="btn btn-secondary">
          {t('datasets:search.submit')}
        </button>
        <div>
          <label htmlFor="my-sort" className="field-label">
            {t('datasets:my.sort')}
          </label>
          <select
            id="my-sort"
            className="field-input"
            value={view.sortBy}
            onChange={(e) =>
              setView((v) => ({ ...v, sortBy: e.target.value as DatasetSort, page: 1 }))
            }
          >
            {SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(`datasets:sort.${sort}`)}
              </option>
            ))}
          </select>
        </div>
      </form>

      <div aria-live="polite" aria-busy={load.kind === 'loading'}>
        {load.kind === 'loading' && <p className="text-muted">{t('datasets:session.loading')}</p>}
        {load.kind === 'failed' && (
          <div role="alert" className="rounded-lg bg-danger-50 p-3 text-danger">
            <p>
              {t('datasets:my.loadFailed')} {load.message}
            </p>
            <button
              type="button"
              className="btn btn-secondary mt-2"
              onClick={() => setAttempt((a) => a + 1)}
            >
              {t('datasets:my.retry')}
            </button>
          </div>
        )}
        {load.kind === 'done' && (
          <p className="font-medium">{t('datasets:my.total', { count: load.page.total })}</p>
        )}
      </div>

      {load.kind === 'done' && load.page.datasets.length === 0 && (
        <p className="card p-6">
          {view.query ? t('datasets:my.emptyQuery') : t('datasets:my.empty')}
        </p>
      )}
      {load.kind === 'done' && load.page.datasets.length > 0 && (
        <ul className="flex flex-col gap-3">
          {load.page.datasets.map((d) => (
            <li key={d.id} className="card flex flex-wrap items-center gap-x-4 gap-y-2 p-4">
              <div className="min-w-0 flex-1">
                <h2 className="font-bold break-words">
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
                  {d.isFork && (
                    <span className="mr-2" data-testid="fork-badge">
                      {t('datasets:detail.forkedFrom')}{' '}
                      {d.forkedFrom ? (
                        <a href={href(`/datasets/${d.forkedFrom.id}`)}>{d.forkedFrom.name}</a>
                      ) : (
                        originGone(d.forkCredit, t)
                      )}{' '}
                      ·
                    </span>
                  )}
                  {t('datasets:my.latestVersion', { version: d.latestVersion })} ·{' '}
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
                  <a
                    className="btn btn-secondary px-3 py-1"
                    href={href(`/datasets/edit?id=${d.id}`)}
                  >
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
          ))}
        </ul>
      )}

      {pages && pages.totalPages > 1 && (
        <nav
          aria-label={t('common:common.pagination')}
          className="flex flex-wrap items-center justify-center gap-3"
        >
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!pages.hasPrev}
            onClick={() => setView((v) => ({ ...v, page: v.page - 1 }))}
          >
            {t('common:common.previous')}
          </button>
          <span className="text-sm text-muted">
            {t('datasets:pagination.status', { page: pages.currentPage, pages: pages.totalPages })}
          </span>
          <button
            type="button"
            className="btn btn-secondary"
            disabled={!pages.hasNext}
            onClick={() => setView((v) => ({ ...v, page: v.page + 1 }))}
          >
            {t('common:common.next')}
          </button>
        </nav>
      )}
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
