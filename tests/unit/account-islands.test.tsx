// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { wireUser as wireFullUser } from '../support/wire.ts';
import { installFakeFetch, json } from '../support/fake-fetch.ts';

const wireUser = { ...wireFullUser, nickname: 'Ada Lovelace' };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
  vi.resetModules();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AccountMenu', () => {
  it('renders signed out on the server and while hydrating, then shows the session', async () => {
    localStorage.setItem(
      'auth-store',
      JSON.stringify({
        user: { ...wireUser, nickname: 'Stored name' },
        token: 'stored-token',
        tokenExpiresAt: Date.now() + 15 * 60_000,
        isAuthenticated: true,
      }),
    );
    const { requests } = installFakeFetch((r) =>
      r.url.pathname === '/api/v1/users/me' ? json(200, { user: wireUser }) : json(404, {}),
    );
    const { default: AccountMenu } = await import('../../src/islands/AccountMenu.tsx');

    const html = renderToString(<AccountMenu locale="zh-CN" />);
    expect(html).toContain('href="/auth/login"');
    expect(html).not.toContain('Stored name');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable: unknown[] = [];
    await act(async () => {
      hydrateRoot(container, <AccountMenu locale="zh-CN" />, {
        onRecoverableError: (error) => recoverable.push(error),
      });
    });
    // initAuth() answers the same promise on every call: wait for the one the menu started.
    const { initAuth } = await import('../../src/stores/auth.ts');
    await act(() => initAuth());
    expect(container.textContent).toContain('Ada Lovelace');
    expect(recoverable).toEqual([]);
    expect(container.querySelector('a[href="/auth/login"]')).toBeNull();
    // The current user was fetched once (initAuth), with the stored token.
    const me = requests.filter((r) => r.url.pathname === '/api/v1/users/me');
    expect(me).toHaveLength(1);
    expect(me[0]?.headers.get('authorization')).toBe('Bearer stored-token');
  });

  it('opens the account pages and signs out to the home page of the locale', async () => {
    localStorage.setItem(
      'auth-store',
      JSON.stringify({ user: wireUser, token: 't', tokenExpiresAt: null, isAuthenticated: true }),
    );
    installFakeFetch((r) =>
      r.url.pathname === '/api/v1/users/me'
        ? json(200, { user: wireUser })
        : json(200, { message: 'ok' }),
    );
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    const { default: AccountMenu } = await import('../../src/islands/AccountMenu.tsx');
    const { $auth } = await import('../../src/stores/auth.ts');
    const { initAuth } = await import('../../src/stores/auth.ts');
    render(<AccountMenu locale="en-US" />);
    await act(() => initAuth());

    const toggle = await screen.findByRole('button', { name: /Ada Lovelace/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const hrefs = screen.getAllByRole('link').map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/en-US/notifications', // the inbox link, beside the menu
      '/en-US/datasets/my',
      '/en-US/collections',
      '/en-US/following',
      '/en-US/profile',
    ]);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await act(() => vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/en-US')));
    expect($auth.get().isAuthenticated).toBe(false);
  });
});

describe('Toaster', () => {
  it('shows one toast at a time, in the region that fits its variant, and closes it', async () => {
    const { default: Toaster } = await import('../../src/islands/Toaster.tsx');
    const { toast } = await import('../../src/stores/toasts.ts');
    render(<Toaster locale="en-US" />);

    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Saved', description: 'Your profile is up to date' });
    });
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('Saved');
    expect(status.textContent).toContain('Your profile is up to date');
    expect(document.body.textContent).not.toContain('First');

    act(() => {
      toast({ title: 'Could not save', variant: 'destructive' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Could not save');
    expect(screen.getByRole('status').textContent).toBe('');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('closes a toast by itself after a while', async () => {
    vi.useFakeTimers();
    try {
      const { default: Toaster } = await import('../../src/islands/Toaster.tsx');
      const { toast } = await import('../../src/stores/toasts.ts');
      render(<Toaster locale="zh-CN" />);
      act(() => {
        toast({ title: '资料已更新' });
      });
      expect(screen.getByRole('status').textContent).toContain('资料已更新');
      act(() => {
        vi.advanceTimersByTime(6000);
      });
      expect(screen.getByRole('status').textContent).toBe('');
    } finally {
      vi.useRealTimers();
    }
  });
});
