import type { ReactNode } from 'react';
import { ENDED_TOKEN_KEPT_DAYS, type TokenScope } from '../contracts/limits.ts';
import { inForce } from '../stores/tokens.ts';
import type { T } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import type { ApiToken } from '../lib/api/tokens.ts';
import { dateTimeFormat } from '../lib/intl.ts';
import { RevokeToken } from './RevokeToken.tsx';

const DAY_MS = 86_400_000;

const scopeLabel = (scope: TokenScope, t: T) =>
  scope === 'write' ? t('auth:tokens.scopeWrite') : t('auth:tokens.scopeRead');

function TokenFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex gap-1">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * A listed token: its name and scope, prefix, last use and expiry (an expired one says so, and
 * when it will be removed), and its revoke button (which asks first).
 */
export function TokenRow({
  token,
  locale,
  t,
  onRevoke,
}: {
  token: ApiToken;
  locale: Locale;
  t: T;
  onRevoke: () => void;
}) {
  const date = dateTimeFormat(locale, { dateStyle: 'medium' });
  const when = (iso: string | null, none: string) => (iso ? date.format(new Date(iso)) : none);
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 border-t border-line py-3">
      <div className="min-w-0">
        <p className="break-words font-medium">
          {token.name}{' '}
          <span className="whitespace-nowrap text-sm font-normal text-muted">
            · {scopeLabel(token.scope, t)}
          </span>
        </p>
        <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted">
          <TokenFact label={t('auth:tokens.prefix')}>
            <code>{token.prefix}…</code>
          </TokenFact>
          <TokenFact label={t('auth:tokens.lastUsed')}>
            {when(token.lastUsedAt, t('auth:tokens.neverUsed'))}
          </TokenFact>
          {inForce(token) ? (
            <TokenFact label={t('auth:tokens.expires')}>
              {when(token.expiresAt, t('auth:tokens.never'))}
            </TokenFact>
          ) : (
            <TokenFact label={t('auth:tokens.expired')}>
              {t('auth:tokens.expiredOn', {
                date: when(token.expiresAt, ''),
                removal: date.format(Date.parse(token.expiresAt!) + ENDED_TOKEN_KEPT_DAYS * DAY_MS),
              })}
            </TokenFact>
          )}
        </dl>
      </div>
      <RevokeToken name={token.name} t={t} onRevoke={onRevoke} />
    </li>
  );
}
