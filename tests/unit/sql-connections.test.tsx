// @vitest-environment happy-dom
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { expect, it, vi } from 'vitest';
import ConsolePanel from '../../src/islands/datasets/sql/ConsolePanel.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The DuckDB connections the console opened, by the Parquet address each reads. */
const opened = vi.hoisted(() => new Map<string, { close: () => Promise<void>; closed: number }>());
vi.mock('../../src/islands/datasets/sql/duckdb.ts', () => ({
  connectTo: (url: string) => {
    const connection = {
      closed: 0,
      close: () => {
        connection.closed++;
        return Promise.resolve();
      },
    };
    opened.set(url, connection);
    return Promise.resolve(connection);
  },
}));

const closedOf = (version: number) =>
  [...opened].find(([url]) => url.includes(`/versions/${version}/`))?.[1].closed;

it("closes a version's DuckDB connection when another version is chosen and when the console closes", async () => {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  await act(async () =>
    root.render(<ConsolePanel datasetId={7} versions={[2, 1]} locale="en-US" />),
  );
  expect(closedOf(2)).toBe(0);

  const select = container.querySelector('select')!;
  await act(async () => {
    select.value = '1';
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
  expect(closedOf(2)).toBe(1);
  expect(closedOf(1)).toBe(0);

  await act(async () => root.unmount());
  expect(closedOf(1)).toBe(1);
  expect(closedOf(2)).toBe(1);
});
