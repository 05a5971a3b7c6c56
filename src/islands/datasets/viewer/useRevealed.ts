import { useEffect, useRef } from 'react';

/**
 * A panel that opens under the table (statistics, compare): scrolled into view when it appears,
 * so the press that opened it shows something even when the table fills the screen, as it does
 * on a phone. Focus stays on the button, which says the panel is open (`aria-expanded`).
 */
export function useRevealed<E extends HTMLElement>() {
  const ref = useRef<E>(null);
  useEffect(() => {
    ref.current?.scrollIntoView({ block: 'nearest' });
  }, []);
  return ref;
}
