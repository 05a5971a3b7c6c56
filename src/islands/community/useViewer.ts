import { useStore } from '@nanostores/react';
import { $auth } from '../../stores/auth.ts';
import { useHydrated } from '../useHydrated.ts';

/** Who is looking: a guest, or someone signed in (their id once the user is known). */
export type Viewer = { signedIn: false } | { signedIn: true; id: number | null };

const GUEST: Viewer = { signedIn: false };

/**
 * The signed-in viewer, or a guest on the server and during hydration (so server and first
 * client render match), then the stored session.
 */
export function useViewer(): Viewer {
  const hydrated = useHydrated();
  const { user, isAuthenticated } = useStore($auth);
  if (!hydrated || !isAuthenticated) return GUEST;
  return { signedIn: true, id: user?.id ?? null };
}
