// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import ConsolePanel from '../../src/islands/datasets/sql/ConsolePanel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The statements the console ran, each with the means to finish it with a result. */
const runs = vi.hoisted(
  () => [] as { sql: string; finish: (rows: string[][], total: number) => void }[],
);
vi.mock('../../src/islands/datasets/sql/duckdb.ts', () => ({
  connectTo: () => Promise.resolve({ close: () => Promise.resolve() }),
  run: (_connection: unknown, sql: string) =>
    new Promise((resolve) => {
      runs.push({
        sql,
        finish: (rows, total) =>
          resolve({ columns: ['n'], numeric: [true], rows, total, statement: sql, ms: 5 }),
      });
    }),
}));

it('runs one query at a time: Ctrl+Enter while a query runs runs nothing else', async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () => root.render(<ConsolePanel datasetId={7} versions={[1]} locale="en-US" />));
  const box = container.querySelector('textarea')!;
  const runButton = [...container.querySelectorAll('button')].find((b) => b.textContent === 'Run')!;
  const type = (sql: string) =>
    act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')!;
      setValue.set!.call(box, sql);
      box.dispatchEvent(new Event('input', { bubbles: true }));
    });
  const ctrlEnter = () =>
    act(async () => {
      box.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }),
      );
    });

  await type('SELECT n FROM range(1000000) s(n)');
  await act(async () => runButton.click());
  expect(runs.map((r) => r.sql)).toEqual(['SELECT n FROM range(1000000) s(n)']);
  expect(runButton.disabled).toBe(true);

  // While it runs, a new query and Ctrl+Enter: nothing else is run.
  await type('SELECT 1');
  await ctrlEnter();
  expect(runs).toHaveLength(1);

  await act(async () => runs[0]!.finish([['0']], 1_000_000));
  expect(runButton.disabled).toBe(false);
  expect(container.querySelector('[data-testid="sql-summary"]')!.textContent).toContain(
    '1,000,000',
  );
  // Once it is done, Ctrl+Enter runs the query in the box.
  await ctrlEnter();
  expect(runs.map((r) => r.sql)).toEqual(['SELECT n FROM range(1000000) s(n)', 'SELECT 1']);
  await act(async () => root.unmount());
});
