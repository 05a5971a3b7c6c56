import { useState, type KeyboardEvent } from 'react';
import type { Cell, ColumnStats } from '../../../contracts/tables.ts';
import type { T } from '../../../i18n/index.ts';
import { cellText } from '../../../lib/tables/cells.ts';
import type { RowFilter } from '../../../lib/tables/view-address.ts';
import { histogramBars } from '../../../lib/tables/viewer.ts';

const WIDTH = 120;
const HEIGHT = 28;
/** Top values drawn in a header (the statistics keep 10). */
const TOP_SHOWN = 5;

type Props = {
  t: T;
  stats: ColumnStats;
  /** Adds the filter a bar stands for; without it (on the server, before hydration) bars are drawn only. */
  onFilter?: ((filter: RowFilter) => void) | undefined;
};

type Drawn = {
  x: number;
  y: number;
  width: number;
  height: number;
  title: string;
  filter: RowFilter;
};

/** A histogram edge as the filter sends it (a big integer by its digits, read as a number). */
const edge = (value: Cell | undefined): Cell =>
  value !== null && typeof value === 'object' ? Number(cellText(value)) : (value ?? null);

function histogram(t: T, stats: ColumnStats): Drawn[] {
  const bins = stats.histogram ?? [];
  return histogramBars(
    bins.map((b) => b.count),
    WIDTH,
    HEIGHT,
  ).map((bar, i) => {
    const bin = bins[i];
    const [from, to] = [edge(bin?.from), edge(bin?.to)];
    return {
      ...bar,
      title: t('viewer:stats.bin', { from: cellText(from), to: cellText(to), count: bar.count }),
      filter: { column: stats.name, op: 'between', value: [from, to] },
    };
  });
}

function topValues(t: T, stats: ColumnStats): Drawn[] {
  const top = (stats.top ?? []).slice(0, TOP_SHOWN);
  const most = Math.max(1, ...top.map((v) => v.count));
  const step = HEIGHT / TOP_SHOWN;
  return top.map((v, i) => ({
    x: 0,
    y: i * step,
    width: Math.max(2, (v.count / most) * WIDTH),
    height: step - 1,
    title: t('viewer:chart.value', {
      value: v.value === null ? t('viewer:null') : cellText(v.value),
      count: v.count,
    }),
    filter: { column: stats.name, op: 'eq', value: v.value },
  }));
}

/** The arrow keys move between bars; Home and End go to the first and last. */
const STEPS: Record<string, (i: number, last: number) => number> = {
  ArrowRight: (i, last) => Math.min(last, i + 1),
  ArrowDown: (i, last) => Math.min(last, i + 1),
  ArrowLeft: (i) => Math.max(0, i - 1),
  ArrowUp: (i) => Math.max(0, i - 1),
  Home: () => 0,
  End: (_i, last) => last,
};

/**
 * A header's picture of its column, from the version's stored statistics: the histogram of a
 * number or date column, the most frequent values of a text or boolean one, and the share of
 * empty values as a line under it. A click on a bar adds its filter (the bin's range, the value);
 * each bar says what it stands for on hover. Once interactive, the chart is one stop of the Tab
 * key: the arrow keys move between its bars (each a button named by what it stands for), Enter
 * or Space adds the bar's filter. Nothing for a column without either.
 */
export function HeaderChart({ t, stats, onFilter }: Props) {
  const [active, setActive] = useState(0);
  const bars = stats.histogram ? histogram(t, stats) : stats.top ? topValues(t, stats) : [];
  if (bars.length === 0) return null;
  const rows = stats.count + stats.nulls;
  const empty = rows === 0 ? 0 : stats.nulls / rows;
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 3}`}
      width={WIDTH}
      height={HEIGHT + 3}
      className="mt-1 block"
      role={onFilter ? 'group' : 'img'}
      aria-label={t(stats.histogram ? 'viewer:chart.histogram' : 'viewer:chart.top', {
        column: stats.name,
      })}
      data-testid="header-chart"
    >
      {bars.map((bar, i) => (
        <rect
          key={i}
          x={bar.x}
          y={bar.y}
          width={bar.width}
          height={bar.height}
          className={`fill-brand-600${onFilter ? ' cursor-pointer outline-none hover:fill-brand-800 focus-visible:fill-brand-800 focus-visible:stroke-ink focus-visible:stroke-2' : ''}`}
          data-bar={i}
          {...(onFilter && {
            role: 'button',
            'aria-label': bar.title,
            tabIndex: i === Math.min(active, bars.length - 1) ? 0 : -1,
            onClick: () => onFilter(bar.filter),
            onFocus: () => setActive(i),
            onKeyDown: (event: KeyboardEvent<SVGRectElement>) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                onFilter(bar.filter);
                return;
              }
              const step = STEPS[event.key];
              if (!step) return;
              event.preventDefault();
              const next = step(i, bars.length - 1);
              const rects = event.currentTarget.parentElement?.querySelectorAll('[data-bar]');
              (rects?.[next] as SVGRectElement | undefined)?.focus();
            },
          })}
        >
          <title>{bar.title}</title>
        </rect>
      ))}
      <rect x={0} y={HEIGHT + 1} width={WIDTH} height={2} className="fill-line" />
      {empty > 0 && (
        <rect
          x={0}
          y={HEIGHT + 1}
          width={Math.max(2, empty * WIDTH)}
          height={2}
          className="fill-amber-600"
        >
          <title>{t('viewer:chart.empty', { percent: Math.round(empty * 100) })}</title>
        </rect>
      )}
    </svg>
  );
}
