import type { Ref } from 'react';
import type { T } from '../i18n/index.ts';

/**
 * The header's account control, as markup shared by the island of pages with islands
 * (islands/AccountMenu.tsx) and the static header of pages without (HeaderAccount.astro, whose
 * few inline lines fill in the name and open the list: lib/header-account.ts,
 * lib/header-menu.ts). Both draw the same control: sign-in and sign-up links for a guest; for a
 * signed-in person their name, opening the account pages and sign-out.
 */

type Href = (path: string) => string;

/** The account pages the menu lists, before sign-out. */
const accountLinks = (t: T) => [
  { path: '/datasets/my', label: t('common:nav.myDatasets') },
  { path: '/collections', label: t('common:nav.collections') },
  { path: '/following', label: t('common:nav.following') },
  { path: '/profile', label: t('common:nav.profile') },
];

/** Signed out: sign-in and sign-up links. */
export function SignedOutLinks({
  href,
  t,
  placeholder,
}: {
  href: Href;
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

/** Signed in: the person's name, the button that opens the menu. */
export function AccountButton({
  name,
  open,
  listId,
  onClick,
  ref,
}: {
  name: string;
  open: boolean;
  listId: string;
  onClick?: () => void;
  ref?: Ref<HTMLButtonElement>;
}) {
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn-secondary max-w-40 sm:max-w-56"
      aria-expanded={open}
      aria-controls={listId}
      onClick={onClick}
    >
      <span className="truncate" data-testid="account-name" data-member-name="">
        {name}
      </span>
      <span aria-hidden="true">▾</span>
    </button>
  );
}

/** The open menu: the account pages, then sign-out. */
export function AccountPages({
  id,
  open,
  href,
  onSignOut,
  t,
}: {
  id: string;
  open: boolean;
  href: Href;
  onSignOut?: () => void;
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
          onClick={onSignOut}
          data-sign-out=""
        >
          {t('common:nav.logout')}
        </button>
      </li>
    </ul>
  );
}
