/**
 * What a new version changes against the latest one, shown on the new-version form before it
 * is published: the number of rows, the columns added and removed, and those whose type changes.
 */
export type VersionChanges = {
  rows: { before: number; after: number };
  added: string[];
  removed: string[];
  retyped: { column: string; from: string; to: string }[];
};

type Table<Types> = { attributes: readonly string[]; types: Types; rows: number };

export function versionChanges(
  before: Table<Readonly<Record<string, string>>>,
  after: Table<readonly string[]>,
): VersionChanges {
  const had = new Set(before.attributes);
  const has = new Set(after.attributes);
  return {
    rows: { before: before.rows, after: after.rows },
    added: after.attributes.filter((a) => !had.has(a)),
    removed: before.attributes.filter((a) => !has.has(a)),
    retyped: after.attributes.flatMap((column, i) => {
      const from = before.types[column];
      const to = after.types[i];
      return had.has(column) && from !== undefined && to !== undefined && from !== to
        ? [{ column, from, to }]
        : [];
    }),
  };
}

/** Whether the new version changes nothing of the table's shape (its rows may still differ). */
export const sameShape = (c: VersionChanges): boolean =>
  c.added.length === 0 && c.removed.length === 0 && c.retyped.length === 0;
