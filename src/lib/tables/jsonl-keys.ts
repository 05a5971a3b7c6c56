import type { Problem } from './problems.ts';
import { repeatedKeyOf } from './repeated-keys.ts';
import {
  notAColumnMessage,
  notARowMessage,
  notJsonMessage,
  repeatedKeyMessage,
  rowLengthMessage,
} from './row-messages.ts';

/** Problems listed at most, as the server lists at most 100 (MAX_ERRORS in docs/tables.md). */
const MAX_PROBLEMS = 100;

/**
 * One pass over a JSON Lines file chosen in the upload form: its rows (non-blank lines after a
 * header list), and the problems of every row from `fromRow` on that the server's streamed upload
 * refuses, with its code, row, column and message (row-messages.ts): a line that is not JSON
 * (`INVALID_JSON`), a value that is neither a list nor an object (`ROW_INVALID`), a list of the
 * wrong length (`ROW_LENGTH_MISMATCH`), an object giving a key twice (`DUPLICATE_COLUMN`) or
 * with a key that names no column (`UNKNOWN_COLUMN`: the server takes the columns from the
 * first line, so a key first given by a later row is refused). The form reads only the start of
 * a large file; this tells the user before the upload. The file streams through, line by line,
 * and at most 100 problems are kept. The server stops at the first line that is not JSON (or
 * gives a key twice); this pass names every such line.
 */
export async function scanJsonLines(
  file: Blob,
  attributes: readonly string[],
  options: { header: boolean; fromRow: number },
): Promise<{ rows: number; problems: Problem[] }> {
  // Column names are trimmed; a key names one as given or trimmed (the server's RowShaper).
  const known = new Set(attributes.map((a) => a.trim()));
  const problems: Problem[] = [];
  let lines = 0;
  const take = (line: string) => {
    if (line.trim() === '') return;
    lines += 1;
    const row = options.header ? lines - 1 : lines;
    if (row < options.fromRow || problems.length >= MAX_PROBLEMS) return;
    problems.push(...rowProblems(line, row, known, attributes.length));
  };
  const decoder = new TextDecoder();
  const reader = file.stream().getReader();
  let rest = '';
  for (;;) {
    const { done, value } = await reader.read();
    const text = rest + (done ? decoder.decode() : decoder.decode(value, { stream: true }));
    const parts = text.split('\n');
    rest = done ? '' : (parts.pop() ?? '');
    for (const line of parts) take(line);
    if (done) break;
  }
  const rows = options.header ? Math.max(lines - 1, 0) : lines;
  return { rows, problems: problems.slice(0, MAX_PROBLEMS) };
}

const problem = (row: number, column: string | null, code: string, message: string) => ({
  row,
  column,
  code,
  message,
});

/** What the server's reader and row check say of one line, row `row`; none for a row it takes. */
function rowProblems(
  line: string,
  row: number,
  known: ReadonlySet<string>,
  columns: number,
): Problem[] {
  let value: unknown;
  try {
    // Which lines are JSON, and their shapes and keys, are the same as parseTableJson's.
    value = JSON.parse(line);
  } catch {
    return [problem(row, null, 'INVALID_JSON', notJsonMessage(row))];
  }
  if (Array.isArray(value)) {
    return value.length === columns
      ? []
      : [problem(row, null, 'ROW_LENGTH_MISMATCH', rowLengthMessage(row, value.length, columns))];
  }
  if (typeof value !== 'object' || value === null) {
    return [problem(row, null, 'ROW_INVALID', notARowMessage(row))];
  }
  const repeated = repeatedKeyOf(line, value);
  if (repeated !== null) {
    return [problem(row, repeated, 'DUPLICATE_COLUMN', repeatedKeyMessage(row, repeated))];
  }
  return Object.keys(value)
    .filter((key) => !known.has(key) && !known.has(key.trim()))
    .map((key) => problem(row, key, 'UNKNOWN_COLUMN', notAColumnMessage(row, key)));
}
