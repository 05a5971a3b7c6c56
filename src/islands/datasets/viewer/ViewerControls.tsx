import type { T } from '../../../i18n/index.ts';
import { VersionSelect } from './VersionSelect.tsx';

export type Panel = 'none' | 'stats' | 'compare';
/** A version and how many rows it has. */
export type VersionRows = { version: number; rows: number };

type ControlsProps = {
  t: T;
  /** False until the island hydrates: the controls are disabled. */
  ready: boolean;
  versions: VersionRows[];
  version: number;
  onVersion: (version: number) => void;
  filterText: string;
  onFilterText: (text: string) => void;
  panel: Panel;
  onPanel: (panel: Exclude<Panel, 'none'>) => void;
};

/** Above the rows: the version, the filter, and the buttons opening statistics and compare. */
export function ViewerControls(props: ControlsProps) {
  const { t, ready, versions, version, onVersion, filterText, onFilterText } = props;
  return (
    <div className="flex flex-wrap items-end gap-2 sm:gap-3">
      <VersionSelect
        label={t('viewer:version')}
        options={versions.map((v) => ({
          version: v.version,
          text: t('viewer:versionOption', { version: String(v.version), rows: v.rows }),
        }))}
        value={version}
        disabled={!ready}
        onVersion={onVersion}
      />
      <div className="flex min-w-48 flex-1 flex-col gap-1 text-sm">
        <label htmlFor="viewer-filter" className="field-label max-sm:sr-only">
          {t('viewer:filter')}
        </label>
        <div className="flex gap-2">
          <input
            id="viewer-filter"
            type="search"
            className="field-input min-w-0 flex-1"
            placeholder={t('viewer:filterPlaceholder')}
            value={filterText}
            maxLength={200}
            disabled={!ready}
            onChange={(e) => onFilterText(e.target.value)}
          />
          {filterText !== '' && (
            <button type="button" className="btn btn-secondary" onClick={() => onFilterText('')}>
              {t('viewer:clear')}
            </button>
          )}
        </div>
      </div>
      <PanelToggles
        t={t}
        panel={props.panel}
        disabled={!ready}
        compare={versions.length > 1}
        onPanel={props.onPanel}
      />
    </div>
  );
}

type TogglesProps = {
  t: T;
  panel: Panel;
  disabled: boolean;
  /** Whether there are two versions to compare. */
  compare: boolean;
  onPanel: (panel: Exclude<Panel, 'none'>) => void;
};

/** The texts of each panel's button: to show it, and to hide it. */
const TOGGLE_TEXTS = {
  stats: ['viewer:showStats', 'viewer:hideStats'],
  compare: ['viewer:showCompare', 'viewer:hideCompare'],
} as const;

/** Show or hide the column statistics, and the comparison of two versions. */
function PanelToggles({ t, panel, disabled, compare, onPanel }: TogglesProps) {
  const panels = compare ? (['stats', 'compare'] as const) : (['stats'] as const);
  return (
    <div className="flex flex-wrap gap-2">
      {panels.map((name) => (
        <button
          key={name}
          type="button"
          className="btn btn-secondary"
          aria-expanded={panel === name}
          disabled={disabled}
          onClick={() => onPanel(name)}
        >
          {t(TOGGLE_TEXTS[name][panel === name ? 1 : 0])}
        </button>
      ))}
    </div>
  );
}
