import { useEffect, useRef, useState, type FormEvent, type Ref } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { checkRequired } from '../lib/account-rules.ts';
import { failureText } from '../lib/error-text.ts';
import { accountDeletion, deleteAccount } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { leaveTo, startLeaving, stayHere } from '../stores/navigation.ts';
import { createForm } from '../stores/form.ts';
import { createLoader } from '../stores/loader.ts';
import { toastFailure } from '../stores/toasts.ts';
import { FormAlert, TextField } from './form/Field.tsx';
import { useForm } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';
import { useLoader } from './useLoader.ts';

type Step = 'password' | 'confirm';

/** What goes with the account (datasets, versions) and what stays (others' forks). */
function DeletionSummary({ userId, t }: { userId: number; t: T }) {
  // Without the counts (not yet, or failed) the warning still stands.
  const { data: summary, loader } = useLoader(() => createLoader({ fetch: accountDeletion }));
  useEffect(() => {
    void loader.load(userId);
  }, [userId, loader]);
  if (!summary) return null;
  return (
    <ul
      className="list-disc pl-6"
      aria-label={t('auth:delete.summaryLabel')}
      data-testid="deletion-summary"
    >
      <li>
        {t('auth:delete.summaryDatasets', {
          count: summary.datasets,
          private: summary.privateDatasets,
        })}
      </li>
      <li>{t('auth:delete.summaryVersions', { count: summary.versions })}</li>
      <li>{t('auth:delete.summaryForks', { count: summary.forksByOthers })}</li>
    </ul>
  );
}

/** The second step: delete now, or go back to the password. */
function ConfirmDeletion({
  busy,
  onConfirm,
  onCancel,
  cancelRef,
  t,
}: {
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  cancelRef: Ref<HTMLButtonElement>;
  t: T;
}) {
  return (
    <div
      role="group"
      aria-labelledby="delete-question"
      className="flex flex-col gap-3 rounded-lg border border-danger bg-danger-50 p-4"
    >
      <p id="delete-question" className="font-semibold text-danger">
        {t('auth:delete.confirmQuestion')}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn btn-danger" disabled={busy} onClick={onConfirm}>
          {busy ? t('auth:delete.deleting') : t('auth:delete.confirm')}
        </button>
        <button
          ref={cancelRef}
          type="button"
          className="btn btn-secondary"
          disabled={busy}
          onClick={onCancel}
        >
          {t('common:common.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The password, checked and then sent: signed out and on to /account-deleted when it was right. */
function useDeletionForm(locale: Locale, t: T) {
  return useForm(t, () =>
    createForm({
      initial: { password: '' },
      check: (v) => ({ password: checkRequired(v.password) ?? undefined }),
      send: async (v) => {
        startLeaving();
        try {
          await deleteAccount(v.password);
        } catch (error) {
          stayHere();
          throw error;
        }
        leaveTo(localizePath('/account-deleted', locale));
      },
      explain: (error) => {
        const message = failureText(error, t);
        return { problems: message ? { password: { text: message } } : {}, failure: message };
      },
      fixErrors: null,
    }),
  );
}

/**
 * Deletes the signed-in user's account in two steps: the password, then an explicit
 * confirmation, after saying what goes (datasets, versions) and what stays (others' forks).
 * Afterwards the visitor is signed out and lands on /account-deleted, which says so.
 */
export default function DeleteAccountForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const [step, setStep] = useState<Step>('password');
  const { form, input, failure, busy: submitting } = useDeletionForm(locale, t);
  const passwordInput = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (step === 'confirm') cancelButton.current?.focus();
    else if (returnFocus.current) passwordInput.current?.focus();
  }, [step]);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (form.check()) setStep('confirm');
    else passwordInput.current?.focus();
  }

  function cancel() {
    returnFocus.current = true;
    setStep('password');
  }

  async function confirm() {
    if ((await form.submit()) !== 'failed') return;
    const message = form.$form.get().failure;
    toastFailure(t('auth:delete.failed'), message);
    returnFocus.current = true;
    setStep('password');
  }

  if (!hydrated || !user) return null;
  return (
    <form
      method="post"
      noValidate
      onSubmit={ask}
      className="flex flex-col gap-4"
      aria-labelledby="delete-heading"
    >
      <p>{t('auth:delete.warning')}</p>
      <DeletionSummary userId={user.id} t={t} />
      <p>{t('auth:delete.prompt')}</p>
      <FormAlert message={failure} />
      <TextField
        id="delete-password"
        type="password"
        label={t('auth:delete.password')}
        autoComplete="current-password"
        aria-required="true"
        inputRef={passwordInput}
        readOnly={step === 'confirm'}
        {...input('password')}
      />
      {step === 'password' ? (
        <div>
          <button type="submit" className="btn btn-danger">
            {t('auth:delete.start')}
          </button>
        </div>
      ) : (
        <ConfirmDeletion
          busy={submitting}
          onConfirm={() => void confirm()}
          onCancel={cancel}
          cancelRef={cancelButton}
          t={t}
        />
      )}
    </form>
  );
}
