import { useEffect, useState } from 'react';
import { COLUMN_DESCRIPTION_MAX } from '../../contracts/limits.ts';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../lib/api/types.ts';
import type { UploadProgress as Progress } from '../../lib/api/upload.ts';
import { DATASET_RULES, checkChangelog } from '../../lib/dataset-rules.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import { publishVersion, saveDataset } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast } from '../../stores/toasts.ts';
import { createForm } from '../../stores/form.ts';
import { FormAlert, TextArea, SubmitButton } from '../form/Field.tsx';
import { lengthHint, useForm, useLatest } from '../form/fields.ts';
import {
  checkWritten,
  describedField,
  descriptionsFromFile,
  writtenDescriptions,
} from './column-descriptions.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import { versionChanges } from '../../lib/tables/version-changes.ts';
import { ColumnsFileNote } from './DescriptionBoxes.tsx';
import { explainPublish, publishTable } from './forms.ts';
import { usePublishKey } from './publish-key.ts';
import { LatestAsText } from './LatestAsText.tsx';
import { OwnerGate } from './OwnerGate.tsx';
import { TableSection } from './TableSection.tsx';
import { UploadProgress } from './UploadProgress.tsx';
import { useTableDraft, type TableDraftState } from './useTableDraft.ts';
import { VersionChanges } from './VersionChanges.tsx';
import { VersionModeChoice } from './VersionModeChoice.tsx';
import type { VersionMode } from '../../contracts/limits.ts';

type Source = 'file' | 'latest';
type Values = { changelog: string; descriptions: Record<string, string> };

/** The columns the new version adds to the latest one (none before a table is read). */
function addedColumns(dataset: Dataset, table: TableDraftState): string[] {
  const latest = dataset.versions[0];
  if (!latest || !table.draft) return [];
  return versionChanges(
    { attributes: latest.attributes, types: latest.attributeTypes, rows: latest.entriesCount },
    { attributes: table.draft.attributes, types: table.types, rows: table.draft.totalRows },
  ).added;
}

/** The description box of the `i`th column the new version adds (`added`). */
const addedColumnBox =
  (
    added: readonly string[],
    values: Values,
    problem: (field: string) => string | null,
    form: {
      edit: (field: 'descriptions', v: Values['descriptions']) => void;
      clear: (field: string) => void;
    },
  ) =>
  (i: number) => {
    const name = added[i] ?? '';
    return {
      value: columnDescription(values.descriptions, name) ?? '',
      error: problem(describedField(i)),
      onChange: (e: { target: { value: string } }) => {
        form.edit('descriptions', { ...values.descriptions, [name]: e.target.value });
        form.clear(describedField(i));
      },
    };
  };

/**
 * The descriptions sent after the version is in: a columns file's, and those written here for
 * the columns it adds (which win: they were typed on this page).
 */
function sentDescriptions(dataset: Dataset, table: TableDraftState, v: Values) {
  const { written } = fileDescriptions(table.draft);
  return { ...written, ...writtenDescriptions(addedColumns(dataset, table), v.descriptions) };
}

/**
 * What a columns file chosen with the table gives the new version, as `sheaf push --dataset`
 * sends it: the descriptions of the table's columns it names (by PUT once the version is in;
 * the other columns keep theirs), and those too long to send.
 */
function fileDescriptions(draft: TableDraft | null) {
  if (!draft?.columnsFile) return { written: {}, tooLong: [] };
  return descriptionsFromFile(draft.attributes, draft.columnsFile.descriptions);
}

/** Where the new version's table comes from: a file, or the latest version edited as text. */
function SourceChoice({
  source,
  onChoose,
  t,
}: {
  source: Source;
  onChoose: (source: Source) => void;
  t: T;
}) {
  return (
    <fieldset>
      <legend className="field-label">{t('datasets:version.source')}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-1">
        {(['file', 'latest'] as const).map((s) => (
          <label key={s} className="flex items-center gap-2">
            <input
              type="radio"
              name="version-source"
              value={s}
              checked={source === s}
              onChange={() => onChoose(s)}
            />
            {s === 'file' ? t('datasets:version.fromFile') : t('datasets:version.fromLatest')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** The new version's form: its table (checked by the server, then uploaded) and changelog. */
function useVersionForm(dataset: Dataset, locale: Locale, t: T, mode: VersionMode) {
  const [progress, setProgress] = useState<Progress | null>(null);
  const modeNow = useLatest(mode);
  const table = useTableDraft(t);
  /** The table as last rendered, for the store's check and send. */
  const tableNow = useLatest(table);
  const failed = t('datasets:version.failed');
  const keyOf = usePublishKey();
  const state = useForm(t, () =>
    createForm<Values, string>({
      initial: { changelog: '', descriptions: {} },
      check: (v) => ({
        ...checkWritten(addedColumns(dataset, tableNow.current), v.descriptions),
        changelog: checkChangelog(v.changelog) ?? undefined,
        // A description too long to send is shown under the table (ColumnsFileNote).
        table: !tableNow.current.draft
          ? { key: 'datasets:table.required' }
          : fileDescriptions(tableNow.current.draft).tooLong.length > 0
            ? {
                key: 'datasets:rules.columnDescriptionTooLong',
                vars: { max: COLUMN_DESCRIPTION_MAX },
              }
            : undefined,
      }),
      send: async (v) => {
        const version = await publishTable(
          tableNow.current,
          t,
          failed,
          setProgress,
          (draft, types) => {
            const changelog = v.changelog.trim();
            const sent = [changelog, types, modeNow.current];
            const idempotencyKey = keyOf([draft, JSON.stringify(sent)]);
            const options = { onProgress: setProgress, idempotencyKey, mode: modeNow.current };
            return publishVersion(dataset.id, changelog, draft, types, options);
          },
        );
        // Sent again after a failure here, the same key answers the version already added.
        const written = sentDescriptions(dataset, tableNow.current, v);
        if (Object.keys(written).length > 0) {
          await saveDataset(dataset.id, { columnDescriptions: written });
        }
        toast({
          title: t('datasets:version.created', { version: String(version.version) }),
          description: dataset.name,
        });
        leaveTo(localizePath(`/datasets/${dataset.id}`, locale));
      },
      explain: (error) => ({ ...explainPublish(error, t, failed), problems: {} }),
      fixErrors: t('common:common.fixErrors'),
    }),
  );
  // A table read answers "choose a file": its problem, and the form's message with it, go.
  const { form } = state;
  useEffect(() => {
    if (table.draft) form.clear('table');
  }, [table.draft, form]);
  return { ...state, table, progress };
}

function VersionForm({ dataset, locale, t }: { dataset: Dataset; locale: Locale; t: T }) {
  const [source, setSource] = useState<Source>('file');
  const [mode, setMode] = useState<VersionMode>('replace');
  const { table, progress, form, formProps, values, input, problem, failure, busy } =
    useVersionForm(dataset, locale, t, mode);
  const latest = dataset.versions[0];

  function choose(next: Source) {
    setSource(next);
    table.clear();
    form.clear('table');
  }

  return (
    <form {...formProps} className="flex flex-col gap-6" aria-labelledby="version-heading">
      <p className="text-muted wrap-anywhere">
        <a href={localizePath(`/datasets/${dataset.id}`, locale)}>{dataset.name}</a>
        {latest &&
          ` · ${t('datasets:version.current', { version: String(latest.version), rows: latest.entriesCount })}`}
      </p>
      <FormAlert message={failure} />
      <section className="card flex flex-col gap-4 p-6" aria-labelledby="version-table-heading">
        <h2 id="version-table-heading" className="text-xl font-bold">
          {t('datasets:table.heading')}
        </h2>
        <VersionModeChoice mode={mode} keyColumns={dataset.keyColumns} onMode={setMode} t={t} />
        <SourceChoice source={source} onChoose={choose} t={t} />
        <TableSection
          state={table}
          idPrefix="version"
          error={table.draft ? null : problem('table')}
          withFile={source === 'file'}
          withColumnsFile={source === 'file'}
          locale={locale}
          t={t}
        >
          {source === 'latest' && (
            <LatestAsText
              datasetId={dataset.id}
              onRead={(text, types) => void table.readText(text, types)}
              t={t}
            />
          )}
        </TableSection>
        {table.draft && <ColumnsFileNote draft={table.draft} sends t={t} />}
        {table.draft && latest && mode === 'replace' && (
          <VersionChanges
            latest={latest}
            draft={table.draft}
            types={table.types}
            box={addedColumnBox(addedColumns(dataset, table), values, problem, form)}
            locale={locale}
            t={t}
          />
        )}
      </section>
      <div className="card p-6">
        <TextArea
          id="version-changelog"
          label={t('datasets:meta.changelog')}
          rows={4}
          hint={lengthHint(t, values.changelog, DATASET_RULES.changelogMax)}
          {...input('changelog')}
        />
      </div>
      <UploadProgress progress={progress} t={t} />
      <div>
        <SubmitButton
          busy={busy}
          label={t('datasets:version.submit')}
          busyLabel={t('datasets:version.submitting')}
        />
      </div>
    </form>
  );
}

/**
 * Publishing the next version of a dataset named by `?id=`: the content from a file or from the
 * latest version edited as text, a changelog, the check and the upload; then the dataset's page.
 */
export default function CreateVersionForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  return (
    <OwnerGate locale={locale} t={t}>
      {(dataset) => <VersionForm key={dataset.id} dataset={dataset} locale={locale} t={t} />}
    </OwnerGate>
  );
}
