import { useRef, useState } from 'react';

/**
 * One request at a time for a toggle: `run(task)` while a task runs does nothing, so a double
 * click sends one request; `pending` is true while it runs (the control stays focusable and says
 * aria-disabled meanwhile).
 */
export function useOneAtATime() {
  const busy = useRef(false);
  const [pending, setPending] = useState(false);
  async function run(task: () => Promise<void>): Promise<void> {
    if (busy.current) return;
    busy.current = true;
    setPending(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setPending(false);
    }
  }
  return { pending, run };
}
