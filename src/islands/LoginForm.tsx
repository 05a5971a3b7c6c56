import { getT, type T } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { checkRequired } from '../lib/account-rules.ts';
import { DEFAULT_LOGIN_ERROR } from '../lib/api/errors.ts';
import { failureText } from '../lib/error-text.ts';
import { afterSignIn } from '../lib/redirects.ts';
import { login } from '../stores/auth.ts';
import { createForm } from '../stores/form.ts';
import { leaveTo } from '../stores/navigation.ts';
import { arrivedAfterSessionEnd } from '../stores/session-end.ts';
import { FormAlert, TextField, SubmitButton } from './form/Field.tsx';
import { useForm } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';

/** Why the visitor is here, when a signed-in page sent them because their session ended. */
function SessionEndedNotice({ t, hydrated }: { t: T; hydrated: boolean }) {
  const ended = hydrated && arrivedAfterSessionEnd();
  return (
    <div
      role="status"
      className={ended ? 'rounded-lg border border-brand-100 bg-brand-50 p-3' : undefined}
    >
      {ended && (
        <>
          <p className="font-semibold">{t('auth:session.ended')}</p>
          <p className="mt-1 text-sm">{t('auth:session.endedHint')}</p>
        </>
      )}
    </div>
  );
}

/**
 * Sign-in with a username or e-mail and a password; on success, back to where the visitor was.
 * Says so when a signed-in page sent the visitor here because their session ended.
 */
export default function LoginForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { formProps, input, failure, busy } = useForm(
    t,
    () =>
      createForm({
        initial: { identifier: '', password: '' },
        check: (v) => ({
          identifier: checkRequired(v.identifier) ?? undefined,
          password: checkRequired(v.password) ?? undefined,
        }),
        send: async (v) => {
          await login(v.identifier.trim(), v.password);
          leaveTo(afterSignIn(window.location.search, locale));
        },
        explain: (error) => ({
          problems: {},
          failure:
            failureText(error, t, DEFAULT_LOGIN_ERROR[locale]) ?? DEFAULT_LOGIN_ERROR[locale],
        }),
        fixErrors: null,
      }),
    { uncontrolled: true },
  );

  return (
    <form {...formProps} className="flex flex-col gap-4">
      <SessionEndedNotice t={t} hydrated={hydrated} />
      <FormAlert message={failure} />
      <TextField
        id="login-identifier"
        label={t('auth:login.identifier')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        aria-required="true"
        {...input('identifier')}
      />
      <TextField
        id="login-password"
        type="password"
        label={t('auth:login.password')}
        autoComplete="current-password"
        aria-required="true"
        {...input('password')}
      />
      <SubmitButton
        busy={busy}
        disabled={!hydrated}
        label={t('auth:login.submit')}
        busyLabel={t('auth:login.submitting')}
      />
      <p className="text-sm text-muted">
        {t('auth:login.noAccount')}{' '}
        <a href={localizePath('/auth/register', locale)} className="underline">
          {t('auth:login.registerLink')}
        </a>
      </p>
    </form>
  );
}
