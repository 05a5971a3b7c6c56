import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { TOKEN_NAME_MAX } from '../contracts/limits.ts';
import { getT, type T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { createToken, listTokens, revokeToken, type CreatedToken } from '../lib/api/tokens.ts';
import { $auth } from '../stores/auth.ts';
import { createTokens, EXPIRY_DAYS, type Tokens } from '../stores/tokens.ts';
import { FormAlert, SelectField, TextField, SubmitButton } from './form/Field.tsx';
import { useForm } from './form/fields.ts';
import { TokenRow } from './TokenRow.tsx';
import { useFlow } from './useFlow.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * Creating a token: its name, scope and lifetime. The form's message says why the token list did
 * not load, until the next send. With as many tokens in force as may be, the button is disabled
 * and says why.
 */
function CreateTokenForm({ tokens, t }: { tokens: Tokens; t: T }) {
  const full = useStore(tokens.$full);
  const { form, ref, input, submit, values, failure, submitting } = useForm(t, () => tokens.form);

  return (
    <form ref={ref} noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <FormAlert message={failure} />
      <TextField
        id="token-name"
        label={t('auth:tokens.name')}
        hint={t('auth:tokens.nameHint')}
        maxLength={TOKEN_NAME_MAX}
        {...input('name')}
      />
      <div className="flex flex-wrap gap-4">
        <SelectField
          id="token-scope"
          label={t('auth:tokens.scope')}
          value={values.scope}
          onChange={(e) => form.edit('scope', e.target.value === 'write' ? 'write' : 'read')}
        >
          <option value="read">{t('auth:tokens.scopeRead')}</option>
          <option value="write">{t('auth:tokens.scopeWrite')}</option>
        </SelectField>
        <SelectField
          id="token-expiry"
          label={t('auth:tokens.expiry')}
          value={values.days}
          onChange={(e) => form.edit('days', EXPIRY_DAYS.find((d) => d === e.target.value) ?? '')}
        >
          {EXPIRY_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === '' ? t('auth:tokens.never') : t('auth:tokens.days', { count: Number(d) })}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton
          busy={submitting}
          label={t('auth:tokens.create')}
          busyLabel={t('auth:tokens.creating')}
          disabled={full !== null}
          describedBy={full === null ? undefined : 'token-limit'}
        />
        {full !== null && (
          <p id="token-limit" className="text-sm text-muted">
            {full}
          </p>
        )}
      </div>
    </form>
  );
}

/** A new token's secret, shown once, with a copy button. */
function NewTokenSecret({ token, t }: { token: CreatedToken; t: T }) {
  /** The token whose secret was copied last. */
  const [copiedId, setCopiedId] = useState<number | null>(null);
  async function copy() {
    await navigator.clipboard.writeText(token.token);
    setCopiedId(token.id);
  }
  return (
    <div role="status" className="rounded border border-brand-100 bg-brand-50 p-4">
      <p className="font-bold">{t('auth:tokens.secretTitle', { name: token.name })}</p>
      <p className="mt-1 text-sm">{t('auth:tokens.secretNote')}</p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code
          className="min-w-0 flex-1 break-all rounded bg-surface px-2 py-1 text-sm"
          data-testid="token-secret"
        >
          {token.token}
        </code>
        <button type="button" className="btn" onClick={() => void copy()}>
          {copiedId === token.id ? t('auth:tokens.copied') : t('auth:tokens.copy')}
        </button>
      </div>
    </div>
  );
}

/** The signed-in user's tokens, loaded once shown. */
function Tokens({ locale, t }: { locale: Locale; t: T }) {
  const tokens = useFlow(() =>
    createTokens({ list: listTokens, create: createToken, revoke: revokeToken }, t),
  );
  const { data: list } = useStore(tokens.$list);
  const created = useStore(tokens.$created);
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('auth:tokens.intro')}</p>
      <CreateTokenForm tokens={tokens} t={t} />
      {created && <NewTokenSecret token={created} t={t} />}
      {list?.tokens.length === 0 && <p className="text-sm text-muted">{t('auth:tokens.none')}</p>}
      {list && (
        <p className="text-sm text-muted" data-testid="token-count">
          {t('auth:tokens.inForce', { live: list.live, max: list.liveMax })}
        </p>
      )}
      {list && list.tokens.length > 0 && (
        <ul aria-label={t('auth:tokens.listCaption')} className="flex flex-col">
          {list.tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              locale={locale}
              t={t}
              onRevoke={() => void tokens.revoke(token)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The profile's access tokens: create one (its secret shown once, with a copy button), list
 * them with their scope, dates and last use, and revoke one. Works for any signed-in account,
 * also one that signs in only through an OAuth2 provider.
 */
export default function TokensPanel({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  if (!hydrated || user === null) return null;
  return <Tokens locale={locale} t={t} />;
}
