/**
 * The profile's access tokens as a store: the list (loaded once shown), the create form (its
 * secret shown once, `$created`), revoking one. Refused at the cap (tokens created elsewhere
 * meanwhile), the list is read again; a list that did not load says why in the form's message.
 * The API comes in as `TokensApi`, so the flow runs without a browser in its tests.
 */
import { atom, computed } from 'nanostores';
import type { TokenScope } from '../contracts/limits.ts';
import type { T } from '../i18n/index.ts';
import { checkTokenName } from '../lib/account-rules.ts';
import { isApiError } from '../lib/api/errors.ts';
import type { ApiToken, CreatedToken, NewToken, TokenList } from '../lib/api/tokens.ts';
import { failureText } from '../lib/error-text.ts';
import { createForm, type Form } from './form.ts';
import { createLoader } from './loader.ts';
import { toast, toastFailure } from './toasts.ts';

/** Lifetimes offered in the form, in days; empty: never expires. */
export const EXPIRY_DAYS = ['', '30', '90', '365'] as const;

export type TokenValues = {
  name: string;
  scope: TokenScope;
  days: (typeof EXPIRY_DAYS)[number];
};

export type TokensApi = {
  list: () => Promise<TokenList>;
  create: (token: NewToken) => Promise<CreatedToken>;
  revoke: (id: number) => Promise<void>;
};

/** Whether a listed token is still in force (not expired; a listed one is not revoked). */
export const inForce = (token: ApiToken, now = Date.now()) =>
  token.expiresAt === null || Date.parse(token.expiresAt) > now;

/** What is asked of POST /tokens for the form's values. */
const newToken = ({ name, scope, days }: TokenValues): NewToken => ({
  name: name.trim(),
  scope,
  ...(days === '' ? {} : { expiresInDays: Number(days) }),
});

export function createTokens(api: TokensApi, t: T) {
  const loader = createLoader<null, TokenList>({ fetch: () => api.list() });
  const $list = loader.$loader;
  const $created = atom<CreatedToken | null>(null);
  /** With as many tokens in force as may be, why no other can be made; else null. */
  const $full = computed($list, ({ data }) =>
    data && data.live >= data.liveMax ? t('auth:tokens.full', { max: data.liveMax }) : null,
  );

  const load = async () => {
    await loader.load(null);
    const { status, error } = $list.get();
    if (status === 'failed') form.$form.setKey('failure', failureText(error, t));
  };

  const form: Form<TokenValues> = createForm<TokenValues>({
    initial: { name: '', scope: 'read', days: '90' },
    check: ({ name }) => ({ name: checkTokenName(name) ?? undefined }),
    send: async (values): Promise<TokenValues> => {
      const token = await api.create(newToken(values)).catch((error: unknown) => {
        if (isApiError(error) && error.code === 'TOKEN_LIMIT_REACHED') void load();
        throw error;
      });
      $created.set(token);
      loader.update(
        (before) =>
          before && { ...before, tokens: [token, ...before.tokens], live: before.live + 1 },
      );
      // The scope and lifetime stay as chosen now, for the next token.
      return { ...form.$form.get().values, name: '' };
    },
    explain: (error) => ({ problems: {}, failure: failureText(error, t) }),
    fixErrors: null,
  });

  /** Revokes a token: it leaves the list (and its secret, if shown), and a toast says so. */
  async function revoke(token: ApiToken) {
    try {
      await api.revoke(token.id);
      loader.update(
        (before) =>
          before && {
            ...before,
            tokens: before.tokens.filter((x) => x.id !== token.id),
            live: before.live - (inForce(token) ? 1 : 0),
          },
      );
      if ($created.get()?.id === token.id) $created.set(null);
      toast({ title: t('auth:tokens.revoked', { name: token.name }) });
    } catch (error) {
      toastFailure(t('auth:tokens.failed'), failureText(error, t));
    }
  }

  return { $list, $created, $full, form, start: load, cancel: loader.cancel, revoke };
}

export type Tokens = ReturnType<typeof createTokens>;
