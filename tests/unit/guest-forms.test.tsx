// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  vi.resetModules();
});

/**
 * A signed-in visitor who opens the sign-up or sign-in page is sent on by the page's guard, which
 * marks the page as leaving; when the guard hydrates before the form, the form must still hydrate
 * to the server's markup (React error #418 otherwise) and only then show itself busy.
 */
describe.each([
  ['RegisterForm', 'Sign up', 'Signing up…'],
  ['LoginForm', 'Sign in', 'Signing in…'],
])('%s on a page that is already leaving', (island, idle, busy) => {
  it('hydrates without a mismatch, then shows the busy button', async () => {
    const { default: Form } = (await import(`../../src/islands/${island}.tsx`)) as {
      default: (props: { locale: 'en-US' }) => React.JSX.Element;
    };
    const { startLeaving } = await import('../../src/stores/navigation.ts');
    const html = renderToString(<Form locale="en-US" />);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    expect(container.querySelector('button[type="submit"]')?.textContent).toBe(idle);

    startLeaving();
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <Form locale="en-US" />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });

    expect(recoverable).toEqual([]);
    const button = container.querySelector('button[type="submit"]');
    expect(button?.textContent).toBe(busy);
  });
});
