import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { TOKEN_NAME_MAX, type TokenScope } from '../contracts/limits.ts';
import { getT, type T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import {
  createToken,
  listTokens,
  revokeToken,
  type ApiToken,
  type CreatedToken,
  type NewToken,
  type TokenList,
} from '../lib/api/tokens.ts';
import { checkTokenName } from '../lib/account-rules.ts';
import { isApiError } from '../lib/api/errors.ts';
import { failureText } from '../lib/error-text.ts';
import { $auth } from '../stores/auth.ts';
import { createForm, type Form } from '../stores/form.ts';
import { createLoader } from '../stores/loader.ts';
import { toast, toastFailure } from '../stores/toasts.ts';
import { FormAlert, SelectField, TextField, SubmitButton } from './form/Field.tsx';
import { useForm, useLatest } from './form/fields.ts';
import { inForce, TokenRow } from './TokenRow.tsx';
import { useHydrated } from './useHydrated.ts';
import { useLoader } from './useLoader.ts';

/** Lifetimes offered in the form, in days; empty: never expires. */
const EXPIRY_DAYS = ['', '30', '90', '365'] as const;

type TokenValues = { name: string; scope: TokenScope; days: (typeof EXPIRY_DAYS)[number] };

/** What is asked of POST /tokens for the form's values. */
const newToken = ({ name, scope, days }: TokenValues): NewToken => ({
  name: name.trim(),
  scope,
  ...(days === '' ? {} : { expiresInDays: Number(days) }),
});

/** The signed-in user's tokens, loaded once signed in; the answer is dropped on signing out. */
function useTokenList(signedIn: boolean) {
  const list = useLoader(() => createLoader<null, TokenList>({ fetch: () => listTokens() }));
  const { loader } = list;
  useEffect(() => {
    if (!signedIn) return;
    void loader.load(null);
    return () => loader.cancel();
  }, [loader, signedIn]);
  return list;
}

/**
 * The create-token form's store: sending creates the token and empties the name. Refused at the
 * cap (tokens created elsewhere meanwhile), it calls `onFull` to read the list again.
 */
function createTokenForm(
  t: T,
  onCreated: (token: CreatedToken) => void,
  onFull: () => void,
): Form<TokenValues> {
  const form: Form<TokenValues> = createForm<TokenValues>({
    initial: { name: '', scope: 'read', days: '90' },
    check: ({ name }) => ({
      name: checkTokenName(name) ?? undefined,
    }),
    send: async (values): Promise<TokenValues> => {
      const token = await createToken(newToken(values)).catch((error: unknown) => {
        if (isApiError(error) && error.code === 'TOKEN_LIMIT_REACHED') onFull();
        throw error;
      });
      onCreated(token);
      // The scope and lifetime stay as chosen now, for the next token.
      return { ...form.$form.get().values, name: '' };
    },
    explain: (error) => ({ problems: {}, failure: failureText(error, t) }),
    fixErrors: null,
  });
  return form;
}

/**
 * Creating a token: its name, scope and lifetime. The form's message says why the token list did
 * not load, until the next send. With as many tokens in force as may be (`full`), the button is
 * disabled and says why.
 */
function CreateTokenForm({
  t,
  listFailure,
  full,
  onCreated,
  onFull,
}: {
  t: T;
  listFailure: string | null | undefined;
  full: string | null;
  onCreated: (token: CreatedToken) => void;
  onFull: () => void;
}) {
  const created = useLatest(onCreated);
  const refused = useLatest(onFull);
  const { form, ref, input, submit, values, failure, submitting } = useForm(t, () =>
    createTokenForm(
      t,
      (token) => created.current(token),
      () => refused.current(),
    ),
  );
  useEffect(() => {
    if (listFailure !== undefined) form.$form.setKey('failure', listFailure);
  }, [form, listFailure]);

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

/**
 * The profile's access tokens: create one (its secret shown once, with a copy button), list
 * them with their scope, dates and last use, and revoke one. Works for any signed-in account,
 * also one that signs in only through an OAuth2 provider.
 */
export default function TokensPanel({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const signedIn = user !== null;
  const { data: list, status, error, loader } = useTokenList(signedIn);
  const tokens = list?.tokens ?? null;
  const [created, setCreated] = useState<CreatedToken | null>(null);

  function add(token: CreatedToken) {
    setCreated(token);
    loader.update(
      (before) => before && { ...before, tokens: [token, ...before.tokens], live: before.live + 1 },
    );
  }

  async function revoke(token: ApiToken) {
    try {
      await revokeToken(token.id);
      loader.update(
        (before) =>
          before && {
            ...before,
            tokens: before.tokens.filter((x) => x.id !== token.id),
            live: before.live - (inForce(token) ? 1 : 0),
          },
      );
      setCreated((shown) => (shown?.id === token.id ? null : shown));
      toast({ title: t('auth:tokens.revoked', { name: token.name }) });
    } catch (error) {
      toastFailure(t('auth:tokens.failed'), failureText(error, t));
    }
  }

  if (!hydrated || !signedIn) return null;
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted">{t('auth:tokens.intro')}</p>
      <CreateTokenForm
        t={t}
        listFailure={status === 'failed' ? failureText(error, t) : undefined}
        full={
          list && list.live >= list.liveMax ? t('auth:tokens.full', { max: list.liveMax }) : null
        }
        onCreated={add}
        onFull={() => void loader.load(null)}
      />
      {created && <NewTokenSecret token={created} t={t} />}
      {tokens !== null && tokens.length === 0 && (
        <p className="text-sm text-muted">{t('auth:tokens.none')}</p>
      )}
      {list && (
        <p className="text-sm text-muted" data-testid="token-count">
          {t('auth:tokens.inForce', { live: list.live, max: list.liveMax })}
        </p>
      )}
      {tokens !== null && tokens.length > 0 && (
        <ul aria-label={t('auth:tokens.listCaption')} className="flex flex-col">
          {tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              locale={locale}
              t={t}
              onRevoke={() => void revoke(token)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
