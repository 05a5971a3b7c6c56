import { useRef, useState } from 'react';

/**
 * Which row of the page the row view shows (null: closed), and where focus goes back to. The row
 * is kept with the `page` it was opened on: a new page (asked for just before a row was opened,
 * arriving while it is open) closes it, since its row at that place is another row.
 */
export function useRowView(page: unknown) {
  const [opened, setOpened] = useState<{ index: number; page: unknown } | null>(null);
  const index = opened !== null && opened.page === page ? opened.index : null;
  const body = useRef<HTMLTableSectionElement | null>(null);
  const setIndex = (r: number | null) => setOpened(r === null ? null : { index: r, page });
  return {
    index,
    setIndex,
    open: (r: number, button: HTMLButtonElement) => {
      body.current = button.closest('tbody');
      setIndex(r);
    },
    /** Closed: focus goes to the number of the row shown last (the one opened, or a later). */
    close: () => {
      if (index !== null) body.current?.rows[index]?.querySelector('button')?.focus();
      setIndex(null);
    },
  };
}
