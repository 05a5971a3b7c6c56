import type { Problem } from './problems.ts';

/** Problems listed at most, as the server lists at most 100 (MAX_ERRORS in docs/tables.md). */
const MAX_PROBLEMS = 100;

/**
 * One pass over a JSON Lines file chosen in the upload form: its rows (non-blank lines after a
 * header list), and every object row from `fromRow` on with a key that names no column, as the
 * server's streamed upload reports it (`UNKNOWN_COLUMN`, `Row 3: "b" is not a column`). The
 * server takes the columns from the first line, so a key first given by a later row is refused;
 * the form reads only the start of a large file, and this tells the user before the upload.
 * A line that is not JSON is skipped here: the upload names it.
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
    for (const key of objectKeys(line)) {
      if (known.has(key) || known.has(key.trim())) continue;
      const message = `Row ${row}: ${quoted(key)} is not a column`;
      problems.push({ row, column: key, code: 'UNKNOWN_COLUMN', message });
    }
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
  return { rows: options.header ? Math.max(lines - 1, 0) : lines, problems };
}

/** A key as the server's messages quote it: JSON text, cut after 40 characters. */
const quoted = (key: string) => JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key);

/** The keys of a line holding a JSON object; none for a list, other JSON, or no JSON. */
function objectKeys(line: string): string[] {
  if (!line.trimStart().startsWith('{')) return [];
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null ? Object.keys(value) : [];
  } catch {
    return [];
  }
}
