/**
 * `sheaf rows`, `sheaf stats`, `sheaf compare` and `sheaf changes`: a version's rows, its column
 * statistics, two versions compared and what changed in each version, as the pages show them
 * (docs/tables.md, docs/living-datasets.md), printed as plain lines or, with --json, as the API
 * answered.
 */
import type { Cell, TableRows, VersionCompare, VersionStats } from '../contracts/tables.ts';
import type { Dataset } from '../contracts/datasets.ts';
import type { ChangeSummary, ChangesResponse } from '../contracts/changes.ts';
import type { Client } from './client.ts';
import { print, type Io } from './commands.ts';

/** A cell as text: null as empty, a big integer as its digits. */
const cellText = (cell: Cell): string =>
  cell === null ? '' : typeof cell === 'object' ? JSON.stringify(cell) : String(cell);

/** Rows as tab-separated lines under a header, so they paste into a spreadsheet or `cut`. */
const tabbed = (columns: string[], rows: Cell[][]) => [
  columns.join('\t'),
  ...rows.map((row) => row.map((c) => cellText(c).replace(/[\t\n]/g, ' ')).join('\t')),
];

/** The version asked for, or the dataset's latest. */
async function versionOf(client: Client, id: number, version: number | undefined) {
  if (version !== undefined) return version;
  return (await client.json<Dataset>('GET', `/datasets/${id}`)).latest_version;
}

export type RowsOptions = {
  version?: number | undefined;
  offset: number;
  limit: number;
  sort?: string | undefined;
  desc: boolean;
  q?: string | undefined;
  json: boolean;
};

/** `sheaf rows ID`: a page of a version's rows. */
export async function rows(client: Client, io: Io, id: number, o: RowsOptions): Promise<void> {
  const version = await versionOf(client, id, o.version);
  const page = await client.json<TableRows>('GET', `/datasets/${id}/versions/${version}/rows`, {
    query: {
      offset: o.offset,
      limit: o.limit,
      sort: o.sort,
      order: o.sort === undefined ? undefined : o.desc ? 'desc' : 'asc',
      q: o.q,
    },
  });
  print(io, o.json, page, () => [
    ...tabbed(
      page.columns.map((c) => c.name),
      page.rows,
    ),
    `rows ${page.offset + 1}–${page.offset + page.rows.length} of ${page.total} (v${version})`,
  ]);
}

/** `sheaf stats ID`: a version's column statistics, a line a column. */
export async function stats(
  client: Client,
  io: Io,
  id: number,
  options: { version?: number | undefined; json: boolean },
): Promise<void> {
  const version = await versionOf(client, id, options.version);
  const s = await client.json<VersionStats>('GET', `/datasets/${id}/versions/${version}/stats`);
  print(io, options.json, s, () => [
    `v${s.version}: ${s.rows} rows`,
    ...s.columns.map((c) => {
      const range = c.min === null ? '' : `  ${cellText(c.min)} … ${cellText(c.max)}`;
      const top = c.top?.[0] ? `  most: ${cellText(c.top[0].value)} (${c.top[0].count})` : '';
      return `  ${c.name} (${c.type})  ${c.count} values, ${c.nulls} empty, ${c.distinct} distinct${range}${top}`;
    }),
  ]);
}

/** `sheaf compare ID FROM TO`: what changed between two versions. */
export async function compare(
  client: Client,
  io: Io,
  id: number,
  options: { from: number; to: number; key?: string | undefined; json: boolean },
): Promise<void> {
  const c = await client.json<VersionCompare>('GET', `/datasets/${id}/compare`, {
    query: { from: options.from, to: options.to, key: options.key },
  });
  const names = (list: { name: string }[]) => list.map((x) => x.name).join(', ') || '—';
  print(io, options.json, c, () => [
    `v${c.from} → v${c.to}${c.key ? ` by ${c.key}` : ''}`,
    `  columns added: ${names(c.columns.added)}; removed: ${names(c.columns.removed)}; retyped: ${
      c.columns.changed.map((x) => `${x.name} ${x.from}→${x.to}`).join(', ') || '—'
    }`,
    `  rows added: ${c.rows.added}; removed: ${c.rows.removed}${
      c.rows.changed === null ? '' : `; changed: ${c.rows.changed}`
    }`,
  ]);
}

/** A summary's counts in one line: `v5: +1204 rows, -3 rows, 37 changed; columns +a -b ~c`. */
function changeLine(c: ChangeSummary): string {
  const rows = [`+${c.rows_added}`, `-${c.rows_removed}`];
  if (c.rows_changed !== null) rows.push(`~${c.rows_changed} changed`);
  const columns = [
    ...c.columns_added.map((n) => `+${n}`),
    ...c.columns_removed.map((n) => `-${n}`),
    ...c.columns_retyped.map((r) => `~${r.name} ${r.from}→${r.to}`),
  ];
  return `v${c.version}: rows ${rows.join(' ')}${columns.length ? `; columns ${columns.join(' ')}` : ''}`;
}

/** `sheaf changes ID`: what changed in each version after `since`, a line a version. */
export async function changes(
  client: Client,
  io: Io,
  id: number,
  options: { since: number; json: boolean },
): Promise<void> {
  const answer = await client.json<ChangesResponse>('GET', `/datasets/${id}/changes`, {
    query: { since: options.since },
  });
  print(io, options.json, answer, () =>
    answer.changes.length > 0
      ? answer.changes.map(changeLine)
      : [`No versions after v${options.since}`],
  );
}
