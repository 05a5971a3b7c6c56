import type { ChangeExample, ChangeSummary, ColumnChange } from '../../contracts/changes.ts';
import type { T } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import { changeLine } from '../../lib/change-line.ts';
import { isBigInteger } from '../../lib/big-integer.ts';
import { numberFormat } from '../../lib/intl.ts';
import { isAttributeType } from '../../lib/tables/infer.ts';

type Props = {
  summary: ChangeSummary;
  locale: Locale;
  t: T;
  /** The heading, when not the version's (a proposal's change). */
  heading?: string;
};

type Shift<V> = { before: V | null; after: V | null };

/** A value as the tables show it: a dash for none. */
function shown(value: unknown, t: T, locale: Locale): string {
  if (value === null || value === undefined) return t('changes:none');
  if (typeof value === 'number')
    return numberFormat(locale, { maximumFractionDigits: 4 }).format(value);
  if (isBigInteger(value)) return value.rawJSON;
  return typeof value === 'string' || typeof value === 'boolean'
    ? String(value)
    : t('changes:none');
}

const percent = (locale: Locale) =>
  numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });

/** "before → after", or the one value when it did not change. */
function shift<V>(s: Shift<V>, say: (v: V | null) => string, t: T): string {
  const [before, after] = [say(s.before), say(s.after)];
  return before === after ? after : t('changes:shift', { before, after });
}

/** One row of the per-column table. */
function ColumnRow({
  name,
  change,
  locale,
  t,
}: { name: string; change: ColumnChange } & Omit<Props, 'summary'>) {
  const value = (v: unknown) => shown(v, t, locale);
  const typeName = (v: string | null) =>
    v === null ? t('changes:none') : isAttributeType(v) ? t(`datasets:type.${v}`) : v;
  const share = (v: number | null) => (v === null ? t('changes:none') : percent(locale).format(v));
  return (
    <tr className="border-t border-line align-top">
      <th scope="row" className="px-2 py-1 text-left font-medium break-words">
        {name}
      </th>
      <td className="px-2 py-1">{shift(change.type, typeName, t)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{value(change.changed_cells)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{shift(change.null_share, share, t)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{shift(change.distinct, value, t)}</td>
      <td className="px-2 py-1">{shift(change.min, value, t)}</td>
      <td className="px-2 py-1">{shift(change.max, value, t)}</td>
      <td className="px-2 py-1 text-right tabular-nums">{shift(change.mean, value, t)}</td>
    </tr>
  );
}

const KIND: Record<
  ChangeExample['kind'],
  'changes:kind.changed' | 'changes:kind.added' | 'changes:kind.removed'
> = {
  changed: 'changes:kind.changed',
  added: 'changes:kind.added',
  removed: 'changes:kind.removed',
};

/** Cells as `name: value; …`. */
const cellsText = (cells: Record<string, unknown> | null, t: T, locale: Locale) =>
  cells === null
    ? t('changes:none')
    : Object.entries(cells)
        .map(([name, v]) => `${name}: ${shown(v, t, locale)}`)
        .join('; ');

/** The example rows, each before → after. */
function Examples({ summary, locale, t }: Props) {
  if (summary.examples.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 font-bold">{t('changes:examples')}</h3>
      <ul className="mt-2 flex flex-col gap-2 text-sm">
        {summary.examples.map((e, i) => (
          <li key={i} className="break-words">
            <span className="font-semibold">{t(KIND[e.kind])}</span>
            {e.key && <span className="text-muted"> ({cellsText(e.key, t, locale)})</span>}
            <br />
            <span className="text-muted">{t('changes:before')}:</span>{' '}
            {cellsText(e.before, t, locale)}
            <br />
            <span className="text-muted">{t('changes:after')}:</span>{' '}
            {cellsText(e.after, t, locale)}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * What changed in one version, at the top of its versions tab: the line, how rows were matched,
 * a table of each column before → after, and examples (server-rendered, no JavaScript).
 */
export function ChangeDetails({ summary, locale, t, heading }: Props) {
  const note =
    summary.version === 1
      ? t('changes:first')
      : summary.key
        ? t('changes:byKey', { names: summary.key.map((k) => `\`${k}\``) })
        : t('changes:wholeRows');
  const heads = [
    t('changes:type'),
    t('changes:changedCells'),
    t('changes:nullShare'),
    t('changes:distinct'),
    t('changes:min'),
    t('changes:max'),
    t('changes:mean'),
  ];
  return (
    <section className="card p-4" aria-labelledby="version-changes">
      <h2 id="version-changes" className="text-xl font-bold">
        {heading ?? t('changes:heading', { version: String(summary.version) })}
      </h2>
      <p className="mt-2 font-medium">{changeLine(summary, t)}</p>
      <p className="mt-1 text-sm text-muted">{note}</p>
      <div className="mt-3 overflow-x-auto">
        <table className="min-w-full text-sm">
          <thead>
            <tr>
              <th scope="col" className="px-2 py-1 text-left">
                {t('changes:column')}
              </th>
              {heads.map((h) => (
                <th key={h} scope="col" className="px-2 py-1 text-left">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Object.entries(summary.columns).map(([name, change]) => (
              <ColumnRow key={name} name={name} change={change} locale={locale} t={t} />
            ))}
          </tbody>
        </table>
      </div>
      <Examples summary={summary} locale={locale} t={t} />
    </section>
  );
}
