import { viewSearch, VIEW_TABS, type ViewState } from '../../../lib/tables/view-address.ts';
import type { ViewerDeps } from '../../../stores/viewer.ts';
import { fetchRows, fetchStats } from './api.ts';

/**
 * The viewer store's ties to the browser: the API, and the page's address. Each view shown also
 * updates the links that keep it (updateViewLinks), so that another tab or language opens on it.
 */
export function browserDeps(datasetId: number): ViewerDeps {
  return {
    fetchRows: ({ version, query }, signal) => fetchRows(datasetId, version, query, signal),
    fetchStats: (version) => fetchStats(datasetId, version),
    navigate(search, mode) {
      const { pathname, hash } = window.location;
      const url = `${pathname}${search}${hash}`;
      if (mode === 'push') window.history.pushState(null, '', url);
      else window.history.replaceState(null, '', url);
    },
  };
}

/**
 * Points the page's links that keep its view at the view shown: each tab link (with its own
 * tab), and the language switcher's same-page links, which the server wrote with the query the
 * page was loaded with.
 */
export function updateViewLinks(view: ViewState): void {
  for (const tab of VIEW_TABS) {
    const link = document.querySelector<HTMLAnchorElement>(`a[data-view-tab="${tab}"]`);
    if (link) link.href = `${window.location.pathname}${viewSearch(view, { tab })}`;
  }
  const switches = document.querySelectorAll<HTMLAnchorElement>(
    'a[data-locale-switch][data-same-page]',
  );
  for (const link of switches) {
    const url = new URL(link.href);
    url.search = viewSearch(view);
    link.href = url.href;
  }
}
