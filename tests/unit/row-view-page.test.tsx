// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it } from 'vitest';
import { useRowView } from '../../src/islands/datasets/viewer/useRowView.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let state: ReturnType<typeof useRowView> | undefined;
function Probe({ page }: { page: object }) {
  state = useRowView(page);
  return null;
}

it('a page that arrives while a row is open closes the row view', async () => {
  const root = createRoot(document.createElement('div'));
  const first = { offset: 0 };
  await act(async () => root.render(<Probe page={first} />));
  await act(async () => state!.open(2, document.createElement('button')));
  expect(state!.index).toBe(2);
  // The same page again (a render for another reason) keeps it open.
  await act(async () => root.render(<Probe page={first} />));
  expect(state!.index).toBe(2);
  await act(async () => root.render(<Probe page={{ offset: 50 }} />));
  expect(state!.index).toBeNull();
  await act(async () => root.unmount());
});
