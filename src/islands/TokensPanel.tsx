import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { TOKEN_NAME_MAX, type TokenScope } from '../contracts/limits.ts';
import { getT } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import {
  createToken,
  listTokens,
  revokeToken,
  type ApiToken,
  type CreatedToken,
} from '../lib/api/tokens.ts';
import { failureText } from '../lib/error-text.ts';
import { dateTimeFormat } from '../lib/intl.ts';
import { $auth } from '../stores/auth.ts';
import { toast, toastFailure } from '../stores/toasts.ts';
import { FormAlert, TextField, SubmitButton } from './form/Field.tsx';
import { useHydrated } from './useHydrated.ts';

/** Lifetimes offered in the form, in days; empty: never expires. */
const EXPIRY_DAYS = ['', '30', '90', '365'] as const;

/**
 * The profile's access tokens: create one (its secret shown once, with a copy button), list
 * them with their scope, dates and last use, and revoke one. Works for any signed-in account,
 * also one that signs in only through an OAuth2 provider.
 */
export default function TokensPanel({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const [tokens, setTokens] = useState<ApiToken[] | null>(null);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<TokenScope>('read');
  const [days, setDays] = useState<(typeof EXPIRY_DAYS)[number]>('90');
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<CreatedToken | null>(null);
  const [copied, setCopied] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const signedIn = user !== null;
  const date = dateTimeFormat(locale, { dateStyle: 'medium' });
  const when = (iso: string | null, none: string) => (iso ? date.format(new Date(iso)) : none);

  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    listTokens().then(
      (list) => live && setTokens(list),
      (error: unknown) => live && setFailure(failureText(error, t)),
    );
    return () => {
      live = false;
    };
  }, [signedIn, t]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    if (name.trim() === '') {
      setNameError(t('auth:tokens.nameRequired'));
      nameInput.current?.focus();
      return;
    }
    setNameError(null);
    setBusy(true);
    try {
      const token = await createToken({
        name: name.trim(),
        scope,
        ...(days === '' ? {} : { expiresInDays: Number(days) }),
      });
      setCreated(token);
      setCopied(false);
      setTokens((list) => [token, ...(list ?? [])]);
      setName('');
    } catch (error) {
      setFailure(failureText(error, t));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(token: ApiToken) {
    try {
      await revokeToken(token.id);
      setTokens((list) => (list ?? []).filter((x) => x.id !== token.id));
      if (created?.id === token.id) setCreated(null);
      toast({ title: t('auth:tokens.revoked', { name: token.name }) });
    } catch (error) {
      toastFailure(t('auth:tokens.failed'), failureText(error, t));
    }
  }

  async function copy(secret: string) {
    await navigator.clipboard.writeText(secret);
    setCopied(true);
  }

  if (!hydrated || !signedIn) return null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('auth:tokens.intro')}</p>
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <FormAlert message={failure} />
        <TextField
          id="token-name"
          label={t('auth:tokens.name')}
          hint={t('auth:tokens.nameHint')}
          error={nameError}
          maxLength={TOKEN_NAME_MAX}
          value={name}
          inputRef={nameInput}
          onChange={(e) => setName(e.target.value)}
        />
        <div className="flex flex-wrap gap-4">
          <div>
            <label htmlFor="token-scope" className="field-label">
              {t('auth:tokens.scope')}
            </label>
            <select
              id="token-scope"
              className="field-input"
              value={scope}
              onChange={(e) => setScope(e.target.value === 'write' ? 'write' : 'read')}
            >
              <option value="read">{t('auth:tokens.scopeRead')}</option>
              <option value="write">{t('auth:tokens.scopeWrite')}</option>
            </select>
          </div>
          <div>
            <label htmlFor="token-expiry" className="field-label">
              {t('auth:tokens.expiry')}
            </label>
            <select
              id="token-expiry"
              className="field-input"
              value={days}
              onChange={(e) => setDays(EXPIRY_DAYS.find((d) => d === e.target.value) ?? '')}
            >
              {EXPIRY_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === '' ? t('auth:tokens.never') : t('auth:tokens.days', { count: Number(d) })}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div>
          <SubmitButton
            busy={busy}
            label={t('auth:tokens.create')}
            busyLabel={t('auth:tokens.creating')}
          />
        </div>
      </form>

      {created && (
        <div role="status" className="rounded border border-brand-100 bg-brand-50 p-4">
          <p className="font-bold">{t('auth:tokens.secretTitle', { name: created.name })}</p>
          <p className="mt-1 text-sm">{t('auth:tokens.secretNote')}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              className="min-w-0 flex-1 break-all rounded bg-surface px-2 py-1 text-sm"
              data-testid="token-secret"
            >
              {created.token}
            </code>
            <button type="button" className="btn" onClick={() => void copy(created.token)}>
              {copied ? t('auth:tokens.copied') : t('auth:tokens.copy')}
            </button>
          </div>
        </div>
      )}

      {tokens !== null && tokens.length === 0 && (
        <p className="text-sm text-muted">{t('auth:tokens.none')}</p>
      )}
      {tokens !== null && tokens.length > 0 && (
        <ul aria-label={t('auth:tokens.listCaption')} className="flex flex-col">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="flex flex-wrap items-center justify-between gap-3 border-t border-line py-3"
            >
              <div className="min-w-0">
                <p className="break-words font-medium">
                  {token.name}{' '}
                  <span className="whitespace-nowrap text-sm font-normal text-muted">
                    ·{' '}
                    {token.scope === 'write'
                      ? t('auth:tokens.scopeWrite')
                      : t('auth:tokens.scopeRead')}
                  </span>
                </p>
                <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
                  <div className="flex gap-1">
                    <dt>{t('auth:tokens.prefix')}</dt>
                    <dd>
                      <code>{token.prefix}…</code>
                    </dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t('auth:tokens.lastUsed')}</dt>
                    <dd>{when(token.lastUsedAt, t('auth:tokens.neverUsed'))}</dd>
                  </div>
                  <div className="flex gap-1">
                    <dt>{t('auth:tokens.expires')}</dt>
                    <dd>{when(token.expiresAt, t('auth:tokens.never'))}</dd>
                  </div>
                </dl>
              </div>
              <button
                type="button"
                className="btn btn-danger min-h-11"
                aria-label={t('auth:tokens.revokeLabel', { name: token.name })}
                onClick={() => void revoke(token)}
              >
                {t('auth:tokens.revoke')}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
