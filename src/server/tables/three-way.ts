import type { DuckDBConnection } from '@duckdb/node-api';
import {
  canonicalExpr,
  canonicalText,
  numberedSource,
  POSITION,
  toCell,
  type StoredColumn,
} from './columns.ts';
import type { CompareSide } from './compare.ts';
import type { Cell } from './types.ts';

/**
 * A proposal's three tables (docs/proposals.md): the version it was made against (`base`), the
 * dataset's latest version, and the proposed table. Rows of the three are compared as canonical
 * text over every column any of them has (a column a side lacks reads as NULL), so a value
 * compares alike whatever type stores it; paired by the dataset's key when every side has its
 * columns, else compared whole, as multisets.
 */
export type ThreeSides = { base: CompareSide; latest: CompareSide; proposed: CompareSide };

/** Most conflicts a proposal lists. */
const CONFLICTS_LISTED = 100;

/** Every column name of the three sides: the proposed table's, then the others' new ones. */
const namesOf = (s: ThreeSides) => [
  ...new Set([s.proposed, s.latest, s.base].flatMap((side) => side.columns.map((c) => c.name))),
];

/** The key to pair rows by: the dataset's, when every side has all its columns. */
export function pairingKey(s: ThreeSides, key: readonly string[]): string[] | null {
  const has = (side: CompareSide, name: string) => side.columns.some((c) => c.name === name);
  const usable =
    key.length > 0 &&
    key.every((k) => [s.base, s.latest, s.proposed].every((side) => has(side, k)));
  return usable ? [...key] : null;
}

/**
 * A side's rows: `n` its position, `h` a hash of all `names` as canonical text, `k` the key's
 * values (a list; NULL without a key), and `t0…` the values of `out` as canonical text.
 */
function sideRows(
  side: CompareSide,
  names: string[],
  key: string[] | null,
  out: string[] = [],
): string {
  const mine = new Map(side.columns.map((c) => [c.name, c]));
  const text = (name: string) => {
    const column = mine.get(name);
    return column ? canonicalText(column) : 'NULL::VARCHAR';
  };
  const parts = [
    `${POSITION} AS n`,
    `hash(${names.map(text).join(', ')}) AS h`,
    key ? `list_value(${key.map(text).join(', ')}) AS k` : 'NULL AS k',
    ...out.map((name, i) => `${text(name)} AS t${i}`),
  ];
  return `SELECT ${parts.join(', ')} FROM ${numberedSource(side.file, side.columns)}`;
}

/** The three sides as CTEs `b`, `l`, `p`; `l` and `p` carry `out` too. */
function sidesCte(s: ThreeSides, key: string[] | null, out: string[] = []): string {
  const names = namesOf(s);
  return `b AS (${sideRows(s.base, names, key)}),
    l AS (${sideRows(s.latest, names, key, out)}),
    p AS (${sideRows(s.proposed, names, key, out)})`;
}

/** Rows of both changes as positions `(nb, nl, np)`, NULL where a side lacks the row. */
function conflictQuery(s: ThreeSides, key: string[] | null): string {
  if (key) {
    return `WITH ${sidesCte(s, key)}
      SELECT b.n AS nb, l.n AS nl, p.n AS np
      FROM b FULL JOIN l ON b.k = l.k FULL JOIN p ON coalesce(b.k, l.k) = p.k
      WHERE b.h IS DISTINCT FROM l.h AND b.h IS DISTINCT FROM p.h AND l.h IS DISTINCT FROM p.h`;
  }
  // Whole rows: a row the proposal removes (fewer copies in p than in b) that the latest version
  // removed or changed too (fewer copies in l than in b).
  return `WITH ${sidesCte(s, null)},
    cb AS (SELECT h, count(*) AS c, min(n) AS n FROM b GROUP BY h),
    cl AS (SELECT h, count(*) AS c FROM l GROUP BY h),
    cp AS (SELECT h, count(*) AS c FROM p GROUP BY h)
    SELECT cb.n AS nb, NULL AS nl, NULL AS np
    FROM cb LEFT JOIN cl ON cl.h = cb.h LEFT JOIN cp ON cp.h = cb.h
    WHERE coalesce(cp.c, 0) < cb.c AND coalesce(cl.c, 0) < cb.c`;
}

export type RowConflict = {
  key: Record<string, Cell> | null;
  base: Record<string, Cell> | null;
  latest: Record<string, Cell> | null;
  proposed: Record<string, Cell> | null;
};

/** The rows at these positions of one side, each as an object column → canonical value. */
async function rowsAt(
  connection: DuckDBConnection,
  side: CompareSide,
  positions: (number | null)[],
): Promise<Map<number, Record<string, Cell>>> {
  const wanted = [...new Set(positions.filter((p): p is number => p !== null))];
  const found = new Map<number, Record<string, Cell>>();
  if (wanted.length === 0) return found;
  const select = side.columns.map((c) => canonicalExpr(c)).join(', ');
  const reader = await connection.runAndReadAll(
    `SELECT ${POSITION}, ${select} FROM ${numberedSource(side.file, side.columns)}
     WHERE ${POSITION} IN (${wanted.join(', ')})`,
  );
  for (const [n, ...cells] of reader.getRows()) {
    // Built with fromEntries: every column name (`__proto__` too) is an own key.
    found.set(
      Number(n),
      Object.fromEntries(side.columns.map((c, i) => [c.name, toCell(cells[i])])),
    );
  }
  return found;
}

/**
 * The rows both the dataset (base → latest) and the proposal (base → proposed) changed, to
 * different values: the first CONFLICTS_LISTED, in the order of the base (then latest, then
 * proposed) rows, and how many there are.
 */
export async function rowConflicts(
  connection: DuckDBConnection,
  s: ThreeSides,
  key: string[] | null,
): Promise<{ conflicts: RowConflict[]; total: number }> {
  const query = conflictQuery(s, key);
  const counted = await connection.runAndReadAll(`SELECT count(*) FROM (${query})`);
  const total = Number(counted.getRows()[0]?.[0] ?? 0);
  if (total === 0) return { conflicts: [], total };
  const reader = await connection.runAndReadAll(
    `SELECT nb, nl, np FROM (${query}) ORDER BY nb NULLS LAST, nl NULLS LAST, np LIMIT ${CONFLICTS_LISTED}`,
  );
  const found = reader
    .getRows()
    .map((row) => row.map((v): number | null => (v === null ? null : Number(v))));
  const [base, latest, proposed] = await Promise.all([
    rowsAt(
      connection,
      s.base,
      found.map((f) => f[0] ?? null),
    ),
    rowsAt(
      connection,
      s.latest,
      found.map((f) => f[1] ?? null),
    ),
    rowsAt(
      connection,
      s.proposed,
      found.map((f) => f[2] ?? null),
    ),
  ]);
  const conflicts = found.map(([nb, nl, np]) => {
    const row = (side: Map<number, Record<string, Cell>>, n: number | null | undefined) =>
      n === null || n === undefined ? null : (side.get(n) ?? null);
    const b = row(base, nb);
    const l = row(latest, nl);
    const p = row(proposed, np);
    const any = b ?? l ?? p;
    const keyValues = key && any ? Object.fromEntries(key.map((k) => [k, any[k] ?? null])) : null;
    return { key: keyValues, base: b, latest: l, proposed: p };
  });
  return { conflicts, total };
}

/**
 * The rows of the latest version with the proposal's change applied, as canonical text in the
 * columns `out`, in order. With a key: the proposal's removed keys deleted, its added and changed
 * rows (those whose whole row differs from the base's) put in place of the latest rows with their
 * key, the others appended in the proposed table's order. Without a key: whole rows as multisets,
 * the proposal's surplus copies of base rows taken out of the latest version (its first copies),
 * its extra copies of proposed rows appended.
 */
export function mergedQuery(s: ThreeSides, key: string[] | null, out: StoredColumn[]): string {
  const names = out.map((c) => c.name);
  const t = names.map((_, i) => `t${i}`);
  const cte = sidesCte(s, key, names);
  if (key) {
    return `WITH ${cte},
      del AS (SELECT b.k FROM b ANTI JOIN p ON p.k = b.k),
      up AS (SELECT p.* FROM p LEFT JOIN b ON b.k = p.k WHERE b.h IS DISTINCT FROM p.h)
      SELECT ${t.join(', ')} FROM (
        SELECT 0 AS part, l.n AS pos,
          ${t.map((c) => `CASE WHEN up.n IS NULL THEN l.${c} ELSE up.${c} END AS ${c}`).join(', ')}
        FROM l LEFT JOIN up ON up.k = l.k LEFT JOIN del ON del.k = l.k WHERE del.k IS NULL
        UNION ALL
        SELECT 1, up.n, ${t.map((c) => `up.${c}`).join(', ')} FROM up ANTI JOIN l ON l.k = up.k
      ) ORDER BY part, pos`;
  }
  const numbered = (side: string) =>
    `SELECT *, row_number() OVER (PARTITION BY h ORDER BY n) AS copy FROM ${side}`;
  return `WITH ${cte},
    bn AS (${numbered('b')}), pn AS (${numbered('p')}), ln AS (${numbered('l')}),
    gone AS (SELECT h, count(*) AS r FROM bn ANTI JOIN pn ON pn.h = bn.h AND pn.copy = bn.copy GROUP BY h),
    added AS (SELECT pn.* FROM pn ANTI JOIN bn ON bn.h = pn.h AND bn.copy = pn.copy)
    SELECT ${t.join(', ')} FROM (
      SELECT 0 AS part, ln.n AS pos, ${t.map((c) => `ln.${c}`).join(', ')}
      FROM ln LEFT JOIN gone ON gone.h = ln.h WHERE ln.copy > coalesce(gone.r, 0)
      UNION ALL
      SELECT 1, added.n, ${t.map((c) => `added.${c}`).join(', ')} FROM added
    ) ORDER BY part, pos`;
}
