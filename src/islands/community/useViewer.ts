import { useStore } from '@nanostores/react';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';

/**
 * Who is looking: a guest, or someone signed in (their id once the user is known). `early`: the
 * island has not hydrated yet, so a stored session is not known (server and first render).
 */
export type Viewer = { signedIn: false; early: boolean } | { signedIn: true; id: number | null };

const EARLY: Viewer = { signedIn: false, early: true };
const GUEST: Viewer = { signedIn: false, early: false };

/**
 * The signed-in viewer, or a guest on the server and during hydration (so server and first
 * client render match), then the stored session.
 */
export function useViewer(): Viewer {
  const hydrated = useHydrated();
  const { user, isAuthenticated } = useStore($auth);
  if (!hydrated) return EARLY;
  if (!isAuthenticated) return GUEST;
  return { signedIn: true, id: user?.id ?? null };
}

/**
 * The attribute of a guest's "sign in to …" control before hydration: when local storage holds
 * a session, the first-paint hint (lib/session-hint.ts) keeps it out of sight, so a signed-in
 * visitor does not see it flash by before the island shows the real control.
 */
export const guestPlaceholder = (viewer: Viewer): { 'data-guest-placeholder'?: '' } =>
  !viewer.signedIn && viewer.early ? { 'data-guest-placeholder': '' } : {};
