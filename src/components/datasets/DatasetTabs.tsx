import type { T } from '../../i18n/index.ts';
import { VIEW_TABS, type ViewTab } from '../../lib/tables/view-address.ts';

type Props = {
  t: T;
  current: ViewTab;
  hrefs: Record<ViewTab, string>;
  /** The counts shown beside a tab's name: open discussion threads, open proposals. */
  counts: Partial<Record<ViewTab, string>>;
};

/**
 * The dataset page's tabs as links, each its own address (a page of its own without
 * JavaScript); the open one is marked as the current page. The data viewer's island follows a
 * click on them without reloading the page (lib/tables/view-address.ts).
 */
export function DatasetTabs({ t, current, hrefs, counts }: Props) {
  return (
    <nav aria-label={t('datasets:tab.label')} className="dataset-tabs">
      <ul className="flex gap-1 overflow-x-auto border-b border-line">
        {VIEW_TABS.map((tab) => (
          <li key={tab}>
            <a
              href={hrefs[tab]}
              data-view-tab={tab}
              aria-current={tab === current ? 'page' : undefined}
              className="dataset-tab"
            >
              {t(`datasets:tab.${tab}`)}
              {counts[tab] !== undefined && (
                <>
                  {' '}
                  <span className="text-muted">{counts[tab]}</span>
                </>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
