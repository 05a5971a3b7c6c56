import type { T } from '../../../i18n/index.ts';
import { VersionSelect } from './VersionSelect.tsx';

/**
 * The two versions compared and the key column ('' compares whole rows; null, until a compare
 * has run, the dataset's own key, which the answer then names).
 */
export type CompareChoice = { from: number; to: number; key: string | null };

/** The option standing for the dataset's key: a column's name is never only a space. */
const DATASET_KEY = ' ';

type FormProps = {
  t: T;
  versions: number[];
  columns: string[];
  choice: CompareChoice;
  busy: boolean;
  onChoice: (change: Partial<CompareChoice>) => void;
  onRun: () => void;
};

/** The versions to compare, the key column, and the button that compares them. */
export function CompareForm({ t, versions, columns, choice, busy, onChoice, onRun }: FormProps) {
  const options = versions.map((v) => ({ version: v, text: `${t('viewer:version')} ${v}` }));
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        onRun();
      }}
    >
      <VersionSelect
        label={t('viewer:compare.from')}
        options={options}
        value={choice.from}
        onVersion={(from) => onChoice({ from })}
      />
      <VersionSelect
        label={t('viewer:compare.to')}
        options={options}
        value={choice.to}
        onVersion={(to) => onChoice({ to })}
      />
      <label className="flex max-w-full min-w-0 flex-col gap-1 text-sm">
        <span className="field-label">{t('viewer:compare.key')}</span>
        <select
          className="field-input w-auto max-w-full"
          value={choice.key ?? DATASET_KEY}
          onChange={(e) =>
            onChoice({ key: e.target.value === DATASET_KEY ? null : e.target.value })
          }
        >
          {choice.key === null && (
            <option value={DATASET_KEY}>{t('viewer:compare.datasetKey')}</option>
          )}
          <option value="">{t('viewer:compare.wholeRows')}</option>
          {columns.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {t('viewer:compare.run')}
      </button>
    </form>
  );
}
