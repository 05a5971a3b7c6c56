import { atom } from 'nanostores';
import type { Locale } from '../i18n/locales.ts';
import { currentSession } from '../lib/api/session.ts';
import { afterSignIn, loginUrl } from '../lib/redirects.ts';
import { pageAddress } from '../lib/site-origin.ts';

/**
 * Page-to-page navigation of the account islands. Once the page is leaving on purpose (sign-out,
 * deleted account, signed in), guards stop reacting to the auth change that caused it.
 */
export const $leaving = atom(false);

/** Marks the page as leaving before an action that clears auth (sign-out, account deletion). */
export function startLeaving(): void {
  $leaving.set(true);
}

/** The address of a path of this site (on the Node origin when this page is a static host's). */
const addressOf = (url: string) => pageAddress(url, currentSession().token() !== null);

/** Goes to `url`, a path of this site (or another site's address). */
export function leaveTo(url: string): void {
  $leaving.set(true);
  window.location.assign(addressOf(url));
}

/** Undo `startLeaving` when the action failed and the page stays. */
export function stayHere(): void {
  $leaving.set(false);
}

export type GuardMode = 'guest' | 'auth';

/**
 * Where a guard sends the visitor, or null to stay: a guest on a signed-in page goes to the
 * sign-in page (remembering this page); a signed-in visitor on a guest page goes to the page
 * named by `?redirect=` or to the home page of the locale.
 */
function guardTarget(
  mode: GuardMode,
  signedIn: boolean,
  here: { pathname: string; search: string; hash: string },
  locale: Locale,
): string | null {
  if (mode === 'auth' && !signedIn)
    return loginUrl(locale, here.pathname + here.search + here.hash);
  if (mode === 'guest' && signedIn) return addressOf(afterSignIn(here.search, locale));
  return null;
}

/** Applies a guard once (replacing the history entry, so Back does not bounce). */
export function enforceGuard(mode: GuardMode, signedIn: boolean, locale: Locale): boolean {
  if ($leaving.get()) return false;
  const target = guardTarget(mode, signedIn, window.location, locale);
  if (!target) return false;
  $leaving.set(true);
  window.location.replace(target);
  return true;
}
