import { loadAreas, type T } from '../../i18n/index.ts';
import { KEY_COLUMNS_MAX, LICENSES, LICENSE_IDS } from '../../contracts/limits.ts';
import { DATASET_RULES } from '../../lib/dataset-rules.ts';
import { bilingualLanguageName as bilingualName } from '../../lib/intl.ts';
import type { Problems } from '../../stores/form.ts';
import { TextArea, TextField } from '../form/Field.tsx';
import { lengthHint, problemText } from '../form/fields.ts';
import type { MetadataField, MetadataValues } from './metadata.ts';
import { ReadmeField } from './ReadmeField.tsx';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['patches']);

/** Languages proposed by the language field (any BCP 47 tag may be typed). */
const LANGUAGES = ['zh-CN', 'zh-TW', 'en-US', 'en-GB', 'ja-JP', 'ko-KR', 'fr-FR', 'de-DE', 'es-ES'];

type Props = {
  idPrefix: string;
  values: MetadataValues;
  problems: Problems<MetadataField>;
  onChange: <F extends MetadataField>(field: F, value: MetadataValues[F]) => void;
  t: T;
};

/** A BCP 47 tag, with the common ones proposed and the typed one named in both languages. */
function LanguageField({
  id,
  listId,
  t,
  ...input
}: {
  id: string;
  listId: string;
  t: T;
  value: string;
  error: string | null;
  onChange: (e: { target: { value: string } }) => void;
}) {
  return (
    <>
      <TextField
        id={id}
        label={t('datasets:meta.language')}
        hint={[t('datasets:meta.languageHint'), bilingualName(input.value.trim())]
          .filter(Boolean)
          .join(' — ')}
        list={listId}
        autoComplete="off"
        spellCheck={false}
        {...input}
      />
      <datalist id={listId}>
        {LANGUAGES.map((l) => (
          <option key={l} value={l} label={bilingualName(l)} />
        ))}
      </datalist>
    </>
  );
}

/** Public or private, as two radio buttons. */
function VisibilityField({
  name,
  isPublic: value,
  onChange,
  t,
}: {
  name: string;
  isPublic: boolean;
  onChange: (isPublic: boolean) => void;
  t: T;
}) {
  return (
    <fieldset>
      <legend className="field-label">{t('datasets:meta.visibility')}</legend>
      <div className="flex flex-col gap-1">
        {([true, false] as const).map((isPublic) => (
          <label key={String(isPublic)} className="flex items-center gap-2">
            <input
              type="radio"
              name={name}
              value={isPublic ? 'public' : 'private'}
              checked={value === isPublic}
              onChange={() => onChange(isPublic)}
            />
            {isPublic ? t('datasets:meta.public') : t('datasets:meta.private')}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A licence from the SPDX list, or none stated. */
function LicenseField({
  id,
  value,
  onChange,
  t,
}: {
  id: string;
  value: string;
  onChange: (license: string) => void;
  t: T;
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {t('datasets:license.label')}
      </label>
      <select
        id={id}
        name={id}
        className="field-input"
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{t('datasets:license.none')}</option>
        {LICENSE_IDS.map((license) => (
          <option key={license} value={license}>
            {license} · {LICENSES[license]}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
        {t('datasets:license.hint')}
      </p>
    </div>
  );
}

/** A dataset's name, description, visibility, language and tags, labelled, with their errors. */
export function MetadataFields({ idPrefix, values, problems, onChange, t }: Props) {
  const id = (field: string) => `${idPrefix}-${field}`;
  const text = (field: Exclude<MetadataField, 'isPublic' | 'license' | 'readme'>) => ({
    value: values[field],
    error: problemText(t, problems[field]),
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });
  return (
    <>
      <TextField
        id={id('name')}
        label={t('datasets:meta.name')}
        aria-required="true"
        autoComplete="off"
        hint={lengthHint(t, values.name, DATASET_RULES.nameMax)}
        {...text('name')}
      />
      <TextArea
        id={id('description')}
        label={t('datasets:meta.description')}
        rows={4}
        hint={lengthHint(t, values.description, DATASET_RULES.descriptionMax)}
        {...text('description')}
      />
      <VisibilityField
        name={id('visibility')}
        isPublic={values.isPublic}
        onChange={(isPublic) => onChange('isPublic', isPublic)}
        t={t}
      />
      <LanguageField id={id('language')} listId={id('languages')} t={t} {...text('language')} />
      <TextField
        id={id('tags')}
        label={t('datasets:meta.tags')}
        hint={t('datasets:meta.tagsHint', { max: DATASET_RULES.tagsMax })}
        autoComplete="off"
        {...text('tags')}
      />
      <LicenseField
        id={id('license')}
        value={values.license}
        onChange={(license) => onChange('license', license)}
        t={t}
      />
      <TextArea
        id={id('citation')}
        label={t('datasets:citation.label')}
        rows={3}
        spellCheck={false}
        hint={t('datasets:citation.hint')}
        {...text('citation')}
      />
      <TextField
        id={id('key')}
        label={t('patches:key.label')}
        hint={t('patches:key.hint', { max: KEY_COLUMNS_MAX })}
        autoComplete="off"
        spellCheck={false}
        {...text('keyColumns')}
      />
      <ReadmeField
        id={id('readme')}
        value={values.readme}
        error={problemText(t, problems.readme)}
        onChange={(value) => onChange('readme', value)}
        t={t}
      />
    </>
  );
}
