import { useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { $auth } from '../stores/auth.ts';
import { enforceGuard, type GuardMode } from '../stores/navigation.ts';
import { $sessionEnded, carrySessionEnded } from '../stores/session-end.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * Keeps a page to its access class (docs/pages.md, Guards). 'auth' pages send guests to the sign-in page,
 * also later when the session ends (expired refresh, sign-out in another tab); 'guest' pages
 * send a visitor who arrives signed in onward once, on arrival. Renders nothing.
 */
export default function Guard({ mode, locale }: { mode: GuardMode; locale: Locale }) {
  const hydrated = useHydrated();
  const { isAuthenticated } = useStore($auth);
  const checked = useRef(false);

  useEffect(() => {
    if (!hydrated) return;
    if (mode === 'guest' && checked.current) return;
    checked.current = true;
    const left = enforceGuard(mode, isAuthenticated, locale);
    // The session ended while the page was open (stores/session-end.ts): the sign-in page says so.
    if (left && mode === 'auth' && $sessionEnded.get()) carrySessionEnded();
  }, [hydrated, mode, isAuthenticated, locale]);

  return null;
}
