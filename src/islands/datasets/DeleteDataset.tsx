import { useState, type SubmitEvent } from 'react';
import type { T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../lib/api/types.ts';
import { failureText } from '../../lib/error-text.ts';
import { removeDataset } from '../../stores/datasets.ts';
import { leaveTo } from '../../stores/navigation.ts';
import { toast, toastFailure } from '../../stores/toasts.ts';
import { FormAlert, TextField, SubmitButton } from '../form/Field.tsx';

/**
 * Deletes a dataset once its name is typed again (a deliberate step that a stray click or Enter
 * cannot take); then the owner's list.
 */
export function DeleteDataset({ dataset, locale, t }: { dataset: Dataset; locale: Locale; t: T }) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (deleting) return;
    setFailure(null);
    if (typed.trim() !== dataset.name) {
      setError(t('datasets:delete.mismatch'));
      document.getElementById('delete-confirm')?.focus();
      return;
    }
    setDeleting(true);
    try {
      await removeDataset(dataset.id);
      toast({ title: t('datasets:delete.deleted'), description: dataset.name });
      leaveTo(localizePath('/datasets/my', locale));
    } catch (err) {
      const message = failureText(err, t);
      setFailure(message ?? t('datasets:delete.failed'));
      toastFailure(t('datasets:delete.failed'), message);
      setDeleting(false);
    }
  }

  return (
    <form
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby="delete-heading"
    >
      <p>{t('datasets:delete.warning')}</p>
      <FormAlert message={failure} />
      <TextField
        id="delete-confirm"
        label={t('datasets:delete.confirmLabel', { name: dataset.name })}
        autoComplete="off"
        spellCheck={false}
        value={typed}
        error={error}
        onChange={(e) => {
          setTyped(e.target.value);
          setError(null);
        }}
      />
      <div>
        <SubmitButton
          busy={deleting}
          label={t('datasets:delete.submit')}
          busyLabel={t('datasets:delete.deleting')}
          danger
        />
      </div>
    </form>
  );
}
