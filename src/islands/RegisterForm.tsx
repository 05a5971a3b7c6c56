import { getT, type T } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import {
  RULES,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkUsername,
} from '../lib/account-rules.ts';
import { DEFAULT_REGISTER_ERROR } from '../lib/api/errors.ts';
import { fieldProblems, formFailureText } from '../lib/form-errors.ts';
import { afterSignIn } from '../lib/redirects.ts';
import { register } from '../stores/auth.ts';
import { createForm, type Problems } from '../stores/form.ts';
import { leaveTo } from '../stores/navigation.ts';
import { FormAlert, TextField, SubmitButton } from './form/Field.tsx';
import { useForm } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';

type Field = 'username' | 'email' | 'password' | 'confirm';
/** The server's field names for this form's fields. */
const SERVER_FIELDS = { username: 'username', email: 'email', password: 'password' } as const;

/** The rules checked in the browser before sending. */
const check = (v: Record<Field, string>): Problems<Field> => ({
  username: checkUsername(v.username) ?? undefined,
  email: checkEmail(v.email) ?? undefined,
  password: checkNewPassword(v.password) ?? undefined,
  confirm: checkConfirmation(v.password, v.confirm) ?? undefined,
});

/** Under the form: the terms agreed to by signing up, and the way to sign in instead. */
function RegisterNotes({ locale, t }: { locale: Locale; t: T }) {
  return (
    <>
      <p className="text-sm text-muted" data-testid="register-terms">
        {t('auth:register.agree')}{' '}
        <a href={localizePath('/terms', locale)} className="underline">
          {t('auth:register.terms')}
        </a>
        {t('auth:register.and')}
        <a href={localizePath('/privacy', locale)} className="underline">
          {t('auth:register.privacy')}
        </a>
        {t('auth:register.agreeEnd')}
      </p>
      <p className="text-sm text-muted">
        {t('auth:register.haveAccount')}{' '}
        <a href={localizePath('/auth/login', locale)} className="underline">
          {t('auth:register.loginLink')}
        </a>
      </p>
    </>
  );
}

/** Sign-up: username, e-mail, password twice; the server's per-field errors show by the field. */
export default function RegisterForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { formProps, input, failure, busy } = useForm(
    t,
    () =>
      createForm({
        initial: { username: '', email: '', password: '', confirm: '' },
        check,
        send: async (v) => {
          await register({
            username: v.username.trim(),
            email: v.email.trim(),
            password: v.password,
          });
          leaveTo(afterSignIn(window.location.search, locale));
        },
        explain: (error) => {
          const fallback = DEFAULT_REGISTER_ERROR[locale];
          return {
            problems: fieldProblems(error, t, SERVER_FIELDS),
            failure: formFailureText(error, t, fallback) ?? fallback,
          };
        },
        fixErrors: t('common:common.fixErrors'),
      }),
    { uncontrolled: true },
  );

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <TextField
        id="register-username"
        label={t('auth:register.username')}
        hint={t('auth:register.usernameHint', { min: RULES.usernameMin, max: RULES.usernameMax })}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
        maxLength={RULES.usernameMax}
        {...input('username')}
      />
      <TextField
        id="register-email"
        type="email"
        label={t('auth:register.email')}
        autoComplete="email"
        aria-required="true"
        {...input('email')}
      />
      <TextField
        id="register-password"
        type="password"
        label={t('auth:register.password')}
        hint={t('auth:register.passwordHint', { min: RULES.passwordMin })}
        autoComplete="new-password"
        aria-required="true"
        {...input('password')}
      />
      <TextField
        id="register-confirm"
        type="password"
        label={t('auth:register.confirmPassword')}
        autoComplete="new-password"
        aria-required="true"
        {...input('confirm')}
      />
      <SubmitButton
        busy={busy}
        disabled={!hydrated}
        label={t('auth:register.submit')}
        busyLabel={t('auth:register.submitting')}
      />
      <RegisterNotes locale={locale} t={t} />
    </form>
  );
}
