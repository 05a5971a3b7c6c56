/**
 * A JSON Lines upload with a line past the longest row (16 Mi characters) is refused wherever
 * the line falls among the chunks of the body, with the refusal the upload form gives for the
 * same file. The server used to look at a line's length only where a chunk ended: a line that
 * crossed the limit in the chunk that also ended it was read.
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
const upload = (pieces: string[], url: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { ...alice.headers, 'content-type': 'application/x-ndjson' },
    payload: Readable.from(pieces.map((piece) => Buffer.from(piece))),
  });

describe('a JSON Lines upload with a line one character too long', () => {
  // `[2,"` and `"]` around the text: the line is MAX_ROW_CHARS + 1 characters.
  const text = 'x'.repeat(MAX_ROW_CHARS - 5);
  const half = MAX_ROW_CHARS / 2;
  // Each piece ends where the line is still within the limit; the last one ends the line.
  const pieces = [
    `["id","note"]\n[1,"a"]\n[2,"${text.slice(0, half)}`,
    text.slice(half, MAX_ROW_CHARS - 64),
    `${text.slice(MAX_ROW_CHARS - 64)}"]\n[3,"c"]\n`,
  ];

  it('is refused as the upload form refuses it, and nothing is stored', async () => {
    const file = new File(pieces, 'long.jsonl');
    const draft = await readTableFile(file);
    expect(draft.problems).toEqual([
      {
        row: null,
        column: null,
        code: 'ROW_TOO_LARGE',
        message: `A line is longer than ${MAX_ROW_CHARS} characters`,
      },
    ]);
    const before = await countRows(t, 'datasets');
    const res = await upload(pieces, '/datasets?name=long');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_TABLE',
      details: { errors: draft.problems },
    });
    expect(await countRows(t, 'datasets')).toBe(before);
  });
});
