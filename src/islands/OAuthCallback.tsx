import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { getT, loadAreas } from '../i18n/index.ts';
import { localizePath, type Locale } from '../i18n/locales.ts';
import { $oauthCallback, completeOAuthSignIn } from '../stores/oauth.ts';
import { oauthFailureText } from './oauth-messages.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['oauth']);

/**
 * The OAuth2 return page's work: reads code, state and error from the URL (the provider from
 * ?provider=), checks them against the saved attempt, exchanges the code, signs in and goes on.
 * Shows what went wrong in the page's language otherwise.
 */
export default function OAuthCallback({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const state = useStore($oauthCallback);

  useEffect(() => {
    void completeOAuthSignIn(new URL(window.location.href), locale);
  }, [locale]);

  if (state.status === 'failed') {
    return (
      <div>
        <div role="alert" className="rounded-lg bg-danger-50 p-4 text-danger">
          <p className="font-semibold">{t('oauth:callback.failed')}</p>
          <p className="mt-1">{oauthFailureText(t, state.failure)}</p>
        </div>
        <p className="mt-6 flex flex-wrap gap-3">
          <a className="btn btn-primary no-underline" href={localizePath('/auth/login', locale)}>
            {t('oauth:callback.backToLogin')}
          </a>
          <a className="btn btn-secondary no-underline" href={localizePath('/', locale)}>
            {t('oauth:callback.home')}
          </a>
        </p>
      </div>
    );
  }
  return (
    <p role="status" className="text-muted">
      {state.status === 'done' ? t('oauth:callback.done') : t('oauth:callback.working')}
    </p>
  );
}
