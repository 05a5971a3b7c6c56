/**
 * An upload with a row past the longest row (16 Mi characters: a JSON Lines line, a CSV
 * record's fields) is refused wherever it falls among the chunks of the body, with the refusal
 * the upload form gives for the same file. The server used to look at a row's length only where
 * a chunk ended: a row that crossed the limit in the chunk that also ended it was stored.
 */
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTableFile } from '../../../src/lib/tables/draft.ts';
import { MAX_ROW_CHARS } from '../../../src/lib/tables/rows.ts';
import { createTestApp, type TestApp } from '../../support/app.ts';
import { addUser, countRows, type TestUser } from '../../support/api.ts';

let t: TestApp;
let alice: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  alice = await addUser(t, 'alice');
});
afterAll(() => t.close());

/** A streamed upload whose body arrives in `pieces`, as a client sending it in parts. */
const upload = (pieces: string[], type: string, name: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/datasets?name=${name}`,
    headers: { ...alice.headers, 'content-type': type },
    payload: Readable.from(pieces.map((piece) => Buffer.from(piece))),
  });

/**
 * A file of two columns whose second row is one character too long: `[2,"x…x"]` or `2,x…x`.
 * Each piece ends where the row is still within the limit; the last one ends the row.
 */
function tooLong(format: 'jsonl' | 'csv'): string[] {
  const jsonl = format === 'jsonl';
  const text = 'x'.repeat(jsonl ? MAX_ROW_CHARS - 5 : MAX_ROW_CHARS);
  const half = MAX_ROW_CHARS / 2;
  return [
    jsonl
      ? `["id","note"]\n[1,"a"]\n[2,"${text.slice(0, half)}`
      : `id,note\n1,a\n2,${text.slice(0, half)}`,
    text.slice(half, MAX_ROW_CHARS - 64),
    `${text.slice(MAX_ROW_CHARS - 64)}${jsonl ? '"]\n[3,"c"]\n' : '\n3,c\n'}`,
  ];
}

describe('an upload with a row one character too long', () => {
  it.each([
    ['jsonl', 'application/x-ndjson', null, 'A line is longer than'],
    ['csv', 'text/csv', 2, 'A row is longer than'],
  ] as const)(
    '%s: refused as the upload form refuses it, nothing stored',
    async (format, type, row, words) => {
      const pieces = tooLong(format);
      const draft = await readTableFile(new File(pieces, `long.${format}`));
      expect(draft.problems).toEqual([
        {
          row,
          column: null,
          code: 'ROW_TOO_LARGE',
          message: `${words} ${MAX_ROW_CHARS} characters`,
        },
      ]);
      const before = await countRows(t, 'datasets');
      const res = await upload(pieces, type, `long-${format}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'INVALID_TABLE',
        details: { errors: draft.problems },
      });
      expect(await countRows(t, 'datasets')).toBe(before);
    },
  );
});
