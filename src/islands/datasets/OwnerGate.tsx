import { failureText } from '../../lib/error-text.ts';
import type { ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import type { T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { loginUrl } from '../../lib/redirects.ts';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';
import { idFromAddress, useOwnedDataset } from './datasetQuery.ts';
import type { Dataset } from '../../lib/api/types.ts';

type Props = {
  locale: Locale;
  t: T;
  /** What to show for the owner's dataset. */
  children: (dataset: Dataset) => ReactNode;
};

/**
 * The pages that change a dataset named by `?id=`: signed out, a sign-in link that comes back
 * here; then the dataset when the signed-in user owns it, or why not.
 */
export function OwnerGate({ locale, t, children }: Props) {
  const hydrated = useHydrated();
  const { user } = useStore($auth);
  const id = hydrated ? idFromAddress(window.location.search) : null;
  const state = useOwnedDataset(id, hydrated ? (user?.id ?? null) : null);

  if (!hydrated) {
    return (
      <p role="status" className="text-muted">
        {t('datasets:session.loading')}
      </p>
    );
  }
  if (!user) {
    const here = window.location.pathname + window.location.search;
    return (
      <p role="alert" className="card p-6">
        {t('datasets:edit.signIn')}{' '}
        <a href={loginUrl(locale, here)} className="underline">
          {t('datasets:edit.signInLink')}
        </a>
      </p>
    );
  }
  if (state.kind === 'loading') {
    return (
      <p role="status" className="text-muted">
        {t('datasets:session.loading')}
      </p>
    );
  }
  if (state.kind !== 'ready') {
    const message =
      id === null
        ? t('datasets:edit.missingId')
        : state.kind === 'missing'
          ? t('datasets:edit.notFound')
          : state.kind === 'notOwner'
            ? t('datasets:edit.notOwner')
            : `${t('datasets:edit.loadFailed')} ${failureText(state.error, t) ?? ''}`;
    return (
      <div role="alert" className="card flex flex-col gap-3 p-6">
        <p>{message}</p>
        <p>
          <a href={localizePath('/datasets/my', locale)}>{t('datasets:edit.myDatasets')}</a>
        </p>
      </div>
    );
  }
  return <>{children(state.dataset)}</>;
}
