import type { T } from '../../i18n/index.ts';
import type { Dataset } from '../../contracts/datasets.ts';
import { columnDescription } from '../../lib/tables/column-names.ts';
import { isAttributeType } from '../../lib/tables/infer.ts';

type Column = { name: string; type: string; description: string | undefined };

/** The latest version's columns with their types and descriptions, in table order. */
function latestColumns(dataset: Dataset): Column[] {
  const latest =
    dataset.versions.find((v) => v.version === dataset.latest_version) ?? dataset.versions[0];
  if (!latest) return [];
  return latest.attributes.map((name) => ({
    name,
    type: latest.attribute_types[name] ?? 'string',
    description: columnDescription(dataset.column_descriptions, name),
  }));
}

/**
 * The data dictionary (docs/datasets.md, "Column descriptions"): each column of the latest
 * version with its type and what it means, or "no description". Shown only when at least one of
 * those columns is described, so a dataset without a dictionary keeps its page as it was. No
 * JavaScript: one list that stacks name over description on a phone and puts them side by side
 * on a wider screen.
 */
export function ColumnsSection({ dataset, t }: { dataset: Dataset; t: T }) {
  const columns = latestColumns(dataset);
  if (!columns.some((c) => c.description)) return null;
  return (
    <section className="card p-6" aria-labelledby="dataset-columns">
      <h2 id="dataset-columns" className="mb-2 text-xl font-bold">
        {t('datasets:detail.columns')}
      </h2>
      <dl className="divide-y divide-line" data-testid="dataset-columns">
        {columns.map((column) => (
          <div
            key={column.name}
            className="grid gap-1 py-2 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)] sm:gap-4"
          >
            <dt className="min-w-0 break-words">
              <span className="font-medium">{column.name}</span>{' '}
              <span className="text-sm text-muted">
                · {isAttributeType(column.type) ? t(`datasets:type.${column.type}`) : column.type}
              </span>
            </dt>
            <dd className="min-w-0 whitespace-pre-line break-words">
              {column.description ?? (
                <span className="text-muted">{t('datasets:columns.noDescription')}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
