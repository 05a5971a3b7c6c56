import type { T } from '../i18n/index.ts';

/**
 * The header's link to the notifications inbox, with the unread count as a badge: drawn by the
 * account island on pages with islands, and as HTML by Header.astro on pages without (whose
 * inline script, lib/header-inbox.ts, shows it and fills in the count). Its accessible name says
 * the count ("Notifications, 3 unread"); `data-label` keeps that text with `{{count}}` for the
 * script.
 */
export function InboxLink({
  href,
  count,
  t,
  hidden = false,
}: {
  href: string;
  count: number;
  t: T;
  hidden?: boolean;
}) {
  const unreadLabel = t('community:inbox.unread', { count: '{{count}}' });
  return (
    <a
      href={href}
      className="relative inline-flex min-h-11 min-w-11 items-center justify-center rounded-md text-ink no-underline hover:bg-gray-100"
      aria-label={count > 0 ? t('community:inbox.unread', { count }) : t('community:inbox.label')}
      data-label={unreadLabel}
      data-header-inbox
      data-testid="header-inbox"
      hidden={hidden}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22" fill="none">
        <path
          d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2Zm4 4h4"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
          strokeLinecap="round"
        />
      </svg>
      <span
        aria-hidden="true"
        className="absolute top-0.5 right-0 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        data-count
        hidden={count === 0}
      >
        {count > 99 ? '99+' : count}
      </span>
    </a>
  );
}
