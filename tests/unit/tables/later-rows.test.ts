import { describe, expect, it } from 'vitest';
import { LARGE_FILE_BYTES, readTableFile } from '../../../src/lib/tables/draft.ts';
import { checkLaterRows } from '../../../src/lib/tables/later-rows.ts';
import { MAX_ROW_CHARS } from '../../../src/lib/tables/rows.ts';
import {
  TableValidationError,
  ingestTable,
  parseCsvStream,
  parseJsonlStream,
} from '../../../src/server/tables/index.ts';
import { LIMITS, bytes, tempStore } from './support.ts';

/** The problems the server finds in a streamed upload of `text`, with `declared` types. */
async function server(name: string, text: string, declared: Record<string, string> = {}) {
  const { blobs } = await tempStore();
  const parsed = name.endsWith('.jsonl')
    ? await parseJsonlStream(bytes(text))
    : await parseCsvStream(bytes(text), { delimiter: name.endsWith('.tsv') ? '\t' : ',' });
  try {
    await ingestTable(blobs, { ...parsed, attributeTypes: declared }, LIMITS);
    return [];
  } catch (error) {
    if (error instanceof TableValidationError) return error.errors;
    throw error;
  }
}

/**
 * What the upload form finds past the sample of the large file `text`: with the types it
 * proposes, and again with `declared` (types changed on the page), as the check asks.
 */
async function form(name: string, text: string, declared: Record<string, 'integer'> = {}) {
  const draft = await readTableFile(new File([text], name));
  expect(draft.sampled).not.toBeNull();
  if (!draft.sampled || !draft.later) throw new Error('not sampled');
  const again = await checkLaterRows(draft.sampled, draft.later, declared);
  expect(again.rows).toBe(draft.totalRows);
  return { draft, problems: again.problems };
}

describe('a large JSON Lines file: past the sample, the upload form refuses what the server refuses', () => {
  const line = `{"id":1,"note":"${'x'.repeat(200)}"}\n`;
  const rows = Math.ceil(LARGE_FILE_BYTES / line.length);
  const bad = rows + 1;

  it.each([
    ['a value its declared type refuses', '{"id":"7a","note":"x"}', 'INVALID_INTEGER'],
    ['a value that is an object', '{"id":2,"note":{"x":1}}', 'INVALID_VALUE'],
    ['a value that is a list', '[2,["a"]]', 'INVALID_VALUE'],
    [
      'two keys naming one column once trimmed',
      '{"id":2,"note":"a"," note":"b"}',
      'DUPLICATE_COLUMN',
    ],
    ['a \\u0000 escape in a string', '{"id":2,"note":"a\\u0000b"}', 'INVALID_CHARACTERS'],
  ])('%s', async (_, row, code) => {
    const text = line.repeat(rows) + `${row}\n` + line.repeat(10);
    const declared = { id: 'integer' } as const;
    const found = await server('a.jsonl', text, declared);
    expect(found.map((e) => [e.row, e.code])).toEqual([[bad, code]]);
    const { problems } = await form('a.jsonl', text, declared);
    expect(problems).toEqual(found);
  });

  it('names a value its declared type refuses only once the type is declared', async () => {
    const text = line.repeat(rows) + '{"id":"7a","note":"x"}\n';
    const { draft, problems } = await form('a.jsonl', text, { id: 'integer' });
    // Proposed, not declared: the server infers the column as text over the whole file.
    expect(draft.problems).toEqual([]);
    expect(await server('a.jsonl', text)).toEqual([]);
    expect(problems).toEqual([
      {
        row: bad,
        column: 'id',
        code: 'INVALID_INTEGER',
        message: `Row ${bad}, column "id": "7a" is not an integer`,
      },
    ]);
  });

  it('reads numbers as the server does: an integer past 2^53 is an integer, 1e400 a value', async () => {
    const text = line.repeat(rows) + '{"id":9007199254740993,"note":1e400}\n';
    expect(await server('a.jsonl', text, { id: 'integer' })).toEqual([]);
    expect((await form('a.jsonl', text, { id: 'integer' })).problems).toEqual([]);
  });

  it('refuses a line longer than the longest row', async () => {
    const long = 'x'.repeat(MAX_ROW_CHARS + (1 << 18));
    const text = line.repeat(rows) + `{"id":2,"note":"${long}"}\n` + line;
    const found = await server('a.jsonl', text);
    expect(found).toEqual([expect.objectContaining({ row: null, code: 'ROW_TOO_LARGE' })]);
    expect((await form('a.jsonl', text)).draft.problems).toEqual(found);
  });

  it('takes a line of 16 Mi characters, refuses one more', { timeout: 60_000 }, async () => {
    // A 中 is one character and three bytes; the line ends inside a chunk of the upload. The
    // line alone makes the file large: the sample is the row before it.
    const note = (n: number) =>
      `{"id":2,"note":"${'中'.repeat(n)}${'x'.repeat(MAX_ROW_CHARS - 18 - n)}"}`;
    const exact = line + `${note(1000)}\n` + line;
    expect(note(1000)).toHaveLength(MAX_ROW_CHARS);
    expect(await server('a.jsonl', exact)).toEqual([]);
    expect((await form('a.jsonl', exact)).draft.problems).toEqual([]);
    const over = exact.replace(note(1000), note(1000) + ' ');
    const found = await server('a.jsonl', over);
    expect(found).toEqual([
      {
        row: null,
        column: null,
        code: 'ROW_TOO_LARGE',
        message: `A line is longer than ${MAX_ROW_CHARS} characters`,
      },
    ]);
    expect((await form('a.jsonl', over)).draft.problems).toEqual(found);
  });
});

describe('a large CSV or TSV file: past the sample, the upload form refuses what the server refuses', () => {
  const line = `1,${'x'.repeat(200)}\n`;
  const rows = Math.ceil(LARGE_FILE_BYTES / line.length);
  const bad = rows + 1;

  it.each([
    ['a value its declared type refuses', 'a.csv', '7a,x', 'INVALID_INTEGER'],
    ['a row of three values', 'a.csv', '2,x,y', 'ROW_LENGTH_MISMATCH'],
    ['a row of three values, in TSV', 'a.tsv', '2\tx\ty', 'ROW_LENGTH_MISMATCH'],
  ])('%s', async (_, name, row, code) => {
    const body = name.endsWith('.tsv') ? line.replace(',', '\t') : line;
    const head = name.endsWith('.tsv') ? 'id\tnote\n' : 'id,note\n';
    const text = head + body.repeat(rows) + `${row}\n` + body.repeat(10);
    const declared = { id: 'integer' } as const;
    const found = await server(name, text, declared);
    expect(found.map((e) => [e.row, e.code])).toEqual([[bad, code]]);
    expect((await form(name, text, declared)).problems).toEqual(found);
  });

  it('refuses a control character, a record past the longest row, a quote never closed', async () => {
    const head = 'id,note\n' + line.repeat(rows);
    const cases = [
      [head + '2,a\u0001b\n', 'INVALID_CHARACTERS'],
      [head + `2,"${'x'.repeat(MAX_ROW_CHARS + (1 << 18))}\n3,y\n`, 'ROW_TOO_LARGE'],
      [head + '2,"never closed\n3,y\n', 'CSV_UNTERMINATED_QUOTE'],
    ] as const;
    for (const [text, code] of cases) {
      const found = await server('a.csv', text);
      expect(found.map((e) => e.code)).toEqual([code]);
      expect((await form('a.csv', text)).draft.problems).toEqual(found);
    }
  });

  it('counts a file that ends inside the sample rows it read at once', async () => {
    const text = 'id,note\n' + line.repeat(rows) + '2,y';
    const { draft } = await form('a.csv', text);
    expect(draft.totalRows).toBe(rows + 1);
    expect(draft.problems).toEqual([]);
  });
});
