import type { Cell, ColumnStats, VersionStats } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import { isAttributeType } from '../../../lib/tables/infer.ts';
import { cellText } from '../../../lib/tables/cells.ts';
import { histogramBars } from '../../../lib/tables/viewer.ts';
import { useRevealed } from './useRevealed.ts';

type Props = { t: T; number: Intl.NumberFormat; stats: VersionStats };

const plainFormats = new Map<string, Intl.NumberFormat>();
/** The page's number format without grouping, at most three decimals. */
function plainNumber(number: Intl.NumberFormat): Intl.NumberFormat {
  const { locale } = number.resolvedOptions();
  let plain = plainFormats.get(locale);
  if (!plain) {
    plain = new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 3 });
    plainFormats.set(locale, plain);
  }
  return plain;
}

const WIDTH = 240;
const HEIGHT = 56;

/** A histogram edge as text: an integer past 2^53 arrives as a big integer (its digits). */
const bound = (edge: Cell | undefined) => (edge === undefined ? '' : cellText(edge));

function Histogram({ t, column }: { t: T; column: ColumnStats }) {
  const bins = column.histogram ?? [];
  const bars = histogramBars(
    bins.map((b) => b.count),
    WIDTH,
    HEIGHT,
  );
  const label = t('viewer:stats.histogram', { column: column.name });
  return (
    <figure className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        className="h-14 w-full max-w-60"
        role="img"
        aria-label={label}
      >
        {bars.map((bar, i) => (
          <rect
            key={i}
            x={bar.x}
            y={bar.y}
            width={bar.width}
            height={bar.height}
            className="fill-brand-600"
          >
            <title>
              {t('viewer:stats.bin', {
                from: bound(bins[i]?.from),
                to: bound(bins[i]?.to),
                count: bar.count,
              })}
            </title>
          </rect>
        ))}
      </svg>
      <figcaption className="flex justify-between gap-2 text-xs text-muted">
        <span>{bound(bins[0]?.from)}</span>
        <span>{bound(bins.at(-1)?.to)}</span>
      </figcaption>
    </figure>
  );
}

function TopValues({
  t,
  number,
  column,
}: {
  t: T;
  number: Intl.NumberFormat;
  column: ColumnStats;
}) {
  const top = column.top ?? [];
  const most = Math.max(1, ...top.map((v) => v.count));
  return (
    <ol
      className="flex flex-col gap-1 text-xs"
      aria-label={t('viewer:stats.top', { column: column.name })}
    >
      {top.map((v, i) => (
        <li key={i} className="flex items-center gap-2">
          <span className="w-24 truncate" title={cellText(v.value)}>
            {cellText(v.value)}
          </span>
          {/* An SVG bar: its width is an attribute, not an inline style (the CSP allows none). */}
          <svg width="96" height="8" aria-hidden="true" className="shrink-0">
            <rect
              width={Math.max(1, (v.count / most) * 96)}
              height="8"
              rx="2"
              className="fill-brand-600"
            />
          </svg>
          <span className="text-muted tabular-nums">{number.format(v.count)}</span>
        </li>
      ))}
    </ol>
  );
}

/** Every column of a version: counts, range, mean and spread, and its distribution. */
export default function StatsPanel({ t, number, stats }: Props) {
  const typeLabel = (type: string) => (isAttributeType(type) ? t(`datasets:type.${type}`) : type);
  // The least and greatest values read as the table's cells do (a year stays 2024); mean and
  // spread ungrouped too, to three decimals; only counts of rows are grouped.
  const plain = plainNumber(number);
  const value = (v: Cell | undefined) => (v === null || v === undefined ? '—' : cellText(v));
  const measure = (v: Cell | undefined) =>
    v === null || v === undefined ? '—' : typeof v === 'number' ? plain.format(v) : cellText(v);
  const revealed = useRevealed<HTMLElement>();
  return (
    <section ref={revealed} aria-labelledby="viewer-stats" className="flex flex-col gap-3">
      <h3 id="viewer-stats" className="font-bold">
        {t('viewer:stats.heading', { version: String(stats.version) })}
      </h3>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {stats.columns.map((column) => (
          <li key={column.name} className="flex flex-col gap-2 rounded-lg border border-line p-3">
            <p className="font-semibold break-words">
              {column.name}{' '}
              <span className="text-xs font-normal text-muted">{typeLabel(column.type)}</span>
            </p>
            <dl className="grid grid-cols-2 gap-x-3 gap-y-1 text-xs">
              <dt className="text-muted">{t('viewer:stats.count')}</dt>
              <dd>{number.format(column.count)}</dd>
              <dt className="text-muted">{t('viewer:stats.nulls')}</dt>
              <dd>{number.format(column.nulls)}</dd>
              <dt className="text-muted">{t('viewer:stats.distinct')}</dt>
              <dd>{number.format(column.distinct)}</dd>
              <dt className="text-muted">{t('viewer:stats.min')}</dt>
              <dd className="break-words">{value(column.min)}</dd>
              <dt className="text-muted">{t('viewer:stats.max')}</dt>
              <dd className="break-words">{value(column.max)}</dd>
              {column.mean !== undefined && (
                <>
                  <dt className="text-muted">{t('viewer:stats.mean')}</dt>
                  <dd>{measure(column.mean)}</dd>
                  <dt className="text-muted">{t('viewer:stats.stddev')}</dt>
                  <dd>{measure(column.stddev)}</dd>
                </>
              )}
            </dl>
            {column.histogram && column.histogram.length > 0 && <Histogram t={t} column={column} />}
            {column.top && column.top.length > 0 && (
              <TopValues t={t} number={number} column={column} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
