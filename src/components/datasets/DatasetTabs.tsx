import type { T } from '../../i18n/index.ts';
import { VIEW_TABS, type ViewTab } from '../../lib/tables/view-address.ts';

type Props = {
  t: T;
  current: ViewTab;
  hrefs: Record<ViewTab, string>;
  /** The open discussion threads, shown on their tab. */
  discussions: string;
};

/**
 * The dataset page's tabs as links, each its own address (a page of its own without
 * JavaScript); the open one is marked as the current page. The data viewer's island follows a
 * click on them without reloading the page (lib/tables/view-address.ts).
 */
export function DatasetTabs({ t, current, hrefs, discussions }: Props) {
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
              {tab === 'discussions' ? (
                <>
                  {t('datasets:tab.discussions')} <span className="text-muted">{discussions}</span>
                </>
              ) : (
                t(`datasets:tab.${tab}`)
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
