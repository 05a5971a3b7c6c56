import { useStore } from '@nanostores/react';
import { getT, type T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { RULES, checkConfirmation, checkNewPassword, checkRequired } from '../lib/account-rules.ts';
import { fieldProblems } from '../lib/form-errors.ts';
import { isApiError } from '../lib/api/errors.ts';
import { failureText } from '../lib/error-text.ts';
import { changePassword } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { FormAlert, TextField, SubmitButton } from './form/Field.tsx';
import { useForm } from './form/fields.ts';
import { createForm } from '../stores/form.ts';
import { useHydrated } from './useHydrated.ts';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };
/** The server's field names for this form's fields. */
const SERVER_FIELDS: Record<string, Field> = { current_password: 'current', new_password: 'next' };

/**
 * The server's refusal as field problems and a message. A wrong current password is said once,
 * on its field (not also above the form and in a toast).
 */
function explainFailure(error: unknown, t: T) {
  const problems = fieldProblems(error, t, SERVER_FIELDS);
  const failure = failureText(error, t);
  if (isApiError(error) && error.code === 'INVALID_PASSWORD' && failure) {
    problems.current ??= { text: failure };
    return { problems, failure: null };
  }
  return { problems, failure };
}

/** Changes the signed-in user's password: current, new, and the new one again. */
export default function PasswordForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const { formProps, input, failure, submitting } = useForm(
    t,
    () =>
      createForm({
        initial: EMPTY,
        check: (v) => ({
          current: checkRequired(v.current) ?? undefined,
          next: checkNewPassword(v.next) ?? undefined,
          confirm: checkConfirmation(v.next, v.confirm) ?? undefined,
        }),
        send: async (v) => {
          await changePassword(v.current, v.next);
          return EMPTY;
        },
        explain: (error) => explainFailure(error, t),
        fixErrors: t('common:common.fixErrors'),
      }),
    { sent: () => ({ title: t('auth:password.changed') }), failed: t('auth:password.failed') },
  );

  if (!hydrated || !user) return null;
  return (
    <form {...formProps} className="flex flex-col gap-4" aria-labelledby="password-heading">
      {/* Lets password managers tie the new password to the account. */}
      <input
        type="text"
        name="username"
        autoComplete="username"
        value={user.username}
        readOnly
        hidden
      />
      <FormAlert message={failure} />
      <TextField
        id="password-current"
        type="password"
        label={t('auth:password.current')}
        autoComplete="current-password"
        aria-required="true"
        {...input('current')}
      />
      <TextField
        id="password-new"
        type="password"
        label={t('auth:password.new')}
        hint={t('auth:register.passwordHint', { min: RULES.passwordMin })}
        autoComplete="new-password"
        aria-required="true"
        {...input('next')}
      />
      <TextField
        id="password-confirm"
        type="password"
        label={t('auth:password.confirm')}
        autoComplete="new-password"
        aria-required="true"
        {...input('confirm')}
      />
      <div>
        <SubmitButton
          busy={submitting}
          label={t('auth:password.submit')}
          busyLabel={t('auth:password.submitting')}
        />
      </div>
    </form>
  );
}
