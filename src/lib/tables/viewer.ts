/**
 * Pure helpers of the data viewer (src/islands/datasets/viewer/): page arithmetic, the one-line
 * column summary, compared rows, how a cell is shown, row numbers, and histogram geometry.
 */
import { clipped, excerpt } from '../../contracts/cut-text.ts';
import { CELL_TEXT_MAX, COMPARE_KINDS, type CompareKind } from '../../contracts/limits.ts';
import type { Cell, ColumnStats, CompareRows, VersionCompare } from '../../contracts/tables.ts';
import { cellText } from './cells.ts';

/** Rows per page in the viewer (the dataset page renders the first page on the server). */
export const VIEWER_PAGE_ROWS = 50;

export type PageWindow = { first: number; last: number; pages: number; page: number };

/** 1-based row numbers shown, page count and current page (all 0 for an empty result). */
export function pageWindow(
  offset: number,
  shown: number,
  total: number,
  limit: number,
): PageWindow {
  if (total === 0 || shown === 0) return { first: 0, last: 0, pages: 0, page: 0 };
  return {
    first: offset + 1,
    last: offset + shown,
    pages: Math.ceil(total / limit),
    page: Math.floor(offset / limit) + 1,
  };
}

/** The offset of the last page. */
export const lastPageOffset = (total: number, limit: number) =>
  total <= 0 ? 0 : Math.floor((total - 1) / limit) * limit;

/** Sort cycle of a header: none → ascending → descending → none. */
export function nextSort(
  current: { sort?: string | undefined; order: 'asc' | 'desc' },
  column: string,
): { sort?: string | undefined; order: 'asc' | 'desc' } {
  if (current.sort !== column) return { sort: column, order: 'asc' };
  if (current.order === 'asc') return { sort: column, order: 'desc' };
  return { sort: undefined, order: 'asc' };
}

/** The kinds of compared rows offered: changed rows only when compared by a key column. */
export const compareKinds = (counts: { changed: number | null }): CompareKind[] =>
  COMPARE_KINDS.filter((k) => k !== 'changed' || counts.changed !== null);

/** The kind a comparison opens on: the first offered that has rows, else added. */
export const openingKind = (counts: VersionCompare['rows']): CompareKind =>
  compareKinds(counts).find((k) => (counts[k] ?? 0) > 0) ?? 'added';

/** The cells a compared row shows: the old ones of a removed row, the new ones otherwise. */
export const comparedCells = (rows: CompareRows['rows'], kind: CompareKind): Cell[][] =>
  rows.map((r) => (kind === 'removed' ? r.from : r.to) ?? []);

/**
 * A page of changed rows narrowed to what changed: the key's columns, then the columns in which
 * some row of the page has a different value (in the page's order), so a changed cell is never
 * off-screen on a phone. Each row keeps both sides, narrowed alike.
 */
export function changedOnly(
  page: Pick<CompareRows, 'columns' | 'rows'>,
  key: readonly string[] | null,
): Pick<CompareRows, 'columns' | 'rows'> {
  const same = (a: Cell | undefined, b: Cell | undefined) =>
    JSON.stringify(a) === JSON.stringify(b);
  const kept = page.columns.flatMap((column, i) =>
    key?.includes(column.name) || page.rows.some((r) => !same(r.from?.[i], r.to?.[i])) ? [i] : [],
  );
  if (kept.length === page.columns.length) return page;
  const pick = (cells: Cell[] | null) => (cells === null ? null : kept.map((i) => cells[i]!));
  return {
    columns: kept.map((i) => page.columns[i]!),
    rows: page.rows.map((r) => ({ from: pick(r.from), to: pick(r.to) })),
  };
}

/** A cell's text as the viewer shows it: at most CELL_TEXT_MAX characters. */
export const shownText = (value: Cell): string => clipped(cellText(value), CELL_TEXT_MAX);

/** A cell as the dataset page sends it to the viewer: long text already cut as it is shown. */
export const shownCell = (value: Cell): Cell =>
  typeof value === 'string' ? clipped(value, CELL_TEXT_MAX) : value;

/**
 * Whether a cell the page handed the viewer was cut by `shownCell`: text of exactly
 * CELL_TEXT_MAX characters ending in …. (Pages the viewer fetches carry whole values.)
 */
export const wasCut = (value: Cell): boolean =>
  typeof value === 'string' &&
  value.endsWith('…') &&
  value.length >= CELL_TEXT_MAX &&
  [...value].length === CELL_TEXT_MAX;

/** A shown row's number in the version: its own when the page has them, else counted from `offset`. */
export const rowNumberAt = (numbers: readonly number[] | undefined, offset: number, r: number) =>
  numbers?.[r] ?? offset + r + 1;

const short = (value: Cell, max = 24) => clipped(cellText(value), max);

export type SummaryParts =
  | { kind: 'range'; nulls: number; min: string; max: string }
  | { kind: 'top'; nulls: number; value: string; count: number }
  /** Text whose values are all different: the most frequent one says nothing. */
  | { kind: 'distinct'; nulls: number; count: number }
  /** Every value as often as every other (a city per year, say): none is the most frequent. */
  | { kind: 'even'; nulls: number; count: number; each: number }
  | { kind: 'empty'; nulls: number };

/**
 * What a column header says under its name: min–max, the most frequent value, how many distinct
 * values when none repeats, or how many and how often each when all repeat alike; then how many
 * are empty.
 */
export function columnSummary(stats: ColumnStats): SummaryParts {
  if (stats.count === 0) return { kind: 'empty', nulls: stats.nulls };
  const top = stats.top?.[0];
  if (top && top.count === 1 && stats.distinct > 1) {
    return { kind: 'distinct', nulls: stats.nulls, count: stats.distinct };
  }
  const all = stats.top ?? [];
  if (top && stats.distinct > 1 && all.length === stats.distinct) {
    if (all.every((v) => v.count === top.count)) {
      return { kind: 'even', nulls: stats.nulls, count: stats.distinct, each: top.count };
    }
  }
  if (top) return { kind: 'top', nulls: stats.nulls, value: short(top.value), count: top.count };
  return { kind: 'range', nulls: stats.nulls, min: short(stats.min), max: short(stats.max) };
}

export type Bar = { x: number; y: number; width: number; height: number; count: number };

/** Bars of a histogram in a `width` × `height` box, tallest bin full height, 1 px gaps. */
export function histogramBars(counts: number[], width: number, height: number): Bar[] {
  const most = Math.max(1, ...counts);
  const step = counts.length === 0 ? 0 : width / counts.length;
  return counts.map((count, i) => {
    const h = count === 0 ? 0 : Math.max(1, (count / most) * height);
    return { x: i * step, y: height - h, width: Math.max(1, step - 1), height: h, count };
  });
}

/**
 * The column descriptions the viewer's headers show, as [name, text] pairs (a column named
 * `__proto__` stays one): each on one line of at most 160 characters (the page's Columns section
 * has them in full), for the columns of the dataset's versions only, so the island's props stay
 * small.
 */
export function headerDescriptions(
  descriptions: Readonly<Record<string, string>>,
  versions: readonly { attributes: readonly string[] }[],
): [string, string][] {
  const names = new Set(versions.flatMap((v) => v.attributes));
  return Object.entries(descriptions).flatMap(([name, text]): [string, string][] =>
    names.has(name) ? [[name, excerpt(text)]] : [],
  );
}
