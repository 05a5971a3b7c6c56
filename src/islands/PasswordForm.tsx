import { useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { getT } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { RULES, checkConfirmation, checkNewPassword, checkRequired } from '../lib/account-rules.ts';
import { fieldErrors } from '../lib/form-errors.ts';
import { failureText } from '../lib/error-text.ts';
import { changePassword } from '../stores/account.ts';
import { $auth } from '../stores/auth.ts';
import { toast } from '../stores/toasts.ts';
import { FormAlert, TextField, focusFirstInvalid } from './form/Field.tsx';
import { useFields, type Problem } from './form/fields.ts';
import { useHydrated } from './useHydrated.ts';

type Field = 'current' | 'next' | 'confirm';
const EMPTY: Record<Field, string> = { current: '', next: '', confirm: '' };
/** The server's field names for this form's fields. */
const SERVER_FIELDS: Record<string, Field> = { current_password: 'current', new_password: 'next' };

/** Changes the signed-in user's password: current, new, and the new one again. */
export default function PasswordForm({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const form = useRef<HTMLFormElement>(null);
  const { values, setValues, setProblems, input } = useFields(t, EMPTY);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const found: Partial<Record<Field, Problem>> = {};
    const current = checkRequired(values.current);
    const next = checkNewPassword(values.next);
    const confirm = checkConfirmation(values.next, values.confirm);
    if (current) found.current = current;
    if (next) found.next = next;
    if (confirm) found.confirm = confirm;
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('auth:validation.fixErrors'));
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setSubmitting(true);
    try {
      await changePassword(values.current, values.next);
      setValues(EMPTY);
      toast({ title: t('auth:password.changed') });
    } catch (error) {
      const server: Partial<Record<Field, Problem>> = {};
      for (const [name, message] of Object.entries(fieldErrors(error, t))) {
        const field = SERVER_FIELDS[name];
        if (field) server[field] = { text: message };
      }
      const message = failureText(error, t);
      if (!server.current && (error as { code?: unknown }).code === 'INVALID_PASSWORD' && message) {
        server.current = { text: message };
      }
      setProblems(server);
      setFailure(message);
      toast({
        title: t('auth:password.failed'),
        variant: 'destructive',
        ...(message && { description: message }),
      });
      requestAnimationFrame(() => focusFirstInvalid(form.current));
    } finally {
      setSubmitting(false);
    }
  }

  if (!hydrated || !user) return null;
  return (
    <form
      ref={form}
      method="post"
      noValidate
      onSubmit={(e) => void submit(e)}
      className="flex flex-col gap-4"
      aria-labelledby="password-heading"
    >
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
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          {submitting ? t('auth:password.submitting') : t('auth:password.submit')}
        </button>
      </div>
    </form>
  );
}
