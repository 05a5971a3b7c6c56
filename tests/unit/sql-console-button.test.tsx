// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { expect, it } from 'vitest';
import SqlConsole from '../../src/islands/datasets/sql/SqlConsole.tsx';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

it('the SQL console button is disabled until its island hydrates, then opens the console', async () => {
  const island = <SqlConsole datasetId={7} versions={[1]} locale="en-US" />;
  const container = document.createElement('div');
  container.innerHTML = renderToString(island);
  document.body.append(container);
  const button = () => container.querySelector('button')!;
  // As the server sends it: pressing it before the JavaScript arrives would do nothing.
  expect(button().disabled).toBe(true);
  expect(button().textContent).toBe('SQL console');

  const recoverable: unknown[] = [];
  await act(async () => {
    hydrateRoot(container, island, { onRecoverableError: (e) => recoverable.push(e) });
  });
  expect(recoverable).toEqual([]);
  expect(button().disabled).toBe(false);
  await act(async () => button().click());
  expect(button().getAttribute('aria-expanded')).toBe('true');
  expect(button().textContent).toBe('Close SQL console');
});
