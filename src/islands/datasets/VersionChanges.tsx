import { namesOrDash, type T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { numberFormat } from '../../lib/intl.ts';
import type { TableDraft } from '../../lib/tables/draft.ts';
import { isAttributeType } from '../../lib/tables/infer.ts';
import { sameShape, versionChanges } from '../../lib/tables/version-changes.ts';
import type { DatasetVersion } from '../../lib/api/types.ts';
import { DescriptionBoxes } from './DescriptionBoxes.tsx';

type Box = Parameters<typeof DescriptionBoxes>[0]['box'];

/**
 * Before publishing, what the new version changes against the latest: rows, columns added (each
 * with a box for its description) and removed, types changed.
 */
export function VersionChanges({
  latest,
  draft,
  types,
  box,
  locale,
  t,
}: {
  latest: DatasetVersion;
  draft: TableDraft;
  types: readonly string[];
  /** The description box of the `i`th added column. */
  box: Box;
  locale: Locale;
  t: T;
}) {
  const changes = versionChanges(
    { attributes: latest.attributes, types: latest.attributeTypes, rows: latest.entriesCount },
    { attributes: draft.attributes, types, rows: draft.totalRows },
  );
  const count = numberFormat(locale);
  const typeName = (type: string) => (isAttributeType(type) ? t(`datasets:type.${type}`) : type);
  const typeOf = (name: string) => types[draft.attributes.indexOf(name)] ?? 'string';
  return (
    <section
      className="flex flex-col gap-2 rounded-lg border border-line p-3"
      aria-labelledby="version-changes-heading"
      data-testid="version-changes"
    >
      <h3 id="version-changes-heading" className="font-semibold">
        {t('datasets:version.changes.heading', { version: String(latest.version) })}
      </h3>
      <ul className="flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>
          {t('datasets:version.changes.rows', {
            before: count.format(changes.rows.before),
            after: count.format(changes.rows.after),
          })}
        </li>
        {changes.added.length > 0 && (
          <li>{t('datasets:version.changes.added', { columns: namesOrDash(changes.added) })}</li>
        )}
        {changes.removed.length > 0 && (
          <li>
            {t('datasets:version.changes.removed', { columns: namesOrDash(changes.removed) })}
          </li>
        )}
        {changes.retyped.map((r) => (
          <li key={r.column}>
            {t('datasets:version.changes.retyped', {
              column: r.column,
              from: typeName(r.from),
              to: typeName(r.to),
            })}
          </li>
        ))}
        {sameShape(changes) && <li>{t('datasets:version.changes.sameColumns')}</li>}
      </ul>
      {changes.added.length > 0 && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-muted">{t('datasets:version.changes.describe')}</p>
          <DescriptionBoxes
            columns={changes.added.map((name) => ({ name, type: typeOf(name) }))}
            idPrefix="version"
            box={box}
            t={t}
          />
        </div>
      )}
    </section>
  );
}
