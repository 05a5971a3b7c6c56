import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { getT, loadAreas } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { toApiError } from '../lib/api/errors.ts';
import { $oauthProviders, loadOAuthProviders, startOAuthSignIn } from '../stores/oauth.ts';
import { oauthFailureText } from './oauth-messages.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['oauth']);

/**
 * One sign-in button per configured OAuth2 provider; renders nothing while loading and when
 * none is configured. A click saves state and PKCE verifier and leaves for the provider.
 */
export default function OAuthButtons({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const { providers } = useStore($oauthProviders);
  const [going, setGoing] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    void loadOAuthProviders();
  }, []);

  if (providers.length === 0) return null;

  async function start(id: string) {
    setGoing(id);
    setFailure(null);
    try {
      await startOAuthSignIn(id, locale);
    } catch (error) {
      const apiError = toApiError(error);
      setFailure(oauthFailureText(t, { code: apiError.code, message: apiError.message }));
      setGoing(null);
    }
  }

  return (
    <div className="mt-6">
      <p className="mb-4 flex items-center gap-3 text-sm text-muted" aria-hidden="true">
        <span className="h-px flex-1 bg-line" />
        {t('oauth:buttons.or')}
        <span className="h-px flex-1 bg-line" />
      </p>
      <div role="group" aria-label={t('oauth:buttons.label')} className="flex flex-col gap-2">
        {providers.map((p) => (
          <button
            key={p.id}
            type="button"
            className="btn btn-secondary"
            disabled={going !== null}
            onClick={() => void start(p.id)}
          >
            {going === p.id
              ? t('oauth:buttons.redirecting', { name: p.name })
              : t('oauth:buttons.signInWith', { name: p.name })}
          </button>
        ))}
      </div>
      <div role="alert" className={failure ? 'mt-3 rounded-lg bg-danger-50 p-3 text-danger' : ''}>
        {failure}
      </div>
    </div>
  );
}
