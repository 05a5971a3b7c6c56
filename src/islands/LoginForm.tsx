import { useRef, useState, type FormEvent } from 'react';
import { getT } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { checkRequired, type RuleError } from '../lib/account-rules.ts';
import { DEFAULT_LOGIN_ERROR } from '../lib/api/errors.ts';
import { failureText } from '../lib/error-text.ts';
import { afterSignIn } from '../lib/redirects.ts';
import { login } from '../stores/auth.ts';
import { leaveTo } from '../stores/navigation.ts';
import { FormAlert, TextField, focusFirstInvalid, formText } from './form/Field.tsx';
import { useHydrated } from './useHydrated.ts';

type Fields = { identifier: string; password: string };

/** Sign-in with a username or e-mail and a password; on success, back to where the visitor was. */
export default function LoginForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, RuleError>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const clear = (field: keyof Fields) => () => setErrors((e) => ({ ...e, [field]: undefined }));
  const message = (e: RuleError | undefined) => (e ? t(e.key, e.vars) : null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    // Uncontrolled inputs: what was typed before the island hydrated is kept.
    const data = new FormData(event.currentTarget);
    const values: Fields = {
      identifier: formText(data, 'identifier'),
      password: formText(data, 'password'),
    };
    const found = {
      identifier: checkRequired(values.identifier) ?? undefined,
      password: checkRequired(values.password) ?? undefined,
    };
    setErrors(found);
    setFailure(null);
    if (found.identifier || found.password) {
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setSubmitting(true);
    try {
      await login(values.identifier.trim(), values.password);
      leaveTo(afterSignIn(window.location.search, locale));
    } catch (error) {
      setFailure(failureText(error, t, DEFAULT_LOGIN_ERROR[locale]) ?? DEFAULT_LOGIN_ERROR[locale]);
      setSubmitting(false);
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
        id="login-identifier"
        label={t('auth:login.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
        name="identifier"
        onChange={clear('identifier')}
        error={message(errors.identifier)}
      />
      <TextField
        id="login-password"
        type="password"
        label={t('auth:login.password')}
        autoComplete="current-password"
        aria-required="true"
        name="password"
        onChange={clear('password')}
        error={message(errors.password)}
      />
      <button type="submit" className="btn btn-primary" disabled={!hydrated || submitting}>
        {submitting ? t('auth:login.submitting') : t('auth:login.submit')}
      </button>
      <p className="text-sm text-muted">
        {t('auth:login.noAccount')}{' '}
        <a href={localizePath('/auth/register', locale)} className="underline">
          {t('auth:login.registerLink')}
        </a>
      </p>
    </form>
  );
}
