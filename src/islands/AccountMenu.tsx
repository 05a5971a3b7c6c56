import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import type { Locale } from '../i18n/locales.ts';
import { getT, type T } from '../i18n/index.ts';
import { localizePath } from '../i18n/locales.ts';
import { $auth, initAuth, logout } from '../stores/auth.ts';
import { leaveTo, startLeaving } from '../stores/navigation.ts';
import { useHydrated } from './useHydrated.ts';

/** The account pages the menu lists, before sign-out. */
const accountLinks = (t: T) => [
  { path: '/datasets/my', label: t('common:nav.myDatasets') },
  { path: '/collections', label: t('common:nav.collections') },
  { path: '/following', label: t('common:nav.following') },
  { path: '/profile', label: t('common:nav.profile') },
];

/** Signed out: sign-in and sign-up links. */
function SignedOutLinks({
  href,
  t,
  placeholder,
}: {
  href: (path: string) => string;
  t: T;
  /** Before hydration: hidden when a session is stored (lib/session-hint.ts). */
  placeholder: boolean;
}) {
  return (
    <div className="flex items-center gap-3" data-guest-placeholder={placeholder ? '' : undefined}>
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

/** The open menu: the account pages, then sign-out. */
function AccountPages({
  id,
  open,
  href,
  signOut,
  t,
}: {
  id: string;
  open: boolean;
  href: (path: string) => string;
  signOut: () => Promise<void>;
  t: T;
}) {
  return (
    <ul
      id={id}
      hidden={!open}
      className="card absolute right-0 z-40 mt-2 flex min-w-48 flex-col py-1 shadow-lg"
    >
      {accountLinks(t).map((link) => (
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
  );
}

/**
 * While the menu is open, a press outside it closes it, and Escape closes it and gives focus
 * back to its button.
 */
function useClosing(
  open: boolean,
  setOpen: (open: boolean) => void,
  root: RefObject<HTMLDivElement | null>,
  button: RefObject<HTMLButtonElement | null>,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault(); // this Escape is spent: an open toast stays (Toaster)
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, setOpen, root, button]);
}

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

  useClosing(open, setOpen, root, button);

  if (!hydrated || !isAuthenticated) {
    return <SignedOutLinks href={href} t={t} placeholder={!hydrated} />;
  }

  async function signOut() {
    startLeaving();
    setOpen(false);
    await logout();
    leaveTo(href('/'));
  }

  const name = user?.nickname || user?.username || t('auth:menu.account');

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
      <AccountPages id={listId} open={open} href={href} signOut={signOut} t={t} />
    </div>
  );
}
