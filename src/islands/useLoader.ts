import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Loader } from '../stores/loader.ts';

/**
 * An island's side of a loader store (stores/loader.ts): its state and the loader, made once
 * per mount; unmounting aborts the request under way.
 */
export function useLoader<P, D>(make: () => Loader<P, D>) {
  const [loader] = useState(make);
  const state = useStore(loader.$loader);
  useEffect(() => () => loader.cancel(), [loader]);
  return { ...state, loader };
}
