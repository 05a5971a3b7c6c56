import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { getT, type T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { checkDescription, checkName } from '../../lib/dataset-rules.ts';
import { fieldProblems } from '../../lib/form-errors.ts';
import { forkDataset } from '../../stores/community.ts';
import { createForm } from '../../stores/form.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { TextArea, TextField, SubmitButton } from '../form/Field.tsx';
import { useForm } from '../form/fields.ts';
import { failureText } from '../../lib/error-text.ts';

export type ForkFormProps = {
  datasetId: number;
  /** The source's name, description and visibility: the form starts from them. */
  name: string;
  description: string;
  isPublic: boolean;
  locale: Locale;
  /** How many times the button was pressed: each press opens the dialog afresh. */
  opened: number;
  /** The button that opened it: focus goes back to it when the dialog closes. */
  opener: RefObject<HTMLButtonElement | null>;
};

/** The fork form: the source's name, description and visibility to start from; the new dataset on success. */
function useForkForm(
  {
    datasetId,
    name,
    description,
    isPublic,
  }: { datasetId: number; name: string; description: string; isPublic: boolean },
  locale: Locale,
  t: T,
) {
  /** The failure's first line: why the fork was refused, when it was. */
  const [lead, setLead] = useState('');
  const state = useForm(t, () =>
    createForm({
      initial: { name, description, isPublic },
      check: (v) => ({
        name: checkName(v.name) ?? undefined,
        description: checkDescription(v.description) ?? undefined,
      }),
      send: async (v) => {
        const fork = await forkDataset(datasetId, {
          name: v.name.trim(),
          description: v.description.trim(),
          isPublic: v.isPublic,
        });
        leaveTo(localizePath(`/datasets/${fork.id}`, locale));
      },
      explain: (error) => {
        const notAllowed = isApiError(error) && error.code === 'FORK_NOT_ALLOWED';
        setLead(t(notAllowed ? 'community:fork.notAllowed' : 'community:fork.failed'));
        return {
          problems: fieldProblems(error, t, { name: 'name', description: 'description' }),
          failure: failureText(error, t) ?? '',
        };
      },
      fixErrors: null,
    }),
  );
  return { ...state, lead };
}

function Checkbox(props: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  label: string;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="h-4 w-4"
      />
      {props.label}
    </label>
  );
}

/** The new dataset's name, description and visibility. */
function ForkFields({
  fork,
  datasetId,
  t,
}: {
  fork: ReturnType<typeof useForkForm>;
  datasetId: number;
  t: T;
}) {
  return (
    <>
      <TextField
        id={`fork-${datasetId}-name`}
        label={t('community:fork.name')}
        aria-required="true"
        {...fork.input('name')}
      />
      <TextArea
        id={`fork-${datasetId}-description`}
        label={t('community:fork.description')}
        rows={4}
        {...fork.input('description')}
      />
      <Checkbox
        checked={fork.values.isPublic}
        onChange={(checked) => fork.form.edit('isPublic', checked)}
        label={t('community:fork.public')}
      />
    </>
  );
}

/** Why the fork failed: the reason's first line, then the server's words (a live region). */
function ForkFailure({ lead, failure }: { lead: string; failure: string | null }) {
  return (
    <div
      role="alert"
      className={failure !== null ? 'rounded-lg bg-danger-50 p-3 text-danger' : undefined}
    >
      {failure !== null && (
        <>
          <strong className="block">{lead}</strong>
          {failure && <span data-testid="fork-error">{failure}</span>}
        </>
      )}
    </div>
  );
}

/**
 * The fork dialog (loaded when its button is first pressed, ForkDialog.tsx): a modal native
 * <dialog> (the page behind is inert, Esc closes it, focus goes back to the button) with name,
 * description and visibility. On success the new dataset opens; a refusal (e.g. the owner
 * disallowed forks) shows the server's message in the dialog.
 */
export default function ForkForm({
  datasetId,
  name,
  description,
  isPublic,
  locale,
  opened,
  opener,
}: ForkFormProps) {
  const t = getT(locale);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const introId = useId();
  const fork = useForkForm({ datasetId, name, description, isPublic }, locale, t);
  const { form, busy: pending } = fork;

  useEffect(() => {
    form.reset();
    dialog.current?.showModal();
  }, [form, opened]);

  function close() {
    if (pending) return;
    dialog.current?.close();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={introId}
      className="m-auto w-full max-w-lg rounded-xl border border-line bg-white p-0 text-ink shadow-xl backdrop:bg-black/40"
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
      onClose={() => opener.current?.focus()}
    >
      <form {...fork.formProps} className="flex flex-col gap-4 p-6">
        <h2 id={titleId} className="text-xl font-bold wrap-anywhere">
          {t('community:fork.title', { name })}
        </h2>
        <p id={introId} className="text-sm text-muted">
          {t('community:fork.intro')}
        </p>
        <ForkFailure lead={fork.lead} failure={fork.failure} />
        <ForkFields fork={fork} datasetId={datasetId} t={t} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-secondary" onClick={close} disabled={pending}>
            {t('community:fork.cancel')}
          </button>
          <SubmitButton
            busy={pending}
            label={t('community:fork.submit')}
            busyLabel={t('community:fork.submitting')}
          />
        </div>
      </form>
    </dialog>
  );
}
