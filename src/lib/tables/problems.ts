/**
 * A table check's problems grouped for people: one line per column and kind of problem, with
 * how many rows have it and the first few of them (a file with 100 bad rows in one column is
 * one line, not 100).
 */
import type { TableProblemCode } from '../../contracts/error-codes.ts';

export type Problem = {
  row: number | null;
  column: string | null;
  code: TableProblemCode;
  message: string;
};

export type ProblemGroup = {
  column: string | null;
  code: string;
  /** The first problem's message (the server's English; the page shows the code's text). */
  message: string;
  count: number;
  /** The first rows with this problem, ascending (none for a problem of the whole table). */
  rows: number[];
};

/**
 * The code of the last entry of a check that stopped listing problems (after 100, see
 * docs/tables.md): a note that there are more, not a problem of its own.
 */
const MORE_NOT_LISTED = 'TOO_MANY_ERRORS';

/**
 * What a check found: its problems without the note that more were not listed, and whether
 * there was that note (`capped`: every count shown is then a lower bound).
 */
export function listedProblems<P extends Problem>(
  errors: readonly P[],
): { problems: P[]; capped: boolean } {
  const problems = errors.filter((p) => p.code !== MORE_NOT_LISTED);
  return { problems, capped: problems.length < errors.length };
}

/** How many rows each group lists. */
const ROWS_SHOWN = 5;

export function groupProblems(problems: readonly Problem[]): ProblemGroup[] {
  const groups = new Map<string, ProblemGroup>();
  for (const p of problems) {
    const key = JSON.stringify([p.column, p.code]);
    let group = groups.get(key);
    if (!group) {
      group = { column: p.column, code: p.code, message: p.message, count: 0, rows: [] };
      groups.set(key, group);
    }
    group.count++;
    if (p.row !== null) group.rows.push(p.row);
  }
  return [...groups.values()].map((g) => ({
    ...g,
    rows: [...new Set(g.rows)].sort((a, b) => a - b).slice(0, ROWS_SHOWN),
  }));
}
