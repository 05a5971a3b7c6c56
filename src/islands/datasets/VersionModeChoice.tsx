import type { VersionMode } from '../../contracts/limits.ts';
import { loadAreas, type T } from '../../i18n/index.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['patches']);

/** Each choice's label and what it does, in the page's language. */
const texts = (t: T): Record<VersionMode, { label: string; hint: string }> => ({
  replace: { label: t('patches:mode.replace'), hint: t('patches:mode.replaceHint') },
  append: { label: t('patches:mode.append'), hint: t('patches:mode.appendHint') },
  upsert: { label: t('patches:mode.upsert'), hint: t('patches:mode.upsertHint') },
  delete: { label: t('patches:mode.delete'), hint: t('patches:mode.deleteHint') },
});

type Props = {
  mode: VersionMode;
  /** The dataset's key: updating and deleting rows find them by it. */
  keyColumns: string[];
  onMode: (mode: VersionMode) => void;
  t: T;
};

/**
 * How the new version is made: the whole table replaced, or a change to the latest version
 * (rows appended, rows updated by key, rows deleted by key). Without a key only the first two.
 */
export function VersionModeChoice({ mode, keyColumns, onMode, t }: Props) {
  const all = texts(t);
  const keyed = keyColumns.length > 0;
  return (
    <fieldset className="flex flex-col gap-1" data-testid="version-mode">
      <legend className="field-label">{t('patches:mode.legend')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {(Object.keys(all) as VersionMode[]).map((m) => (
          <label key={m} className="flex items-center gap-2">
            <input
              type="radio"
              name="version-mode"
              value={m}
              checked={mode === m}
              disabled={!keyed && (m === 'upsert' || m === 'delete')}
              onChange={() => onMode(m)}
            />
            {all[m].label}
          </label>
        ))}
      </div>
      <p className="text-sm text-muted">
        {all[mode].hint}{' '}
        {keyed
          ? t('patches:mode.key', { columns: keyColumns.join(', ') })
          : t('patches:mode.noKey')}
      </p>
    </fieldset>
  );
}
