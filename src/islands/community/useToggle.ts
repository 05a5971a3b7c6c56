import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Toggle } from '../../stores/toggle.ts';

/**
 * An island's side of a toggle store (stores/toggle.ts), made once per mount: its state, read
 * once `active` (the viewer is known to be signed in), and the action.
 */
export function useToggle<S>(make: () => Toggle<S>, active: boolean) {
  const [store] = useState(make);
  const state = useStore(store.$toggle);
  useEffect(() => {
    if (!active) return;
    void store.start();
    return store.cancel;
  }, [store, active]);
  return { ...state, toggle: () => void store.toggle() };
}
