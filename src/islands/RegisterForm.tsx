import { useRef, useState, type FormEvent } from 'react';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import {
  RULES,
  checkConfirmation,
  checkEmail,
  checkNewPassword,
  checkUsername,
} from '../lib/account-rules.ts';
import { DEFAULT_REGISTER_ERROR } from '../lib/api/errors.ts';
import { fieldErrors } from '../lib/form-errors.ts';
import { failureText } from '../lib/error-text.ts';
import { afterSignIn } from '../lib/redirects.ts';
import { register } from '../stores/auth.ts';
import { leaveTo } from '../stores/navigation.ts';
import { FormAlert, TextField, focusFirstInvalid, formText } from './form/Field.tsx';
import { problemText, useProblems, type Problem } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';

type Field = 'username' | 'email' | 'password' | 'confirm';
type Values = Record<Field, string>;
/** A message key checked in the browser, or the server's own text for that field. */

function check(values: Values): Partial<Record<Field, Problem>> {
  const found: Partial<Record<Field, Problem>> = {};
  const username = checkUsername(values.username);
  const email = checkEmail(values.email);
  const password = checkNewPassword(values.password);
  const confirm = checkConfirmation(values.password, values.confirm);
  if (username) found.username = username;
  if (email) found.email = email;
  if (password) found.password = password;
  if (confirm) found.confirm = confirm;
  return found;
}

/** Sign-up: username, e-mail, password twice; the server's per-field errors show by the field. */
export default function RegisterForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const { problems, setProblems, clear } = useProblems<Field>();
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  // Uncontrolled inputs (read on submit): what was typed before the island hydrated is kept.
  const input = (field: Field) => ({
    name: field,
    error: problemText(t, problems[field]),
    onChange: () => clear(field),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const data = new FormData(event.currentTarget);
    const read = (field: Field) => formText(data, field);
    const values: Values = {
      username: read('username'),
      email: read('email'),
      password: read('password'),
      confirm: read('confirm'),
    };
    const found = check(values);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('auth:validation.fixErrors'));
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setSubmitting(true);
    try {
      await register({
        username: values.username.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      leaveTo(afterSignIn(window.location.search, locale));
    } catch (error) {
      const byField = fieldErrors(error, t);
      const server: Partial<Record<Field, Problem>> = {};
      for (const field of ['username', 'email', 'password'] as const) {
        const message = byField[field];
        if (message) server[field] = { text: message };
      }
      setProblems(server);
      setFailure(
        failureText(error, t, DEFAULT_REGISTER_ERROR[locale]) ?? DEFAULT_REGISTER_ERROR[locale],
      );
      setSubmitting(false);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    }
  }

  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
    >
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
      <button type="submit" className="btn btn-primary" disabled={!hydrated || submitting}>
        {submitting ? t('auth:register.submitting') : t('auth:register.submit')}
      </button>
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
    </form>
  );
}
