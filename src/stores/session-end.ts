/**
 * A session that ends without the visitor signing out on this page: a refused refresh, a 401
 * from the API (password changed or signed out elsewhere), three failed refreshes, or a sign-out
 * in another tab. The auth store starts watching when it loads, before any island can clear the
 * session, so no end goes unnoticed whatever order the islands load in. The visitor's own
 * sign-out and account deletion mark the page as leaving first and say nothing.
 */
import { atom, type ReadableAtom } from 'nanostores';
import { $leaving } from './navigation.ts';

/** True once this page's session ended by itself; false again when a session starts. */
export const $sessionEnded = atom(false);

const CARRIED_KEY = 'sheaf:session-ended';

/** Watches `$auth` (passed in, so that the two stores do not import each other). */
export function watchSessionEnd($auth: ReadableAtom<{ token: string | null }>): () => void {
  let signedIn = $auth.get().token !== null;
  return $auth.listen(({ token }) => {
    if (token !== null) $sessionEnded.set(false);
    else if (signedIn && !$leaving.get()) $sessionEnded.set(true);
    signedIn = token !== null;
  });
}

/** A signed-in page is sending the visitor to sign in because the session ended: say so there. */
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

let carriedHere: boolean | undefined;

/** Whether the previous page carried the notice to this one (taken once: a reload says nothing). */
export function arrivedAfterSessionEnd(): boolean {
  carriedHere ??= takeCarried();
  return carriedHere;
}
