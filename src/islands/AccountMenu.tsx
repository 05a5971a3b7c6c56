import { useEffect, useId, useRef, useState } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { getT } from '../i18n/index.ts';
import { localizePath } from '../i18n/locales.ts';
import { $auth, initAuth, logout } from '../stores/auth.ts';
import { leaveTo, startLeaving } from '../stores/navigation.ts';
import { useHydrated } from './useHydrated.ts';

/**
 * The header's account control. Signed out: sign-in and sign-up links. Signed in: the nickname,
 * opening a list of the account pages and sign-out. Renders signed out on the server and on the
 * first client render, then shows the stored session. Starts the session (initAuth: fetch the
 * current user, run the token refresh) once per page.
 */
export default function AccountMenu({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user, isAuthenticated } = useStore($auth);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const href = (path: string) => localizePath(path, locale);

  useEffect(() => {
    void initAuth();
  }, []);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!hydrated || !isAuthenticated) {
    return (
      <div className="flex items-center gap-3">
        <a
          href={href('/auth/login')}
          className="inline-flex min-h-11 items-center font-medium whitespace-nowrap no-underline"
        >
          {t('common:nav.login')}
        </a>
        <a href={href('/auth/register')} className="btn btn-primary whitespace-nowrap">
          {t('common:nav.register')}
        </a>
      </div>
    );
  }

  async function signOut() {
    startLeaving();
    setOpen(false);
    await logout();
    leaveTo(href('/'));
  }

  const name = user?.nickname || user?.username || t('auth:menu.account');
  const links = [
    { path: '/datasets/my', label: t('common:nav.myDatasets') },
    { path: '/collections', label: t('common:nav.collections') },
    { path: '/following', label: t('common:nav.following') },
    { path: '/profile', label: t('common:nav.profile') },
  ];

  return (
    <div
      ref={root}
      className="relative"
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-secondary max-w-40 sm:max-w-56"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="truncate" data-testid="account-name">
          {name}
        </span>
        <span aria-hidden="true">▾</span>
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="card absolute right-0 z-40 mt-2 flex min-w-48 flex-col py-1 shadow-lg"
      >
        {links.map((link) => (
          <li key={link.path}>
            <a
              href={href(link.path)}
              className="block px-4 py-2 text-ink no-underline hover:bg-canvas"
            >
              {link.label}
            </a>
          </li>
        ))}
        <li className="border-t border-line">
          <button
            type="button"
            className="block w-full px-4 py-2 text-left hover:bg-canvas"
            onClick={() => void signOut()}
          >
            {t('common:nav.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
