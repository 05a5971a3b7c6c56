// @vitest-environment happy-dom
/**
 * The Toaster island: a toast is announced in a live region without taking focus, and Escape
 * closes it unless the Escape closed something else first (a menu) or a modal dialog is open.
 */
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '<input id="typing" /><div id="root"></div>';
  vi.resetModules();
});

async function showToaster() {
  const { default: Toaster } = await import('../../src/islands/Toaster.tsx');
  const toasts = await import('../../src/stores/toasts.ts');
  await act(async () => {
    createRoot(document.getElementById('root')!).render(<Toaster locale="en-US" />);
  });
  return toasts;
}

const press = (target: EventTarget, key: string) =>
  act(() => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });

const shown = () => document.querySelector('[role="status"]')?.textContent ?? '';

describe('the Toaster', () => {
  it('announces a toast without taking focus, and Escape closes it', async () => {
    const { toast } = await showToaster();
    const input = document.getElementById('typing') as HTMLInputElement;
    input.focus();
    act(() => {
      toast({ title: 'Saved', description: 'Your changes are kept' });
    });
    expect(shown()).toContain('Saved');
    expect(document.activeElement).toBe(input);

    press(input, 'a');
    expect(shown()).toContain('Saved');
    press(input, 'Escape');
    expect(shown()).toBe('');
    expect(document.activeElement).toBe(input);
  });

  it('keeps the toast when the Escape was spent on something else or a dialog is open', async () => {
    const { toast } = await showToaster();
    act(() => {
      toast({ title: 'Failed', variant: 'destructive' });
    });
    const alert = () => document.querySelector('[role="alert"]')?.textContent ?? '';
    expect(alert()).toContain('Failed');

    const spend = (event: Event) => event.preventDefault();
    document.addEventListener('keydown', spend);
    press(document.body, 'Escape');
    document.removeEventListener('keydown', spend);
    expect(alert()).toContain('Failed');

    const dialog = document.createElement('dialog');
    dialog.setAttribute('open', '');
    document.body.append(dialog);
    press(document.body, 'Escape');
    expect(alert()).toContain('Failed');
    dialog.remove();

    press(document.body, 'Escape');
    expect(alert()).toBe('');
  });
});
