import type { T } from '../../../i18n/index.ts';
import type { CompareChoice } from '../../../stores/compare.ts';
import { VersionSelect } from './VersionSelect.tsx';

/** The option standing for the dataset's key: a column's name is never only a space. */
const DATASET_KEY = ' ';

type FormProps = {
  t: T;
  versions: number[];
  columns: string[];
  choice: CompareChoice;
  /** The columns the dataset's key stood for in the last compare by it (null: none ran). */
  datasetKey: string[] | null;
  busy: boolean;
  onChoice: (change: Partial<CompareChoice>) => void;
  onRun: () => void;
};

/** The option for the dataset's key: once a compare by it ran, the columns it stood for. */
function datasetKeyText(t: T, used: string[] | null): string {
  if (used === null) return t('viewer:compare.datasetKey');
  if (used.length === 0) return t('viewer:compare.datasetKeyNone');
  return t('viewer:compare.datasetKeyUsed', {
    key: used.join(t('viewer:compare.listSeparator')),
  });
}

/** The versions to compare, the key, and the button that compares them. */
export function CompareForm(props: FormProps) {
  const { t, versions, columns, choice, datasetKey, busy, onChoice, onRun } = props;
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
          <option value={DATASET_KEY}>{datasetKeyText(t, datasetKey)}</option>
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
