// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import DataViewer from '../../src/islands/datasets/viewer/DataViewer.tsx';
import { DEFAULT_VIEW } from '../../src/lib/tables/view-address.ts';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const columns = [
  { name: 'city', type: 'string' },
  { name: 'people', type: 'integer' },
];
const viewer = (
  <DataViewer
    datasetId={7}
    locale="en-US"
    versions={[
      { version: 2, rows: 120 },
      { version: 1, rows: 100 },
    ]}
    latest={2}
    view={DEFAULT_VIEW}
    initial={{
      columns,
      rows: Array.from({ length: 50 }, (_, i) => [`city ${i + 1}`, i * 1000]),
      total: 120,
      offset: 0,
      limit: 50,
    }}
    stats={{ version: 2, rows: 120, columns: [] }}
  />
);

/** Every control of the viewer a visitor can press or type in. */
const controls = (root: HTMLElement) => [
  ...root.querySelectorAll<HTMLButtonElement | HTMLInputElement | HTMLSelectElement>(
    'button, input, select',
  ),
];

it('the data viewer’s controls are disabled until it hydrates, then they work', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(viewer);
  document.body.append(container);
  // As the server sends it: version, filter, statistics, compare, two sort headers, four pager
  // buttons, the row to go to and its button, and the link to copy (the columns menu's controls
  // are made when it opens). A press before the JavaScript arrives would do nothing, so none can be pressed.
  const names = controls(container).map((c) => c.getAttribute('aria-label') ?? c.textContent);
  expect(names).toEqual(
    expect.arrayContaining(['Column statistics', 'Compare versions', 'Next page', 'Copy link']),
  );
  expect(controls(container).length).toBe(13);
  expect(container.querySelector('tbody th[scope="row"]')?.innerHTML).toBe('1');
  expect(controls(container).filter((c) => !c.disabled)).toEqual([]);

  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, viewer, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  const enabled = controls(container).filter((c) => !c.disabled);
  // On the first page, "first" and "previous" stay disabled.
  expect(enabled.map((c) => c.getAttribute('aria-label') ?? c.textContent)).not.toContain(
    'First page',
  );
  // Each row's number is now a button opening its row view: the server sent them as text.
  const rowButtons = container.querySelectorAll('tbody th[scope="row"] button');
  expect([...rowButtons].map((b) => b.textContent).slice(0, 3)).toEqual(['1', '2', '3']);
  expect(enabled.length).toBe(8 + 2 + 1 + 50);
  const stats = enabled.find((c) => c.textContent === 'Column statistics')!;
  await act(async () => stats.click());
  expect(stats.getAttribute('aria-expanded')).toBe('true');
  expect(stats.textContent).toBe('Hide statistics');
});
