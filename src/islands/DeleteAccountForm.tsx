import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { checkRequired, type RuleError } from '../lib/account-rules.ts';
import { failureText } from '../lib/error-text.ts';
import type { AccountDeletion } from '../lib/api/types.ts';
import { accountDeletion, deleteAccount } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { leaveTo, startLeaving, stayHere } from '../stores/navigation.ts';
import { toast } from '../stores/toasts.ts';
import { FormAlert, TextField } from './form/Field.tsx';
import { useHydrated } from './useHydrated.ts';

type Step = 'password' | 'confirm';

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
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<RuleError | { text: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const [summary, setSummary] = useState<AccountDeletion | null>(null);

  useEffect(() => {
    if (!hydrated || !user) return;
    let current = true;
    accountDeletion().then(
      (found) => current && setSummary(found),
      () => undefined, // the warning still stands without the counts
    );
    return () => {
      current = false;
    };
  }, [hydrated, user]);

  useEffect(() => {
    if (step === 'confirm') cancelButton.current?.focus();
    else if (returnFocus.current) passwordInput.current?.focus();
  }, [step]);

  function ask(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const missing = checkRequired(password);
    setProblem(missing);
    setFailure(null);
    if (missing) {
      passwordInput.current?.focus();
      return;
    }
    setStep('confirm');
  }

  function cancel() {
    returnFocus.current = true;
    setStep('password');
  }

  async function confirm() {
    if (submitting) return;
    setSubmitting(true);
    startLeaving();
    try {
      await deleteAccount(password);
      leaveTo(localizePath('/account-deleted', locale));
    } catch (error) {
      stayHere();
      const message = failureText(error, t);
      setProblem(message ? { text: message } : null);
      setFailure(message);
      toast({
        title: t('auth:delete.failed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
      setSubmitting(false);
      returnFocus.current = true;
      setStep('password');
    }
  }

  if (!hydrated || !user) return null;
  const error = !problem ? null : 'text' in problem ? problem.text : t(problem.key, problem.vars);
  return (
    <form
      method="post"
      noValidate
      onSubmit={ask}
      className="flex flex-col gap-4"
      aria-labelledby="delete-heading"
    >
      <p>{t('auth:delete.warning')}</p>
      {summary && (
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
      )}
      <p>{t('auth:delete.prompt')}</p>
      <FormAlert message={failure} />
      <TextField
        id="delete-password"
        type="password"
        label={t('auth:delete.password')}
        autoComplete="current-password"
        aria-required="true"
        inputRef={passwordInput}
        value={password}
        readOnly={step === 'confirm'}
        onChange={(e) => {
          setPassword(e.target.value);
          setProblem(null);
        }}
        error={error}
      />
      {step === 'password' ? (
        <div>
          <button type="submit" className="btn btn-danger">
            {t('auth:delete.start')}
          </button>
        </div>
      ) : (
        <div
          role="group"
          aria-labelledby="delete-question"
          className="flex flex-col gap-3 rounded-lg border border-danger bg-danger-50 p-4"
        >
          <p id="delete-question" className="font-semibold text-danger">
            {t('auth:delete.confirmQuestion')}
          </p>
          <div className="flex flex-wrap gap-3">
            <button
              type="button"
              className="btn btn-danger"
              disabled={submitting}
              onClick={() => void confirm()}
            >
              {submitting ? t('auth:delete.deleting') : t('auth:delete.confirm')}
            </button>
            <button
              ref={cancelButton}
              type="button"
              className="btn btn-secondary"
              disabled={submitting}
              onClick={cancel}
            >
              {t('common:common.cancel')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
