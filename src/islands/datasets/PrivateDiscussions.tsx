import { getT, loadAreas } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { DiscussionThreads } from '../../components/discussions/DiscussionThreads.tsx';
import type { DiscussionList } from '../../contracts/discussions.ts';

// Its texts are not in every page's dictionary chunk (src/i18n/areas.ts).
await loadAreas(['discussions']);

/**
 * The discussions tab of a private dataset's page: its threads as the public page lists them.
 * A thread of a private dataset has no page of its own (docs/discussions.md), so they are not
 * linked, and no new one is started here.
 */
export default function PrivateDiscussions({
  locale,
  href,
  list,
}: {
  locale: Locale;
  href: (path: string) => string;
  list: DiscussionList | null;
}) {
  const t = getT(locale);
  return (
    <section className="flex flex-col gap-4" aria-labelledby="dataset-discussions">
      <h2 id="dataset-discussions" className="text-xl font-bold">
        {t('discussions:heading')}
      </h2>
      <p className="text-muted">{t('discussions:intro')}</p>
      <DiscussionThreads t={t} locale={locale} href={href} list={list} threadPath={null} />
    </section>
  );
}
