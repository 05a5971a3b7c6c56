import { useEffect, useState } from 'react';
import type { T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { LICENSES, licenseUrl } from '../../contracts/limits.ts';
import { previewMarkdown } from '../../lib/api/datasets.ts';
import type { Dataset } from '../../lib/api/types.ts';
import { languageName } from '../../lib/dataset-page.ts';
import { formatDate, isoDate } from '../../lib/dates.ts';

type Props = { dataset: Dataset; locale: Locale; t: T };

function When({ at, locale }: { at: string; locale: Locale }) {
  const date = new Date(at);
  return <time dateTime={isoDate(date)}>{formatDate(date, locale)}</time>;
}

/** The facts the public page lists (owner, language, dates, licence, tags), for the owner's view. */
export function PrivateFacts({ dataset, locale, t }: Props) {
  const license = dataset.license;
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <dt className="text-muted">{t('datasets:detail.owner')}</dt>
          <dd>{dataset.owner.username}</dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.language')}</dt>
          <dd>
            {languageName(dataset.language, locale)}{' '}
            <span className="text-muted">· {dataset.language}</span>
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.created')}</dt>
          <dd>
            <When at={dataset.createdAt} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.updated')}</dt>
          <dd>
            <When at={dataset.updatedAt} locale={locale} />
          </dd>
        </div>
        <div>
          <dt className="text-muted">{t('datasets:detail.license')}</dt>
          <dd data-testid="dataset-license">
            {license ? (
              <a href={licenseUrl(license)} rel="license" title={LICENSES[license]}>
                {license}
              </a>
            ) : (
              <span className="text-muted">{t('datasets:license.none')}</span>
            )}
          </dd>
        </div>
      </dl>
      {dataset.tags.length > 0 && (
        <ul aria-label={t('datasets:detail.tags')} className="flex flex-wrap gap-2">
          {dataset.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm">
              {tag}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/**
 * The dataset card, rendered by the server as on the public page (`POST /markdown`, so no
 * Markdown code ships here); nothing when the dataset has none.
 */
export function PrivateReadme({ dataset, t }: Omit<Props, 'locale'>) {
  const [html, setHtml] = useState<string | null>(null);
  const readme = dataset.readme ?? '';
  useEffect(() => {
    if (readme.trim() === '') return;
    let current = true;
    previewMarkdown(readme)
      .then((answer) => current && setHtml(answer.html))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [readme]);
  if (html === null) return null;
  return (
    <section className="card p-6" aria-labelledby="private-readme">
      <h2 id="private-readme" className="mb-2 text-xl font-bold">
        {t('datasets:detail.readme')}
      </h2>
      <div
        className="readme-preview break-words"
        data-testid="dataset-readme"
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </section>
  );
}
