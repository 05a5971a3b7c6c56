import { viewSearch, VIEW_TABS, type ViewState } from '../../../lib/tables/view-address.ts';
import type { ViewerDeps } from '../../../stores/viewer.ts';
import { fetchRows, fetchStats } from './api.ts';

/**
 * The viewer store's ties to the browser: the API, and the page's address. Each address written
 * also updates the tab links (components/datasets/DatasetTabs.tsx), so that another tab opens
 * on the view shown.
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

/** Points the page's tab links at the view shown (each with its own tab). */
export function updateTabLinks(view: ViewState): void {
  for (const tab of VIEW_TABS) {
    const link = document.querySelector<HTMLAnchorElement>(`a[data-view-tab="${tab}"]`);
    if (link) link.href = `${window.location.pathname}${viewSearch(view, { tab })}`;
  }
}
