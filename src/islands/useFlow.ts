import { useEffect, useState } from 'react';

/** What a page store offers its island: starting once shown, stopping once gone. */
type Flow = { start?: () => unknown; cancel?: () => void };

/**
 * An island's page store (src/stores), made once per mount: `start` runs once the island is in
 * the page, `cancel` when it leaves (aborting what the store was asking for).
 */
export function useFlow<S extends Flow>(make: () => S): S {
  const [flow] = useState(make);
  useEffect(() => {
    void flow.start?.();
    return () => flow.cancel?.();
  }, [flow]);
  return flow;
}
