import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False on the server and during hydration, true after: islands that depend on the browser-only
 * auth state render the signed-out state until then, so server and first client render match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
