import { LRUCache } from 'lru-cache';
import type { Conflict } from '../../../contracts/proposals.ts';
import type { Context } from '../../context.ts';
import type { CompareSide } from '../../tables/compare.ts';
import { pairingKey, rowConflicts, type ThreeSides } from '../../tables/three-way.ts';
import type { ProposalRow } from './access.ts';
import { threeSides } from './sides.ts';

/** A side's columns as the conflict of columns shows them: name → type. */
const columnTypes = (side: CompareSide) =>
  Object.fromEntries(side.columns.map((c) => [c.name, c.type]));

const sameColumns = (a: CompareSide, b: CompareSide) =>
  a.columns.length === b.columns.length &&
  a.columns.every((c, i) => c.name === b.columns[i]?.name && c.type === b.columns[i]?.type);

/**
 * The conflict of columns: both the dataset and the proposal changed the columns (names, order
 * or types) since the base, differently. One conflict whose rows are each side's name → type.
 */
function columnConflict(s: ThreeSides): Conflict | null {
  const moved = !sameColumns(s.base, s.latest);
  const changed = !sameColumns(s.base, s.proposed);
  if (!moved || !changed || sameColumns(s.latest, s.proposed)) return null;
  return {
    columns: true,
    key: null,
    base: columnTypes(s.base),
    latest: columnTypes(s.latest),
    proposed: columnTypes(s.proposed),
  };
}

export type Conflicts = { conflicts: Conflict[]; total: number };

/** Conflicts by proposal, its last change and the dataset's latest version. */
const kept = new LRUCache<string, Conflicts>({ max: 500 });

/** Computes the conflicts: the columns', then the rows' (bounded by the table engine). */
async function compute(ctx: Context, row: ProposalRow): Promise<Conflicts> {
  const sides = await threeSides(ctx, row);
  const columns = columnConflict(sides);
  const key = pairingKey(sides, row.keyColumns);
  const rows = await ctx.tables.use((connection) => rowConflicts(connection, sides, key));
  return {
    conflicts: columns ? [columns, ...rows.conflicts] : rows.conflicts,
    total: rows.total + (columns ? 1 : 0),
  };
}

/**
 * A proposal's conflicts with the dataset's latest version (docs/proposals.md, "Conflicts"):
 * none while its base is the latest version; kept by (proposal, its updated_at, latest version).
 */
export async function conflictsOf(ctx: Context, row: ProposalRow): Promise<Conflicts> {
  if (row.baseVersion === row.latestVersion) return { conflicts: [], total: 0 };
  const id = `${row.id} ${row.updatedAt.getTime()} ${row.latestVersion}`;
  let found = kept.get(id);
  if (!found) {
    found = await compute(ctx, row);
    kept.set(id, found);
  }
  return found;
}

/** The conflicts a proposal's answer lists (the first CONFLICTS_LISTED rows). */
export const proposalConflicts = async (ctx: Context, row: ProposalRow) =>
  (await conflictsOf(ctx, row)).conflicts;
