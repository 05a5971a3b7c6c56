import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { useStore } from '@nanostores/react';
import { AccountButton, AccountPages, SignedOutLinks } from '../components/AccountMenuParts.tsx';
import { InboxLink } from '../components/InboxLink.tsx';
import type { Locale } from '../i18n/locales.ts';
import { getT } from '../i18n/index.ts';
import { localizePath } from '../i18n/locales.ts';
import { $auth, initAuth, logout } from '../stores/auth.ts';
import { leaveTo, startLeaving } from '../stores/navigation.ts';
import { $unread, loadUnread } from '../stores/notifications.ts';
import { useHydrated } from './useHydrated.ts';

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
      const target = event.target instanceof Node ? event.target : null;
      if (!root.current?.contains(target)) setOpen(false);
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
 * The header's account control on pages with islands (the markup is components/AccountMenuParts,
 * shared with the static header of other pages). Signed out: sign-in and sign-up links. Signed in: the nickname,
 * after the inbox link with its unread count (read once per page, stores/notifications.ts),
 * opening a list of the account pages and sign-out. Renders signed out on the server and on the
 * first client render, then shows the stored session. Starts the session (initAuth: fetch the
 * current user, run the token refresh) once per page.
 */
export default function AccountMenu({ locale }: { locale: Locale }) {
  const t = getT(locale);
  const hydrated = useHydrated();
  const { user, isAuthenticated } = useStore($auth);
  const unread = useStore($unread);
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const href = (path: string) => localizePath(path, locale);

  useEffect(() => {
    void initAuth();
  }, []);

  useEffect(() => {
    if (isAuthenticated) loadUnread();
  }, [isAuthenticated]);

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
    <>
      <InboxLink href={href('/notifications')} count={unread} t={t} />
      <div
        ref={root}
        className="relative"
        onBlur={(event) => {
          if (!root.current?.contains(event.relatedTarget)) setOpen(false);
        }}
      >
        <AccountButton
          ref={button}
          name={name}
          open={open}
          listId={listId}
          onClick={() => setOpen((o) => !o)}
        />
        <AccountPages id={listId} open={open} href={href} onSignOut={() => void signOut()} t={t} />
      </div>
    </>
  );
}
