import { useId, useRef, useState, type FormEvent } from 'react';
import { getT } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { isApiError } from '../../lib/api/errors.ts';
import { checkDescription, checkName } from '../../lib/dataset-rules.ts';
import { fieldErrors } from '../../lib/form-errors.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { forkDataset } from '../../stores/community.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { TextArea, TextField, focusFirstInvalid } from '../form/Field.tsx';
import { failureText } from '../../lib/error-text.ts';
import { useViewer } from './useViewer.ts';

type Props = {
  datasetId: number;
  /** The source's name, description and visibility: the form starts from them. */
  name: string;
  description: string;
  isPublic: boolean;
  /** This page's path, to come back to after signing in. */
  path: string;
  locale: Locale;
};

type Field = 'name' | 'description';

/**
 * Forks a dataset: a button opening a modal dialog (native <dialog>: the page behind is inert,
 * Esc closes it, focus goes back to the button) with name, description and visibility. On
 * success the new dataset opens; a refusal (e.g. the owner disallowed forks) shows the server's
 * message in the dialog. Guests get a sign-in link.
 */
export default function ForkDialog({
  datasetId,
  name,
  description,
  isPublic,
  path,
  locale,
}: Props) {
  const t = getT(locale);
  const viewer = useViewer();
  const dialog = useRef<HTMLDialogElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const introId = useId();
  const [values, setValues] = useState({ name, description, isPublic });
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<{ lead: string; detail: string | null } | null>(null);
  const [pending, setPending] = useState(false);

  if (!viewer.signedIn) {
    return (
      <a href={loginUrl(locale, path)} className="btn btn-secondary">
        {t('community:fork.signIn')}
      </a>
    );
  }

  function open() {
    setValues({ name, description, isPublic });
    setProblems({});
    setFailure(null);
    dialog.current?.showModal();
  }

  function close() {
    if (pending) return;
    dialog.current?.close();
  }

  function text<K extends Field>(field: K, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
    setProblems((p) => ({ ...p, [field]: undefined }));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found: Partial<Record<Field, string>> = {};
    const nameRule = checkName(values.name);
    const descriptionRule = checkDescription(values.description);
    if (nameRule) found.name = t(nameRule.key, nameRule.vars);
    if (descriptionRule) found.description = t(descriptionRule.key, descriptionRule.vars);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setPending(true);
    try {
      const fork = await forkDataset(datasetId, {
        name: values.name.trim(),
        description: values.description.trim(),
        isPublic: values.isPublic,
      });
      leaveTo(localizePath(`/datasets/${fork.id}`, locale));
    } catch (error) {
      const byField = fieldErrors(error, t);
      const server: Partial<Record<Field, string>> = {};
      if (byField['name']) server.name = byField['name'];
      if (byField['description']) server.description = byField['description'];
      setProblems(server);
      const notAllowed = isApiError(error) && error.code === 'FORK_NOT_ALLOWED';
      setFailure({
        lead: t(notAllowed ? 'community:fork.notAllowed' : 'community:fork.failed'),
        detail: failureText(error, t),
      });
      setPending(false);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    }
  }

  return (
    <>
      <button
        ref={opener}
        type="button"
        className="btn btn-secondary"
        aria-haspopup="dialog"
        onClick={open}
        data-testid="fork-button"
      >
        {t('community:fork.button')}
      </button>
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
        <form
          ref={form}
          method="post"
          noValidate
          onSubmit={(e) => void submit(e)}
          className="flex flex-col gap-4 p-6"
        >
          <h2 id={titleId} className="text-xl font-bold break-words">
            {t('community:fork.title', { name })}
          </h2>
          <p id={introId} className="text-sm text-muted">
            {t('community:fork.intro')}
          </p>
          <div
            role="alert"
            className={failure ? 'rounded-lg bg-danger-50 p-3 text-danger' : undefined}
          >
            {failure && (
              <>
                <strong className="block">{failure.lead}</strong>
                {failure.detail && <span data-testid="fork-error">{failure.detail}</span>}
              </>
            )}
          </div>
          <TextField
            id={`fork-${datasetId}-name`}
            label={t('community:fork.name')}
            value={values.name}
            error={problems.name}
            aria-required="true"
            onChange={(e) => text('name', e.target.value)}
          />
          <TextArea
            id={`fork-${datasetId}-description`}
            label={t('community:fork.description')}
            rows={4}
            value={values.description}
            error={problems.description}
            onChange={(e) => text('description', e.target.value)}
          />
          <label className="flex items-center gap-2">
            <input
              type="checkbox"
              checked={values.isPublic}
              onChange={(e) => setValues((v) => ({ ...v, isPublic: e.target.checked }))}
              className="h-4 w-4"
            />
            {t('community:fork.public')}
          </label>
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className="btn btn-secondary" onClick={close} disabled={pending}>
              {t('community:fork.cancel')}
            </button>
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? t('community:fork.submitting') : t('community:fork.submit')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
