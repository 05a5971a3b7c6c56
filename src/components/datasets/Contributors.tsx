import type { T } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import type { Dataset } from '../../contracts/datasets.ts';

type Props = { dataset: Dataset; locale: Locale; t: T };

/** The people whose proposals the owner merged, most merges first (none: nothing shown). */
export function Contributors({ dataset, locale, t }: Props) {
  if (dataset.contributors.length === 0) return null;
  return (
    <section className="card p-6" aria-labelledby="dataset-contributors">
      <h2 id="dataset-contributors" className="mb-2 text-xl font-bold">
        {t('datasets:detail.contributors')}
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-1 wrap-anywhere" data-testid="contributors">
        {dataset.contributors.map((c) => (
          <li key={c.id}>
            <a href={localizePath(`/users/${c.id}`, locale)} className="font-medium">
              {c.nickname || c.username}
            </a>{' '}
            <span className="text-sm text-muted">
              {t('datasets:detail.merged', { count: c.merged_count })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
