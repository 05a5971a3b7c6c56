import type { DiscussionList } from '../../contracts/discussions.ts';
import type { T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { dateTimeFormat, numberFormat } from '../../lib/intl.ts';

type Props = {
  t: T;
  locale: Locale;
  /** A path in the page's language (`Astro.locals.href`). */
  href: (path: string) => string;
  list: DiscussionList | null;
  /** Where a thread's page is (`…/discussions/`, its id after it); null: threads are not linked. */
  threadPath: string | null;
};

type Author = DiscussionList['discussions'][number]['author'];

/** Who wrote a thread or reply (a link to their profile; a deleted account's placeholder), and when. */
export function Byline({
  t,
  locale,
  href,
  author,
  at,
}: Pick<Props, 't' | 'locale' | 'href'> & { author: Author; at: string }) {
  const when = dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(at),
  );
  return (
    <p className="text-sm text-muted">
      {author ? (
        <a href={href(`/users/${author.id}`)} className="font-medium">
          {author.nickname || author.username}
        </a>
      ) : (
        <span>{t('discussions:unknownAuthor')}</span>
      )}{' '}
      · <time dateTime={at}>{when}</time>
    </p>
  );
}

/**
 * A dataset's discussion threads (newest first, with their state and replies), or that there are
 * none: the discussions tab's list, on the public page (components/discussions/DiscussionList.astro,
 * rendered on the server) and the owner's page of a private dataset (in its island).
 */
export function DiscussionThreads({ t, locale, href, list, threadPath }: Props) {
  const number = numberFormat(locale);
  if (!list || list.discussions.length === 0) {
    return <p className="text-muted">{t('discussions:empty')}</p>;
  }
  return (
    <ul className="flex flex-col gap-2" data-testid="discussion-list">
      {list.discussions.map((d) => (
        <li key={d.id} className="card flex flex-col gap-1 p-4">
          {threadPath === null ? (
            <span className="break-words font-semibold">{d.title}</span>
          ) : (
            <a href={`${threadPath}${d.id}`} className="break-words font-semibold">
              {d.title}
            </a>
          )}
          <p className="flex flex-wrap gap-2 text-sm">
            <span className="rounded-full border border-line px-2 text-xs">
              {t(`discussions:state.${d.state}`)}
            </span>
            {d.locked && (
              <span className="rounded-full border border-line px-2 text-xs">
                {t('discussions:locked')}
              </span>
            )}
            <span>{t('discussions:replies', { count: number.format(d.comment_count) })}</span>
          </p>
          <Byline t={t} locale={locale} href={href} author={d.author} at={d.created_at} />
        </li>
      ))}
    </ul>
  );
}
