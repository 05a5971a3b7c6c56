import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from '@nanostores/react';
import { getT, type T, loadAreas } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { toApiError } from '../lib/api/errors.ts';
import { $auth, clearAuth, refreshAccessToken, type AuthState } from '../stores/auth.ts';
import { $refreshState, NO_REFRESH_YET, type RefreshState } from '../stores/refresh.ts';
import { startLeaving, stayHere } from '../stores/navigation.ts';
import { useHydrated } from './useHydrated.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['debug']);

/** The first and last characters of a token: enough to tell two apart, not enough to use one. */
function truncateToken(token: string): string {
  return token.length <= 20 ? `${token.slice(0, 4)}…` : `${token.slice(0, 12)}…${token.slice(-6)}`;
}

/** Ticks every second so countdowns stay live. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-1 border-b border-line py-2 sm:grid-cols-3">
      <dt className="font-medium">{label}</dt>
      <dd className="break-all sm:col-span-2">{children}</dd>
    </div>
  );
}

/** A titled list of rows. */
function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-xl font-semibold">
        {title}
      </h2>
      <dl>{children}</dl>
    </section>
  );
}

/** How the sections say a missing value and a time. */
type Say = { t: T; none: string; time: (ms: number | null) => string };

/** Seconds until the token expires (0 or less: expired), or null without an expiry. */
const secondsLeft = (expiresAt: number | null, now: number): number | null =>
  expiresAt === null ? null : Math.floor((expiresAt - now) / 1000);

function AuthStateSection({
  state,
  left,
  say,
}: {
  state: AuthState;
  left: number | null;
  say: Say;
}) {
  const { t, none, time } = say;
  return (
    <Section id="debug-state" title={t('debug:section.state')}>
      <Row label={t('debug:field.isAuthenticated')}>
        {state.isAuthenticated ? t('debug:value.yes') : t('debug:value.no')}
      </Row>
      <Row label={t('debug:field.user')}>
        {state.user
          ? `${state.user.nickname} (@${state.user.username}, id ${state.user.id})`
          : none}
      </Row>
      <Row label={t('debug:field.token')}>
        {state.token ? <code>{truncateToken(state.token)}</code> : none}
      </Row>
      <Row label={t('debug:field.expiresAt')}>{time(state.tokenExpiresAt)}</Row>
      <Row label={t('debug:field.expiresIn')}>
        {left === null
          ? none
          : left <= 0
            ? t('debug:value.expired')
            : t('debug:value.seconds', { seconds: left })}
      </Row>
    </Section>
  );
}

function RefreshSection({ refresh, say }: { refresh: RefreshState; say: Say }) {
  const { t, none, time } = say;
  return (
    <Section id="debug-refresh" title={t('debug:section.refresh')}>
      <Row label={t('debug:field.lastRefreshAt')}>{time(refresh.lastRefreshAt)}</Row>
      <Row label={t('debug:field.lastResult')}>
        {refresh.lastResult === null
          ? none
          : refresh.lastResult === 'ok'
            ? t('debug:value.ok')
            : t('debug:value.failed')}
      </Row>
      <Row label={t('debug:field.lastError')}>{refresh.lastError ?? none}</Row>
      <Row label={t('debug:field.failures')}>{refresh.consecutiveFailures}</Row>
      <Row label={t('debug:field.nextRunAt')}>{time(refresh.nextRunAt)}</Row>
    </Section>
  );
}

/**
 * The auth store and refresh scheduler as this browser sees them, with a live countdown to
 * the token's expiry, and buttons to refresh now or clear the state. Not linked from anywhere.
 */
export default function DebugAuth({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const auth = useStore($auth);
  // The first render matches the server's HTML (React error #418 otherwise): this browser's
  // session and scheduler state only after hydration.
  const scheduler = useStore($refreshState);
  const refresh = hydrated ? scheduler : NO_REFRESH_YET;
  const now = useNow();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const none = t('debug:value.none');
  const time = (ms: number | null) => (ms === null ? none : new Date(ms).toLocaleString(locale));
  const say: Say = { t, none, time };
  const state = hydrated
    ? auth
    : { user: null, token: null, tokenExpiresAt: null, isAuthenticated: false };

  async function refreshNow() {
    setBusy(true);
    setResult(null);
    try {
      await refreshAccessToken();
      setResult(t('debug:result.refreshed'));
    } catch (error) {
      setResult(t('debug:result.refreshFailed', { message: toApiError(error).message }));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <AuthStateSection state={state} left={secondsLeft(state.tokenExpiresAt, now)} say={say} />
      <RefreshSection refresh={refresh} say={say} />
      <div className="flex flex-wrap gap-3">
        <button
          type="button"
          className="btn btn-primary"
          disabled={!hydrated || busy || !state.token}
          onClick={() => void refreshNow()}
        >
          {busy ? t('debug:action.refreshing') : t('debug:action.refresh')}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={!hydrated}
          onClick={() => {
            // The visitor's own act, like a sign-out: no "you were signed out" notice.
            startLeaving();
            clearAuth();
            stayHere();
            setResult(t('debug:result.cleared'));
          }}
        >
          {t('debug:action.clear')}
        </button>
      </div>
      <p role="status">{result}</p>
    </div>
  );
}
