/**
 * Telling people that their session ended without their asking: a refused refresh, a 401 from
 * the API (password changed or signed out elsewhere), three failed refreshes, or a sign-out in
 * another tab. Their own sign-out (the page is leaving) says nothing. When a signed-in page's
 * guard then sends them to sign in, the notice goes along to that page (session storage).
 */
import { getT } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { $auth } from './auth.ts';
import { $leaving } from './navigation.ts';
import { toast } from './toasts.ts';

const CARRIED_KEY = 'sheaf:session-ended';

function tellSessionEnded(locale: Locale): void {
  const t = getT(locale);
  toast({ title: t('auth:session.ended'), description: t('auth:session.endedHint') });
}

/** The guard is leaving for the sign-in page because the session ended: say why there. */
export function carrySessionEnded(): void {
  try {
    sessionStorage.setItem(CARRIED_KEY, '1');
  } catch {
    // Without session storage the sign-in page simply says nothing.
  }
}

function takeCarried(): boolean {
  try {
    const carried = sessionStorage.getItem(CARRIED_KEY) !== null;
    sessionStorage.removeItem(CARRIED_KEY);
    return carried;
  } catch {
    return false;
  }
}

/**
 * Shows a notice carried from the previous page, then one whenever the session of this page
 * ends without the page leaving. Returns a function that stops watching.
 */
export function watchSessionEnd(locale: Locale): () => void {
  if (takeCarried()) tellSessionEnded(locale);
  let signedIn = $auth.get().token !== null;
  return $auth.listen(({ token }) => {
    const ended = signedIn && token === null;
    signedIn = token !== null;
    if (ended && !$leaving.get()) tellSessionEnded(locale);
  });
}
